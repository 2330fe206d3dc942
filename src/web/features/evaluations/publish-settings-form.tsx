import { useState, type FormEvent } from 'react';
import type { AssignmentSummary } from '../../../shared/assignments';
import type { ModelAnswerVisibility, ReviewSettingsBody } from '../../../shared/review';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { localDateTimeInput, timeZoneName } from '../../lib/dates';
import { useReviewSettings } from './review-api';

/** What the form shows for the stored settings. */
const fieldsOf = (stored: AssignmentSummary) => ({
  auto: stored.autoPublish,
  until: localDateTimeInput(stored.regradeDeadline),
  modelAnswer: stored.modelAnswerVisibility,
  anonymous: stored.anonymousMarking,
});

/**
 * The publishing settings form, loaded from what is stored on the assignment (the grades
 * table's assignment block). Whenever the stored values change (a save, another tab, a reload
 * of the data) the fields show them again; the form stays mounted, so focus stays where it was.
 */
export function PublishSettingsForm({ code, stored }: { code: string; stored: AssignmentSummary }) {
  const settings = useReviewSettings(code);
  const [loaded, setLoaded] = useState(stored);
  const [fields, setFields] = useState(() => fieldsOf(stored));
  if (JSON.stringify(loaded) !== JSON.stringify(stored)) {
    setLoaded(stored);
    setFields(fieldsOf(stored));
  }

  const handleSave = (e: FormEvent) => {
    e.preventDefault();
    if (settings.isPending) return;
    const body: ReviewSettingsBody = {
      autoPublish: fields.auto,
      modelAnswerVisibility: fields.modelAnswer,
      anonymousMarking: fields.anonymous,
    };
    // The field shows minutes: an untouched date is left out, so the stored one stays exactly.
    if (fields.until !== fieldsOf(stored).until)
      body.regradeDeadline = fields.until ? new Date(fields.until).toISOString() : null;
    settings.mutate(body);
  };
  return (
    <form
      onSubmit={handleSave}
      aria-label="Publishing settings"
      className="flex flex-col gap-3 border-t border-slate-200 pt-3 text-sm sm:flex-row sm:flex-wrap sm:items-end"
    >
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={fields.auto}
          onChange={(e) => setFields({ ...fields, auto: e.target.checked })}
          className="h-5 w-5"
        />
        Publish marks automatically at the deadline
      </label>
      {/* the hint under its checkbox, not at the far end of the form */}
      <div className="flex flex-col sm:max-w-xs">
        <label className="flex min-h-11 items-center gap-2">
          <input
            type="checkbox"
            checked={fields.anonymous}
            onChange={(e) => setFields({ ...fields, anonymous: e.target.checked })}
            aria-describedby={`${code}-anonymous-help`}
            className="h-5 w-5"
          />
          Mark anonymously
        </label>
        <p id={`${code}-anonymous-help`} className="text-slate-700">
          {stored.anonymousMarking
            ? 'Names are hidden: students appear as “Student N” in a shuffled order until you publish all marks.'
            : 'Hide names (“Student N”, in a shuffled order) until you publish all marks.'}
        </p>
      </div>
      <label className="flex flex-col gap-1">
        <span>Regrade requests until ({timeZoneName()})</span>
        <input
          type="datetime-local"
          value={fields.until}
          onChange={(e) => setFields({ ...fields, until: e.target.value })}
          className="min-h-11 rounded-lg border border-slate-400 px-3"
        />
      </label>
      <label className="flex flex-col gap-1">
        <span>Students see the model answer’s key points</span>
        <select
          value={fields.modelAnswer}
          onChange={(e) =>
            setFields({ ...fields, modelAnswer: e.target.value as ModelAnswerVisibility })
          }
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3"
        >
          <option value="after-deadline">After the deadline, when no more answers come in</option>
          <option value="after-publishing">As soon as their marks are published</option>
          <option value="never">Never: feedback names them by their first words</option>
        </select>
      </label>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page */}
      <Button type="submit" variant="outline" aria-disabled={settings.isPending}>
        {settings.isPending ? 'Saving…' : 'Save publishing settings'}
      </Button>
      <span role="status">{settings.isSuccess ? 'Saved.' : null}</span>
      {settings.isError ? (
        <div className="basis-full">
          <Alert tone="error">
            {settings.error instanceof ApiError
              ? settings.error.message
              : 'The settings could not be saved. Please try again.'}
          </Alert>
        </div>
      ) : null}
    </form>
  );
}
