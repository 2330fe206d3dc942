import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  EmailSettingBody,
  EmailSettingsResponse,
  OutboxMessage,
  OutboxResponse,
  UnsubscribeResponse,
} from '../../../shared/notifications';
import { api } from '../../lib/api';

const settingsKey = ['email-settings'] as const;

/** The kinds of email that concern the user, each on or off. */
export function useEmailSettings() {
  return useQuery({
    queryKey: settingsKey,
    queryFn: () => api<EmailSettingsResponse>('/api/me/email-settings'),
  });
}

/** Turns one kind of email on or off; the switch moves at once and moves back if saving fails. */
export function useChangeEmailSetting() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: EmailSettingBody) =>
      api<EmailSettingsResponse>('/api/me/email-settings', { method: 'PUT', json: body }),
    onMutate: (body) => {
      const before = client.getQueryData<EmailSettingsResponse>(settingsKey);
      if (before)
        client.setQueryData<EmailSettingsResponse>(settingsKey, {
          kinds: before.kinds.map((k) =>
            k.kind === body.kind ? { ...k, enabled: body.enabled } : k,
          ),
        });
      return { before };
    },
    onError: (_err, _body, context) => client.setQueryData(settingsKey, context?.before),
    onSuccess: (next) => client.setQueryData(settingsKey, next),
  });
}

/** Turns off the kind of email an unsubscribe link names (no session needed). */
export const unsubscribe = (token: string) =>
  api<UnsubscribeResponse>('/api/unsubscribe', { method: 'POST', json: { token } });

/** Asks for the address confirmation email again. */
export const resendVerification = (email: string) =>
  api<{ status: boolean }>('/api/auth/send-verification-email', {
    method: 'POST',
    json: { email, callbackURL: '/dashboard?verified=1' },
  });

/** The operator's outbox: the newest messages of a status (or all) and the counts. */
export function useOutbox(status: string) {
  const query = status ? `?status=${encodeURIComponent(status)}` : '';
  return useQuery({
    queryKey: ['outbox', status],
    queryFn: () => api<OutboxResponse>(`/api/operator/mail${query}`),
  });
}

/** One message of the outbox, whole. */
export function useOutboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['outbox-message', id],
    queryFn: () => api<OutboxMessage>(`/api/operator/mail/${encodeURIComponent(id!)}`),
    enabled: id !== null,
  });
}
