import { CreateAssignmentForm } from '../../features/assignments/create-assignment-form';
import { RoleOnlyNotice } from '../../features/assignments/role-only-notice';
import { useTitle } from '../../lib/use-title';
import { useMe } from '../../features/auth/auth-api';

/** /dashboard/create-assignment: teachers publish a new assignment; students are told where to go. */
export function Component() {
  useTitle('Create Assignment');
  const { data: me, isPending } = useMe();
  if (isPending) return null;
  const teacher = me?.role === 'teacher';
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Create Assignment
      </h1>
      {teacher ? (
        <>
          <p className="mt-1 mb-6 text-slate-600">
            Fill in the details below to create a new assignment and share it with your students.
          </p>
          <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
            <CreateAssignmentForm />
          </div>
        </>
      ) : (
        <div className="mt-6">
          <RoleOnlyNotice pageRole="teacher" />
        </div>
      )}
    </main>
  );
}
