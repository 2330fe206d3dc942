import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AssignmentDetail,
  AssignmentListResponse,
  JoinAssignmentResponse,
  SubmissionRow,
  SubmissionsResponse,
  UpdateAssignmentBody,
} from '../../../shared/assignments';
import type { ClassListResponse } from '../../../shared/classes';
import { api, ApiError } from '../../lib/api';

const base = '/api/assignments';
const at = (code: string) => `${base}/${encodeURIComponent(code)}`;

/** Cache keys: everything of one assignment sits under ['assignments', code]. */
export const assignmentKeys = {
  all: ['assignments'] as const,
  list: () => ['assignments', 'list'] as const,
  detail: (code: string) => ['assignments', code, 'detail'] as const,
  submissions: (code: string) => ['assignments', code, 'submissions'] as const,
};

/** The dashboard cards: the teacher's own or the student's joined assignments. */
export function useAssignmentList() {
  return useQuery({
    queryKey: assignmentKeys.list(),
    queryFn: () => api<AssignmentListResponse>(base),
  });
}

/** One assignment as the signed-in user may see it (owner or joined student). */
export function useAssignment(code: string) {
  return useQuery({
    queryKey: assignmentKeys.detail(code),
    queryFn: () => api<AssignmentDetail>(at(code)),
  });
}

/** The teacher's own classes that are not archived: where a new assignment may go. */
export function useOwnClasses(enabled = true) {
  return useQuery({
    queryKey: ['classes', 'list'],
    queryFn: () => api<ClassListResponse>('/api/classes'),
    enabled,
    select: (list) => list.active.filter((c) => c.role === 'owner'),
  });
}

/** The grades table rows (all for the owner; only their own for a student). */
export function useSubmissions(code: string) {
  return useQuery({
    queryKey: assignmentKeys.submissions(code),
    queryFn: () => api<SubmissionsResponse>(`${at(code)}/submissions`),
  });
}

/** Forgets every cached assignment so lists, details and tables are read again. */
export function useInvalidateAssignments() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: assignmentKeys.all });
}

/** PATCH the assignment's details (owner). */
export function useUpdateAssignment(code: string) {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: (body: UpdateAssignmentBody) =>
      api<AssignmentDetail>(at(code), { method: 'PATCH', json: body }),
    onSuccess: invalidate,
  });
}

/** DELETE the assignment with its submissions and files (owner). */
export function useDeleteAssignment(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<unknown>(at(code), { method: 'DELETE' }),
    onSuccess: async () => {
      client.removeQueries({ queryKey: ['assignments', code] });
      await client.invalidateQueries({ queryKey: assignmentKeys.list() });
    },
  });
}

/** Joins an assignment by its class code (student). */
export function useJoinAssignment() {
  const invalidate = useInvalidateAssignments();
  return useMutation({
    mutationFn: async (code: string) => {
      try {
        return await api<JoinAssignmentResponse>(`${base}/join`, {
          method: 'POST',
          json: { code },
        });
      } catch (err) {
        // Not an assignment's code: perhaps a class's (the same box takes both).
        if (!(err instanceof ApiError) || err.status !== 404) throw err;
        await api('/api/classes/join', { method: 'POST', json: { code } });
        return null;
      }
    },
    onSuccess: invalidate,
  });
}

/** Sets a submission's marks by hand (owner). */
export function useSetMarks(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, marks }: { id: string; marks: number }) =>
      api<SubmissionRow>(`${at(code)}/submissions/${encodeURIComponent(id)}/marks`, {
        method: 'PUT',
        json: { marks },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: assignmentKeys.submissions(code) }),
  });
}

/** Where the create form and the answer upload post their multipart bodies. */
export const uploadUrls = {
  create: base,
  submission: (code: string) => `${at(code)}/submission`,
};
