import { useState, type Ref } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AssignmentDetail } from '../../../shared/assignments';
import { messages } from '../../../shared/messages';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { useDeleteAssignment } from './assignments-api';
import { copyText } from './clipboard';
import { ShareCode } from './empty-states';
import { FileLink } from './file-link';
import { Icon } from './icons';
import { useToast } from '../../components/ui/toast';

/**
 * The owner's controls: edit, delete (after confirming), copy code, question paper and model
 * answer, grades, counts.
 * `editButtonRef` lets the page give focus back to Edit when the update form closes.
 */
export function TeacherPanel({
  assignment,
  onEdit,
  editButtonRef,
}: {
  assignment: AssignmentDetail;
  onEdit: () => void;
  editButtonRef?: Ref<HTMLButtonElement>;
}) {
  const navigate = useNavigate();
  const remove = useDeleteAssignment(assignment.code);
  const { toast, show } = useToast();
  const [confirming, setConfirming] = useState(false);

  const handleCopy = async () => {
    const ok = await copyText(assignment.code);
    show(
      ok ? messages.codeCopied : `Copy failed; the code is ${assignment.code}.`,
      ok ? 'success' : 'error',
    );
  };
  const handleDelete = async () => {
    try {
      await remove.mutateAsync();
      await navigate('/dashboard');
    } catch (err) {
      setConfirming(false);
      show(err instanceof Error ? err.message : 'The assignment could not be deleted.');
    }
  };

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap gap-2">
        {/* A co-teacher marks and publishes; editing and deleting stay with the owner. */}
        {assignment.canEdit === false ? null : (
          <Button variant="secondary" size="sm" ref={editButtonRef} onClick={onEdit}>
            <Icon name="pencil" className="h-4 w-4" /> Edit
            <span className="sr-only"> assignment</span>
          </Button>
        )}
        <Button variant="secondary" size="sm" onClick={() => void handleCopy()}>
          <Icon name="copy" className="h-4 w-4" /> Copy code
        </Button>
        {assignment.canEdit === false ? null : (
          <Button variant="danger-outline" size="sm" onClick={() => setConfirming(true)}>
            <Icon name="trash" className="h-4 w-4" />
            Delete<span className="sr-only"> assignment</span>
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        {assignment.hasQuestionPaper ? (
          <FileLink code={assignment.code} kind="question-paper" label="Download Question Paper" />
        ) : null}
        {assignment.hasModelAnswer ? (
          <FileLink code={assignment.code} kind="model-answer" label="Open Model Answer" />
        ) : null}
        <Link
          to={`/dashboard/gradetable/${encodeURIComponent(assignment.code)}`}
          className={buttonClass()}
        >
          <Icon name="grades" className="h-4 w-4" /> Show Grades
        </Link>
        <Link
          to={`/dashboard/similar/${encodeURIComponent(assignment.code)}`}
          className={buttonClass({ variant: 'secondary' })}
        >
          Similar hand-ins
        </Link>
      </div>
      <section
        aria-labelledby="submissions-heading"
        className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      >
        <h2 id="submissions-heading" className="font-semibold text-slate-900">
          Assignment Submissions
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-3">
          <Count label="Assignments Filed" value={assignment.submittedCount ?? 0} />
          <Count label="Assignments Due" value={assignment.pendingCount ?? 0} />
        </dl>
        <p className="mt-3 text-sm text-slate-700">
          {assignment.submittedCount || assignment.pendingCount ? (
            'Evaluate all the answers quickly from Show Grades.'
          ) : (
            <ShareCode code={assignment.code} />
          )}
        </p>
      </section>
      <ConfirmDialog
        open={confirming}
        title="Delete this assignment?"
        text={`"${assignment.title}" will be deleted with every submission and file. This cannot be undone.`}
        confirmLabel={remove.isPending ? 'Deleting…' : 'Delete'}
        busy={remove.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setConfirming(false)}
      />
      {toast}
    </div>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg bg-white p-3 text-center shadow-sm">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-bold text-slate-900">{value}</dd>
    </div>
  );
}
