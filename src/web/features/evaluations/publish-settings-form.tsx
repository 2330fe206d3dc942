import { useState, type FormEvent } from 'react';
import type { AssignmentSummary } from '../../../shared/assignments';
import type { ReviewSettingsBody } from '../../../shared/review';
import { localDateTimeInput, timeZoneName } from '../../lib/dates';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { useReviewSettings } from './review-api';

/** The stored publishing settings, as the grades table's assignment block gives them back. */
type StoredSettings = Pick<AssignmentSummary, 'autoPublish' | 'regradeDeadline'>;

/**
 * The publishing settings form, loaded from what is stored. The caller keys it on the stored
 * assignment (`settingsKey`), so a save or a reload that brings other values shows them instead of
 * what the form held when it first appeared.
 */
export function PublishSettingsForm({ code, stored }: { code: string; stored: StoredSettings }) {
  const settings = useReviewSettings(code);
  const [auto, setAuto] = useState(stored.autoPublish);
  const storedUntil = localDateTimeInput(stored.regradeDeadline);
  const [until, setUntil] = useState(storedUntil);

  const handleSave = (e: FormEvent) => {
    e.preventDefault();
    const body: ReviewSettingsBody = { autoPublish: auto };
    // The field shows minutes: an untouched date is left out, so the stored one stays exactly.
    if (until !== storedUntil) body.regradeDeadline = until ? new Date(until).toISOString() : null;
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
          checked={auto}
          onChange={(e) => setAuto(e.target.checked)}
          className="h-5 w-5"
        />
        Publish marks automatically at the deadline
      </label>
      <label className="flex flex-col gap-1">
        <span>Regrade requests until ({timeZoneName()})</span>
        <input
          type="datetime-local"
          value={until}
          onChange={(e) => setUntil(e.target.value)}
          className="min-h-11 rounded-lg border border-slate-400 px-3"
        />
      </label>
      <Button type="submit" variant="outline" disabled={settings.isPending}>
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

/**
 * A key that changes whenever anything stored on the assignment does (every setting of this
 * form among it), to load the form again from the store.
 */
export const settingsKey = (assignment: AssignmentSummary) => JSON.stringify(assignment);
