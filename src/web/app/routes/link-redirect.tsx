import { Navigate, useLocation } from 'react-router';

/**
 * /join/:code and /invitations/:token, the short links in emails and on the board: the same
 * pages under /dashboard, which first asks a signed-out visitor to sign in or sign up.
 */
export function Component() {
  const { pathname } = useLocation();
  return <Navigate to={`/dashboard${pathname}`} replace />;
}
