import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ExtensionBody,
  ExtensionListResponse,
  LatePolicy,
  LatePolicyInput,
} from '../../../shared/late-work';
import { api } from '../../lib/api';

const at = (code: string) => `/api/assignments/${encodeURIComponent(code)}`;
const extensionsKey = (code: string) => ['assignments', code, 'extensions'] as const;

/** A change of late work refreshes everything of the assignment (table, details, this list). */
function useRefresh(code: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ['assignments', code] });
}

/** Saves whether late hand-ins are accepted, until when, and the penalty. */
export function useSaveLatePolicy(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (body: LatePolicyInput) =>
      api<LatePolicy>(`${at(code)}/late-policy`, { method: 'PUT', json: body }),
    onSuccess: refresh,
  });
}

/** The joined students with their own deadlines (owner only). */
export function useExtensions(code: string) {
  return useQuery({
    queryKey: extensionsKey(code),
    queryFn: () => api<ExtensionListResponse>(`${at(code)}/extensions`),
  });
}

/** Gives (or moves) one student's extension. */
export function useSetExtension(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: ({ studentId, body }: { studentId: string; body: ExtensionBody }) =>
      api<void>(`${at(code)}/extensions/${encodeURIComponent(studentId)}`, {
        method: 'PUT',
        json: body,
      }),
    onSuccess: refresh,
  });
}

/** Takes one student's extension away. */
export function useClearExtension(code: string) {
  const refresh = useRefresh(code);
  return useMutation({
    mutationFn: (studentId: string) =>
      api<void>(`${at(code)}/extensions/${encodeURIComponent(studentId)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}
