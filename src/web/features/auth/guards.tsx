import type { ReactNode } from 'react';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import type { MeResponse, Role } from '../../../shared/api';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { NEXT_PARAM, safeNext, withNext } from '../../lib/return-to';
import { useMe } from './auth-api';
import { SessionError } from './session-error';

type Me = MeResponse | null;

/** Waits for the session, then either redirects (when `redirectTo` names a path) or renders. */
function SessionGate<T extends Me>({
  redirectTo,
  children,
}: {
  redirectTo: (me: Me) => string | null;
  children: (me: T) => ReactNode;
}) {
  const { data, isPending, isError, refetch } = useMe();
  if (isPending) return <LoadingScreen />;
  if (isError) return <SessionError onRetry={() => void refetch()} />;
  const to = redirectTo(data);
  if (to) return <Navigate to={to} replace />;
  return <>{children(data as T)}</>;
}

/** The page a signed-out visitor asked for, carried through sign-in as `?next=` (dashboard paths only). */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNext(params.get(NEXT_PARAM));
}

/** Log-in and sign-up pages: a signed-in user is sent on to /role, keeping the page they wanted. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const next = useNextPath();
  return (
    <SessionGate redirectTo={(me) => (me ? withNext('/role', next) : null)}>
      {() => children}
    </SessionGate>
  );
}

/**
 * The role page: needs a session (else log-in) and no role yet; with a role, on to the page
 * wanted before signing in, or /dashboard.
 */
export function RequireNoRole({ children }: { children: (me: MeResponse) => ReactNode }) {
  const next = useNextPath();
  return (
    <SessionGate<MeResponse>
      redirectTo={(me) =>
        !me ? withNext('/login', next) : me.role ? (next ?? '/dashboard') : null
      }
    >
      {children}
    </SessionGate>
  );
}

/**
 * The dashboard: needs a session (else log-in, which returns here afterwards) and a chosen role
 * (else /role).
 */
export function RequireRole({
  children,
}: {
  children: (me: MeResponse & { role: Role }) => ReactNode;
}) {
  const { pathname, search, hash } = useLocation();
  const here = `${pathname}${search}${hash}`;
  return (
    <SessionGate<MeResponse & { role: Role }>
      redirectTo={(me) =>
        !me ? withNext('/login', here) : !me.role ? withNext('/role', here) : null
      }
    >
      {children}
    </SessionGate>
  );
}
