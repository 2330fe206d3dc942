import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AnswerGroupsResponse,
  GroupMarkBody,
  GroupMarkResponse,
} from '../../../shared/answer-groups';
import type { RubricResponse } from '../../../shared/review';
import { api } from '../../lib/api';

const at = (code: string) => `/api/assignments/${encodeURIComponent(code)}`;
const groupsUrl = (code: string, number: string) =>
  `${at(code)}/questions/${encodeURIComponent(number)}/groups`;
const key = (code: string, number: string) => ['assignments', code, 'groups', number] as const;

/** The assignment's questions (numbers and marks), from its rubric. */
export function useQuestions(code: string) {
  return useQuery({
    queryKey: ['assignments', code, 'rubric'],
    queryFn: () => api<RubricResponse>(`${at(code)}/rubric`),
    select: (r) => r.questions.map((q) => ({ number: q.number, total: q.total })),
  });
}

/** One question's answer groups from the latest grading run, with the marks as they stand. */
export function useAnswerGroups(code: string, number: string | null) {
  return useQuery({
    queryKey: key(code, number ?? ''),
    queryFn: () => api<AnswerGroupsResponse>(groupsUrl(code, number!)),
    enabled: number !== null,
  });
}

/** Everything whose marks a group mark changes: the groups, the grades list, the agreement. */
function useRefresh(code: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['assignments', code] });
}

/** Marks every answer of a group (less those taken out; her own marks stand). */
export function useMarkGroup(code: string, number: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ group, body }: { group: string; body: GroupMarkBody }) =>
      api<GroupMarkResponse>(`${groupsUrl(code, number)}/${encodeURIComponent(group)}/marks`, {
        method: 'POST',
        json: body,
      }),
    onSuccess: () => refresh(),
  });
}

/** Marks one answer of a group on its own: the same as marking it in its details. */
export function useMarkAnswer(code: string, number: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ id, marks }: { id: string; marks: number }) =>
      api<unknown>(
        `${at(code)}/submissions/${encodeURIComponent(id)}/questions/${encodeURIComponent(number)}`,
        { method: 'PUT', json: { marks } },
      ),
    onSuccess: () => refresh(),
  });
}
