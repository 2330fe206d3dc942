import { PageHeader } from '../../components/ui/page-header';
import { useMe } from '../../features/auth/auth-api';
import { ClassList } from '../../features/classes/class-list';
import { useClasses } from '../../features/classes/classes-api';
import { CreateClassForm } from '../../features/classes/create-class-form';
import { useTitle } from '../../lib/use-title';

/** /dashboard/classes: the user's classes (archived ones apart); a teacher also makes new ones. */
export function Component() {
  useTitle('Classes');
  const { data: me } = useMe();
  const { data, isPending, isError } = useClasses();
  const teacher = me?.role === 'teacher';
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <PageHeader title="Classes">
        {teacher
          ? 'A class has its own join code and link: students who join it see every assignment you put in it.'
          : 'The classes you joined. Every assignment of a class shows on your dashboard.'}
      </PageHeader>
      {teacher ? (
        <section
          aria-labelledby="new-class"
          className="mb-8 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="new-class" className="mb-4 text-lg font-semibold text-slate-900">
            New class
          </h2>
          <CreateClassForm />
        </section>
      ) : null}
      {isPending ? null : isError ? (
        <p className="text-red-800">Could not load your classes. Please reload the page.</p>
      ) : (
        <>
          <section aria-labelledby="current-classes" className="mb-8">
            <h2 id="current-classes" className="mb-3 text-lg font-semibold text-slate-900">
              Current classes
            </h2>
            <ClassList classes={data.active} empty="No classes yet." />
          </section>
          <section aria-labelledby="archived-classes">
            <h2 id="archived-classes" className="mb-3 text-lg font-semibold text-slate-900">
              Archived classes
            </h2>
            <ClassList classes={data.archived} empty="No archived classes." />
          </section>
        </>
      )}
    </main>
  );
}
