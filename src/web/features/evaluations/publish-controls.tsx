import { useState, type FormEvent } from 'react';
import type { OwnerSubmissionsResponse, SubmissionRow } from '../../../shared/assignments';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import type { ModelAnswerVisibility } from '../../../shared/review';
import { ApiError } from '../../lib/api';
import { localDateTimeInput, timeZoneName } from '../../lib/dates';
import { usePublish, useRejectChanges, useReviewSettings } from './review-api';
import { formatMarks } from '../../lib/marks';

/**
 * Publishing for the teacher: students see nothing until "Publish marks" (every marked answer;
 * single answers from their rows), or automatically at the deadline when chosen here, with the
 * date until which students may ask for a regrade.
 */
export function PublishControls({ code, data }: { code: string; data: OwnerSubmissionsResponse }) {
  const publish = usePublish(code);
  const settings = useReviewSettings(code);
  const { autoPublish, regradeDeadline } = data.assignment;
  const [auto, setAuto] = useState(autoPublish);
  const [until, setUntil] = useState(localDateTimeInput(regradeDeadline));
  const [modelAnswer, setModelAnswer] = useState(data.assignment.modelAnswerVisibility);
  const marked = data.submissions.filter((s) => s.marks !== null);
  const waiting = marked.filter((s) => !s.published || s.changedSincePublished).length;
  const zone = timeZoneName();

  const handleSave = (e: FormEvent) => {
    e.preventDefault();
    settings.mutate({
      autoPublish: auto,
      regradeDeadline: until ? new Date(until).toISOString() : null,
      modelAnswerVisibility: modelAnswer,
    });
  };
  const error = [publish.error, settings.error].find((e) => e instanceof ApiError)?.message;
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
        {marked.length === 0
          ? 'No answer has marks yet.'
          : waiting === 0
            ? 'Every marked answer is published.'
            : `${waiting} of ${marked.length} marked answers are not published or have changed since.`}
      </p>
      <Button
        disabled={publish.isPending || waiting === 0}
        onClick={() => publish.mutate(undefined)}
      >
        {publish.isPending ? 'Publishing…' : 'Publish marks'}
      </Button>
      <div role="status" className="text-sm text-emerald-900">
        {publish.data
          ? `Published ${publish.data.published}; ${publish.data.unchanged} were already up to date.`
          : null}
      </div>
      <form
        onSubmit={handleSave}
        className="flex flex-col gap-3 border-t border-slate-200 pt-3 text-sm sm:flex-row sm:flex-wrap sm:items-end"
      >
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={auto}
            onChange={(e) => setAuto(e.target.checked)}
            className="h-5 w-5"
          />
          Publish marks automatically at the deadline
        </label>
        <label className="flex flex-col gap-1">
          <span>Regrade requests until ({zone})</span>
          <input
            type="datetime-local"
            value={until}
            onChange={(e) => setUntil(e.target.value)}
            className="min-h-11 rounded-lg border border-slate-400 px-3"
          />
        </label>
        <label className="flex flex-col gap-1">
          <span>Students see the model answer’s key points</span>
          <select
            value={modelAnswer}
            onChange={(e) => setModelAnswer(e.target.value as ModelAnswerVisibility)}
            className="min-h-11 rounded-lg border border-slate-400 bg-white px-3"
          >
            <option value="after-deadline">After the deadline, when no more answers come in</option>
            <option value="after-publishing">As soon as their marks are published</option>
            <option value="never">Never: feedback names them by their first words</option>
          </select>
        </label>
        <Button type="submit" variant="outline" disabled={settings.isPending}>
          {settings.isPending ? 'Saving…' : 'Save publishing settings'}
        </Button>
        {settings.isSuccess ? <span role="status">Saved.</span> : null}
      </form>
      {error ? <Alert tone="error">{error}</Alert> : null}
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
