import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  isActiveRun,
  type EvaluationRun,
  type LatestEvaluationResponse,
  type SubmissionDetail,
} from '../../../shared/evaluations';
import { api } from '../../lib/api';

/** How often the grades table asks for a run's progress while it is queued or running. */
export const POLL_MS = 700;

const at = (code: string) => `/api/assignments/${encodeURIComponent(code)}`;

/**
 * Cache keys, nested under ['assignments', code] like the rest of an assignment's data, so that
 * refreshing an assignment (or its submissions, after a mark is edited) refreshes these too.
 */
export const evaluationKeys = {
  latest: (code: string) => ['assignments', code, 'evaluations', 'latest'] as const,
  submission: (code: string, id: string) => ['assignments', code, 'submissions', id] as const,
};

/**
 * The assignment's newest grading run (owner only), polled every POLL_MS while it is active.
 * `onFinished` runs once when a run seen active on this page stops (finished, failed, cancelled, or
 * waiting for its changes to be applied), with the run as it stopped.
 */
export function useLatestRun(
  code: string,
  { onFinished }: { onFinished?: (run: EvaluationRun | null) => void } = {},
) {
  const query = useQuery({
    queryKey: evaluationKeys.latest(code),
    queryFn: () => api<LatestEvaluationResponse>(`${at(code)}/evaluations/latest`),
    refetchInterval: (q) => (isActiveRun(q.state.data?.run) ? POLL_MS : false),
  });
  const run = query.data?.run ?? null;
  const wasActive = useRef(false);
  const finished = useRef(onFinished);
  const current = useRef(run);
  useEffect(() => {
    finished.current = onFinished;
    current.current = run;
  });
  const active = isActiveRun(run);
  useEffect(() => {
    if (wasActive.current && !active) finished.current?.(current.current);
    wasActive.current = active;
  }, [active, run?.id]);
  return query;
}

/** "Evaluate Now!": starts a run, or joins the one already running; the reply starts the polling. */
export function useStartEvaluation(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<LatestEvaluationResponse>(`${at(code)}/evaluations`, { method: 'POST', json: {} }),
    onSuccess: (data) => client.setQueryData(evaluationKeys.latest(code), data),
  });
}

/** "Stop evaluation": cancels the active run; answers graded before keep their marks. */
export function useCancelEvaluation(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<LatestEvaluationResponse>(`${at(code)}/evaluations/cancel`, {
        method: 'POST',
        json: {},
      }),
    onSuccess: (data) => client.setQueryData(evaluationKeys.latest(code), data),
    onError: () => client.invalidateQueries({ queryKey: evaluationKeys.latest(code) }),
  });
}

/** One submission with the engine's explanation (owner, or the student who made it). */
export function useSubmissionDetail(code: string, id: string) {
  return useQuery({
    queryKey: evaluationKeys.submission(code, id),
    queryFn: () => api<SubmissionDetail>(`${at(code)}/submissions/${encodeURIComponent(id)}`),
  });
}

/** Applies the changes a re-run waits with: the run goes on to write its results. */
export function useConfirmEvaluation(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<LatestEvaluationResponse>(`${at(code)}/evaluations/confirm`, {
        method: 'POST',
        json: {},
      }),
    onSuccess: (data) => client.setQueryData(evaluationKeys.latest(code), data),
    onError: () => client.invalidateQueries({ queryKey: evaluationKeys.latest(code) }),
  });
}

/** Undoes the last finished run; the answers' marks and explanations are reloaded. */
export function useUndoEvaluation(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<LatestEvaluationResponse>(`${at(code)}/evaluations/undo`, { method: 'POST', json: {} }),
    onSuccess: async (data) => {
      client.setQueryData(evaluationKeys.latest(code), data);
      await client.invalidateQueries({ queryKey: ['assignments', code] });
    },
    onError: () => client.invalidateQueries({ queryKey: evaluationKeys.latest(code) }),
  });
}
