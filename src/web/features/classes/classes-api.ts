import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ClassDetail,
  ClassListResponse,
  CreateClassBody,
  InvitationView,
  InviteResponse,
  JoinClassResponse,
  RosterResponse,
} from '../../../shared/classes';
import { api } from '../../lib/api';

const at = (id: string) => `/api/classes/${encodeURIComponent(id)}`;

/** Cache keys: everything of classes sits under ['classes']; a join also changes the dashboard. */
export const classKeys = {
  all: ['classes'] as const,
  list: () => ['classes', 'list'] as const,
  detail: (id: string) => ['classes', id, 'detail'] as const,
  roster: (id: string) => ['classes', id, 'roster'] as const,
};

/** Forgets cached classes and assignments (a class change can change both). */
function useInvalidate() {
  const client = useQueryClient();
  return async () => {
    await client.invalidateQueries({ queryKey: classKeys.all });
    await client.invalidateQueries({ queryKey: ['assignments'] });
  };
}

/** The user's classes, current and archived. */
export const useClasses = () =>
  useQuery({ queryKey: classKeys.list(), queryFn: () => api<ClassListResponse>('/api/classes') });

/** One class as the user may see it. */
export const useClass = (id: string) =>
  useQuery({ queryKey: classKeys.detail(id), queryFn: () => api<ClassDetail>(at(id)) });

/** The roster (the class's teachers only). */
export const useRoster = (id: string, enabled: boolean) =>
  useQuery({
    queryKey: classKeys.roster(id),
    queryFn: () => api<RosterResponse>(`${at(id)}/roster`),
    enabled,
  });

/** A mutation that refreshes classes and assignments once it succeeds. */
function useClassMutation<A, R>(fn: (arg: A) => Promise<R>) {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: fn, onSuccess: invalidate });
}

export const useCreateClass = () =>
  useClassMutation((body: CreateClassBody) =>
    api<ClassDetail>('/api/classes', { method: 'POST', json: body }),
  );

export const useSetArchived = (id: string) =>
  useClassMutation((archived: boolean) =>
    api<ClassDetail>(`${at(id)}/${archived ? 'archive' : 'restore'}`, { method: 'POST' }),
  );

export const useInvite = (id: string) =>
  useClassMutation((addresses: string) =>
    api<InviteResponse>(`${at(id)}/invitations`, { method: 'POST', json: { addresses } }),
  );

export const useRemoveStudent = (id: string) =>
  useClassMutation((userId: string) =>
    api<void>(`${at(id)}/students/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

export const useAddCoTeacher = (id: string) =>
  useClassMutation((email: string) =>
    api<ClassDetail>(`${at(id)}/co-teachers`, { method: 'POST', json: { email } }),
  );

export const useRemoveCoTeacher = (id: string) =>
  useClassMutation((userId: string) =>
    api<void>(`${at(id)}/co-teachers/${encodeURIComponent(userId)}`, { method: 'DELETE' }),
  );

export const useJoinClass = () =>
  useClassMutation((code: string) =>
    api<JoinClassResponse>('/api/classes/join', { method: 'POST', json: { code } }),
  );

/** What an invitation link is for. */
export const useInvitation = (token: string) =>
  useQuery({
    queryKey: ['invitations', token],
    queryFn: () => api<InvitationView>(`/api/invitations/${encodeURIComponent(token)}`),
    retry: false,
  });

export const useAcceptInvitation = (token: string) =>
  useClassMutation(() =>
    api<JoinClassResponse>(`/api/invitations/${encodeURIComponent(token)}/accept`, {
      method: 'POST',
    }),
  );
