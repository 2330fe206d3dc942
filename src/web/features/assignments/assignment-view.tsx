import { useState } from 'react';
import { classMessages } from '../../../shared/classes';
import { useFocusReturn } from '../../lib/use-focus-return';
import { AssignmentDetails } from './assignment-details';
import { useAssignment } from './assignments-api';
import { LoadFailedState } from './not-found-state';
import { Alert } from '../../components/ui/alert';
import { StudentPanel } from './student-panel';
import { TeacherPanel } from './teacher-panel';
import { UpdateAssignmentForm } from './update-assignment-form';
import { useTitle } from '../../lib/use-title';

const subtitles = {
  owner: 'Check and update your assignment details here.',
  student: 'Check and submit your assignment details here.',
};

/** /dashboard/assignment/:code for the owner and for joined students; anyone else sees the 404 page. */
export function AssignmentView({ code }: { code: string }) {
  const query = useAssignment(code);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  // the Edit button is unmounted while the form is open; it takes focus back when it returns
  const focus = useFocusReturn();
  useTitle(query.data ? query.data.title : 'Assignment');

  if (query.isPending) return <DetailSkeleton />;
  if (query.isError) {
    return (
      <LoadFailedState
        error={query.error}
        title="This assignment could not be loaded."
        onRetry={() => void query.refetch()}
      />
    );
  }
  const a = query.data;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6 lg:px-8">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Your Assignments
      </h1>
      <p className="mt-1 text-slate-600">{subtitles[a.viewer]}</p>
      <div className="mt-6 space-y-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        {saved && !editing ? <Alert tone="success">The assignment has been updated.</Alert> : null}
        {a.class?.archived ? (
          <Alert tone="warning" title={`${a.class.name} is archived`}>
            {classMessages.classArchived}
          </Alert>
        ) : a.class ? (
          <p className="text-sm text-slate-700">Class: {a.class.name}</p>
        ) : null}
        {editing ? (
          <UpdateAssignmentForm
            assignment={a}
            onDone={(didSave) => {
              focus.returnTo(true);
              setEditing(false);
              setSaved(didSave);
            }}
          />
        ) : (
          <AssignmentDetails assignment={a} />
        )}
        {a.viewer === 'owner' ? (
          editing ? null : (
            <TeacherPanel
              assignment={a}
              editButtonRef={focus.focusRef(true)}
              onEdit={() => {
                setSaved(false);
                setEditing(true);
              }}
            />
          )
        ) : (
          <StudentPanel assignment={a} />
        )}
      </div>
    </main>
  );
}

function DetailSkeleton() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8" aria-busy="true">
      <p role="status" className="sr-only">
        Loading the assignment…
      </p>
      <div aria-hidden="true" className="animate-pulse space-y-4">
        <div className="h-8 w-64 rounded bg-slate-200" />
        <div className="h-4 w-80 max-w-full rounded bg-slate-200" />
        <div className="h-64 rounded-xl bg-slate-200" />
      </div>
    </main>
  );
}
