import { JoinForm } from '../../features/assignments/join-form';
import { RoleOnlyNotice } from '../../features/assignments/role-only-notice';
import { useTitle } from '../../lib/use-title';
import { useMe } from '../../features/auth/auth-api';

/** /dashboard/join-assignment: a student joins an assignment with its class code; teachers are told where to go. */
export function Component() {
  useTitle('Join Assignment');
  const { data: me, isPending } = useMe();
  if (isPending) return null;
  return (
    <main className="mx-auto max-w-md px-4 py-10 sm:px-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Join Assignment
      </h1>
      <div className="mt-6">
        {me?.role === 'student' ? (
          <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
            <JoinForm />
          </div>
        ) : (
          <RoleOnlyNotice pageRole="student" />
        )}
      </div>
    </main>
  );
}
