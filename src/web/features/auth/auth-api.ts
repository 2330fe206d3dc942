import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, PublicConfigResponse, SessionResponse } from '../../../shared/api';
import { api } from '../../lib/api';

export const meQueryKey = ['me'] as const;

/** Reads /api/session: the signed-in user, or null when nobody is signed in (no 401 to log). */
export async function fetchMe(): Promise<MeResponse | null> {
  return (await api<SessionResponse>('/api/session')).user;
}

/** The signed-in user (null when signed out); role read from the server, never from the client. */
export function useMe() {
  return useQuery({ queryKey: meQueryKey, queryFn: fetchMe, staleTime: 60_000 });
}

/** What this deployment offers: the external sign-in label (when configured), support contacts. */
export function usePublicConfig() {
  return useQuery({
    queryKey: ['public-config'],
    queryFn: () => api<PublicConfigResponse>('/api/config/public'),
    staleTime: Infinity,
  });
}

/** Re-reads /api/me after the session changed (sign-in, sign-out, role chosen). */
export function useRefreshMe() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: meQueryKey });
}

export const signUpWithEmail = (name: string, email: string, password: string) =>
  api('/api/auth/sign-up/email', { method: 'POST', json: { name, email, password } });

export const signInWithEmail = (email: string, password: string) =>
  api('/api/auth/sign-in/email', { method: 'POST', json: { email, password } });

/** Asks for a reset email; the answer is the same whether an account uses the address or not. */
export const requestPasswordReset = (email: string) =>
  api('/api/auth/request-password-reset', { method: 'POST', json: { email } });

/** Sets a new password with the token from the reset email (it works once, for an hour). */
export const resetPassword = (token: string, newPassword: string) =>
  api('/api/auth/reset-password', { method: 'POST', json: { token, newPassword } });

export const signOut = () => api('/api/auth/sign-out', { method: 'POST', json: {} });

/**
 * Starts the OpenID Connect sign-in: the browser leaves for the provider and comes back to /role
 * (with the page wanted as `?next=`),
 * or to `errorPath` with an `error` parameter when the provider refuses. better-auth serves generic
 * OAuth providers through its social sign-in endpoint.
 */
export async function signInWithOidc(
  errorPath = '/login',
  next: string | null = null,
): Promise<void> {
  const origin = window.location.origin;
  const back = next ? `/role?next=${encodeURIComponent(next)}` : '/role';
  const res = await api<{ url: string }>('/api/auth/sign-in/social', {
    method: 'POST',
    json: {
      provider: 'oidc',
      callbackURL: `${origin}${back}`,
      errorCallbackURL: `${origin}${errorPath}`,
    },
  });
  window.location.assign(res.url);
}

export const chooseRole = (role: 'teacher' | 'student') =>
  api<MeResponse>('/api/me/role', { method: 'PUT', json: { role } });
