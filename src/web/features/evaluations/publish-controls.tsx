import { useState } from 'react';
import type { OwnerSubmissionsResponse, SubmissionRow } from '../../../shared/assignments';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { ApiError } from '../../lib/api';
import { usePublish, useRejectChanges } from './review-api';
import { formatMarks } from '../../lib/marks';
import { PublishSettingsForm } from './publish-settings-form';
import { publishPlan, publishQuestion } from './publish-rules';

/**
 * Publishing for the teacher: students see nothing until "Publish marks" (every marked answer,
 * after a confirmation that says how many students and how many unreviewed marks; single
 * answers from their rows), or automatically at the deadline when chosen here, with the date
 * until which students may ask for a regrade.
 */
export function PublishControls({ code, data }: { code: string; data: OwnerSubmissionsResponse }) {
  const publish = usePublish(code);
  const [confirming, setConfirming] = useState(false);
  const plan = publishPlan(data.submissions);
  const error = publish.error instanceof ApiError ? publish.error.message : null;
  const handlePublish = () => {
    publish.mutate(undefined, { onSettled: () => setConfirming(false) });
  };
  return (
    <section
      aria-labelledby="publish-h"
      className="space-y-3 rounded-lg border border-slate-200 p-3 sm:p-4"
    >
      <h2 id="publish-h" className="font-semibold text-slate-900">
        Publishing
      </h2>
      <p className="text-sm text-slate-800">
        Students see their marks only once you publish them.{' '}
        {plan.marked === 0
          ? 'No answer has marks yet.'
          : plan.students === 0
            ? 'Every marked answer is published.'
            : `${plan.students} of ${plan.marked} marked answers are not published or have changed since.`}
      </p>
      <Button
        disabled={publish.isPending || plan.students === 0}
        onClick={() => setConfirming(true)}
      >
        {publish.isPending ? 'Publishing…' : 'Publish marks'}
      </Button>
      <div role="status" className="text-sm text-emerald-900">
        {publish.data
          ? `Published ${publish.data.published}; ${publish.data.unchanged} were already up to date.`
          : null}
      </div>
      <PublishSettingsForm code={code} stored={data.assignment} />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <ConfirmDialog
        open={confirming}
        title="Publish marks?"
        text={publishQuestion(plan)}
        confirmLabel={publish.isPending ? 'Publishing…' : 'Publish marks'}
        tone="primary"
        busy={publish.isPending}
        onConfirm={handlePublish}
        onCancel={() => setConfirming(false)}
      />
    </section>
  );
}

/** On a teacher's row: whether the student sees the marks, and a change waiting to be published or rejected. */
export function RowPublishState({ code, row }: { code: string; row: SubmissionRow }) {
  const publish = usePublish(code);
  const reject = useRejectChanges(code);
  if (!row.published) {
    return row.marks === null ? null : (
      <span className="flex flex-wrap items-center gap-2 text-xs">
        <span className="text-slate-700">Not published</span>
        <Button
          variant="outline"
          size="xs"
          disabled={publish.isPending}
          onClick={() => publish.mutate([row.id])}
          aria-label={`Publish the marks of ${row.studentName}`}
        >
          Publish
        </Button>
      </span>
    );
  }
  if (!row.changedSincePublished)
    return <span className="text-xs text-emerald-900">Published</span>;
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs">
      <span className="text-amber-900">
        Student sees {formatMarks(row.publishedMarks ?? 0)}; now{' '}
        {row.marks === null ? '–' : formatMarks(row.marks)}
      </span>
      <Button
        variant="outline"
        size="xs"
        onClick={() => publish.mutate([row.id])}
        aria-label={`Publish the change for ${row.studentName}`}
      >
        Publish change
      </Button>
      <Button
        variant="secondary"
        size="xs"
        onClick={() => reject.mutate(row.id)}
        aria-label={`Keep the published marks for ${row.studentName}`}
      >
        Keep published
      </Button>
    </span>
  );
}
