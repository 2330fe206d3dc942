import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import type { MeResponse, Role } from '../../../shared/api';
import { LoadingScreen } from '../../components/ui/loading-screen';
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

/** Log-in and sign-up pages: a signed-in user is sent on to /role. */
export function GuestOnly({ children }: { children: ReactNode }) {
  return <SessionGate redirectTo={(me) => (me ? '/role' : null)}>{() => children}</SessionGate>;
}

/** The role page: needs a session (else /signup) and no role yet (else /dashboard). */
export function RequireNoRole({ children }: { children: (me: MeResponse) => ReactNode }) {
  return (
    <SessionGate<MeResponse> redirectTo={(me) => (!me ? '/signup' : me.role ? '/dashboard' : null)}>
      {children}
    </SessionGate>
  );
}

/** The dashboard: needs a session (else /signup) and a chosen role (else /role). */
export function RequireRole({
  children,
}: {
  children: (me: MeResponse & { role: Role }) => ReactNode;
}) {
  return (
    <SessionGate<MeResponse & { role: Role }>
      redirectTo={(me) => (!me ? '/signup' : !me.role ? '/role' : null)}
    >
      {children}
    </SessionGate>
  );
}
