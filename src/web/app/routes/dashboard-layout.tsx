import { Outlet } from 'react-router';
import { RequireRole } from '../../features/auth/guards';
import { useSignOut } from '../../features/auth/session';
import { VerifyBanner } from '../../features/email/verify-banner';
import { DashboardShell } from '../../features/shell/dashboard-shell';

/** /dashboard/*: needs a session and a role, then shows the shell around the nested page. */
export function Component() {
  const signOut = useSignOut();
  return (
    <RequireRole>
      {(me) => (
        <DashboardShell user={me} onSignOut={signOut}>
          <VerifyBanner me={me} />
          <Outlet />
        </DashboardShell>
      )}
    </RequireRole>
  );
}
