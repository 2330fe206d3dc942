import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { fetchMe, meQueryKey, signOut } from './auth-api';

/** Re-reads /api/me after a sign-in and stores it, so the page guards send the user on. */
export function useLoadSession() {
  const client = useQueryClient();
  return async () => {
    const me = await fetchMe();
    client.setQueryData(meQueryKey, me);
    return me;
  };
}

/**
 * Signs out and goes to the landing page. On success the page is loaded afresh, so nothing the
 * previous user saw stays in memory and no page guard can act on the half-changed session (a
 * guard seeing "signed out" before the landing page rendered would send the user to /signup).
 */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    try {
      await signOut();
    } catch (err) {
      // The spec only logs a failed sign-out; the landing page then shows the real session state.
      console.error('sign-out failed', err);
      await navigate('/', { replace: true });
      await client.invalidateQueries({ queryKey: meQueryKey });
      return;
    }
    window.location.replace('/');
  };
}
