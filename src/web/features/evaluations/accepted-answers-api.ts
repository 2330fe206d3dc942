import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptedAnswer,
  AcceptedAnswerBody,
  AcceptedAnswersResponse,
} from '../../../shared/accepted-answers';
import { api } from '../../lib/api';

const url = (code: string) => `/api/assignments/${encodeURIComponent(code)}/accepted-answers`;
const key = (code: string) => ['assignments', code, 'accepted-answers'] as const;

/** The answers the teacher accepted as right on the assignment, by question. */
export function useAcceptedAnswers(code: string) {
  return useQuery({
    queryKey: key(code),
    queryFn: () => api<AcceptedAnswersResponse>(url(code)),
  });
}

/** Accepts an answer as right for a question; the next evaluation credits answers like it. */
export function useAcceptAnswer(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptedAnswerBody) =>
      api<AcceptedAnswer>(url(code), { method: 'POST', json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(code) }),
  });
}

/** Removes an accepted answer; the next evaluation no longer credits answers like it. */
export function useRemoveAcceptedAnswer(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api<void>(`${url(code)}/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: key(code) }),
  });
}
