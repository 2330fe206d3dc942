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

/** Signs out, goes to the landing page and forgets every cached answer that belonged to the user. */
export function useSignOut() {
  const client = useQueryClient();
  const navigate = useNavigate();
  return async () => {
    let signedOut = true;
    try {
      await signOut();
    } catch (err) {
      // The spec only logs a failed sign-out; the landing page then shows the real session state.
      console.error('sign-out failed', err);
      signedOut = false;
    }
    // Leave the dashboard first: its guard would otherwise send a signed-out user to /signup.
    await navigate('/', { replace: true });
    if (signedOut) client.setQueryData(meQueryKey, null);
    else await client.invalidateQueries({ queryKey: meQueryKey });
    client.removeQueries({
      predicate: (q) => q.queryKey[0] !== meQueryKey[0] && q.queryKey[0] !== 'public-config',
    });
  };
}
