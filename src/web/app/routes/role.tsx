import { useState } from 'react';
import { AuthLayout } from '../../features/auth/auth-layout';
import { RequireNoRole } from '../../features/auth/guards';
import { RolePicker } from '../../features/auth/role-picker';
import { useSignOut } from '../../features/auth/session';
import { useTitle } from '../../lib/use-title';

/** /role: the one-time choice between student and teacher. */
export function Component() {
  useTitle('Choose your role');
  const signOut = useSignOut();
  const [leaving, setLeaving] = useState(false);
  return (
    <RequireNoRole>
      {(me) => (
        <AuthLayout title="Welcome to Markwise!" subtitle="To get started, please select your role">
          <RolePicker />
          <p className="mt-6 border-t border-slate-200 pt-4 text-sm text-slate-600">
            Signed in as <span className="font-medium text-slate-800">{me.email}</span>.{' '}
            <button
              type="button"
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void signOut();
              }}
              className="font-semibold text-brand-700 hover:text-brand-800 hover:underline"
            >
              Not you? Sign out
            </button>
          </p>
        </AuthLayout>
      )}
    </RequireNoRole>
  );
}
