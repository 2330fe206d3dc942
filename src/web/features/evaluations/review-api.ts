import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SubmissionDetail } from '../../../shared/evaluations';
import type {
  Agreement,
  NoticesResponse,
  PublishResponse,
  QuestionFeedbackBody,
  QuestionMarkBody,
  RegradeRequest,
  ReviewSettingsBody,
  RubricChangeResponse,
  RubricItemBody,
  RubricItemPatch,
  RubricResponse,
} from '../../../shared/review';
import { api } from '../../lib/api';

const at = (code: string) => `/api/assignments/${encodeURIComponent(code)}`;

/** Every change of marks refreshes the assignment's cached data (table, details, stats). */
function useRefresh(code: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['assignments', code] });
}

/** Publishes the marks of every marked answer, or of the listed ones. */
export function usePublish(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (submissionIds?: string[]) =>
      api<PublishResponse>(`${at(code)}/publish`, { method: 'POST', json: { submissionIds } }),
    onSuccess: refresh,
  });
}

/** Keeps what the student sees: the published marks become the current ones again. */
export function useRejectChanges(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (id: string) =>
      api<SubmissionDetail>(`${at(code)}/submissions/${encodeURIComponent(id)}/reject-changes`, {
        method: 'POST',
        json: {},
      }),
    onSuccess: refresh,
  });
}

/** The teacher's marks and comment for one question of one answer. */
export function useSetQuestionMark(code: string, id: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ number, body }: { number: string; body: QuestionMarkBody }) =>
      api<SubmissionDetail>(
        `${at(code)}/submissions/${encodeURIComponent(id)}/questions/${encodeURIComponent(number)}`,
        { method: 'PUT', json: body },
      ),
    onSuccess: refresh,
  });
}

/** The teacher's words in place of the engine's feedback on one question, or none (hidden). */
export function useSetQuestionFeedback(code: string, id: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ number, body }: { number: string; body: QuestionFeedbackBody }) =>
      api<SubmissionDetail>(
        `${at(code)}/submissions/${encodeURIComponent(id)}/questions/${encodeURIComponent(number)}/feedback`,
        { method: 'PUT', json: body },
      ),
    onSuccess: refresh,
  });
}

/** The teacher's overall comment on one answer. */
export function useSetComment(code: string, id: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (comment: string | null) =>
      api<SubmissionDetail>(`${at(code)}/submissions/${encodeURIComponent(id)}/comment`, {
        method: 'PUT',
        json: { comment },
      }),
    onSuccess: refresh,
  });
}

/** Comments already written on this assignment, to reuse. */
export function useSavedComments(code: string) {
  return useQuery({
    queryKey: ['assignments', code, 'comments'],
    queryFn: () => api<{ comments: string[] }>(`${at(code)}/comments`),
  });
}

export function useReviewSettings(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (body: ReviewSettingsBody) =>
      api(`${at(code)}/review-settings`, { method: 'PUT', json: body }),
    onSuccess: refresh,
  });
}

/** Regrade requests: all of the assignment's for its teacher, one's own for a student. */
export function useRegradeRequests(code: string) {
  return useQuery({
    queryKey: ['assignments', code, 'regrades'],
    queryFn: () => api<{ requests: RegradeRequest[] }>(`${at(code)}/regrade-requests`),
  });
}

export function useAskRegrade(code: string, id: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (body: { question: string; reason: string }) =>
      api<RegradeRequest>(`${at(code)}/submissions/${encodeURIComponent(id)}/regrade-requests`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: refresh,
  });
}

export function useAnswerRegrade(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ id, response, marks }: { id: string; response: string; marks?: number }) =>
      api<RegradeRequest>(`${at(code)}/regrade-requests/${encodeURIComponent(id)}/answer`, {
        method: 'POST',
        json: { response, marks },
      }),
    onSuccess: refresh,
  });
}

/** The signed-in user's notices (marks published or changed, regrade answers). */
export function useNotices() {
  return useQuery({
    queryKey: ['notices'],
    queryFn: () => api<NoticesResponse>('/api/notices'),
    refetchInterval: 60_000,
  });
}

export function useMarkNoticesRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api('/api/notices/read', { method: 'POST', json: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['notices'] }),
  });
}

/** The assignment's rubric (made from the key points the first time it is asked for). */
export function useRubric(code: string, enabled = true) {
  return useQuery({
    queryKey: ['assignments', code, 'rubric'],
    queryFn: () => api<RubricResponse>(`${at(code)}/rubric`),
    enabled,
  });
}

/** Adds, changes or removes a rubric item; the answers it re-scored come back in `moved`. */
export function useRubricChange(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (
      change:
        | { kind: 'add'; body: RubricItemBody }
        | { kind: 'update'; id: string; body: RubricItemPatch }
        | { kind: 'delete'; id: string },
    ) => {
      const base = `${at(code)}/rubric/items`;
      if (change.kind === 'add')
        return api<RubricChangeResponse>(base, { method: 'POST', json: change.body });
      const url = `${base}/${encodeURIComponent(change.id)}`;
      return change.kind === 'update'
        ? api<RubricChangeResponse>(url, { method: 'PATCH', json: change.body })
        : api<RubricChangeResponse>(url, { method: 'DELETE' });
    },
    onSuccess: refresh,
  });
}

/** How close the AI's proposals are to the teacher's marks, where both exist. */
export function useAgreement(code: string) {
  return useQuery({
    queryKey: ['assignments', code, 'agreement'],
    queryFn: () => api<Agreement>(`${at(code)}/agreement`),
  });
}
