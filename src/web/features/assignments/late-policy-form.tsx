import { useState, type FormEvent } from 'react';
import type { AssignmentSummary } from '../../../shared/assignments';
import type { LatePenaltyKind } from '../../../shared/late-work';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { localDateTimeInput, timeZoneName } from '../../lib/dates';
import { useSaveLatePolicy } from './late-work-api';

const fieldsOf = (stored: AssignmentSummary) => ({
  accept: stored.latePolicy.acceptLate,
  until: localDateTimeInput(stored.latePolicy.lateUntil),
  kind: stored.latePolicy.penaltyKind,
  percent: String(stored.latePolicy.penaltyPercent),
});

/**
 * The assignment's late work settings, beside its publishing settings: whether hand-ins after the
 * deadline are accepted, until when (a day and time in the teacher's zone), and the penalty. The
 * server checks every rule; its message is shown as it comes.
 */
export function LatePolicyForm({ code, stored }: { code: string; stored: AssignmentSummary }) {
  const save = useSaveLatePolicy(code);
  const [loaded, setLoaded] = useState(stored.latePolicy);
  const [fields, setFields] = useState(() => fieldsOf(stored));
  if (JSON.stringify(loaded) !== JSON.stringify(stored.latePolicy)) {
    setLoaded(stored.latePolicy);
    setFields(fieldsOf(stored));
  }
  const zone = timeZoneName();
  const id = (name: string) => `${code}-late-${name}`;

  const handleSave = (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    save.mutate({
      acceptLate: fields.accept,
      ...(fields.accept ? { lateUntil: fields.until || null, lateUntilTimeZone: zone } : {}),
      penaltyKind: fields.kind,
      // An empty or odd number goes as it is typed, so the server's message names the problem.
      penaltyPercent: fields.percent.trim() === '' ? 0 : Number(fields.percent),
    });
  };
  return (
    <form
      onSubmit={handleSave}
      aria-label="Late work settings"
      className="flex flex-col gap-3 border-t border-slate-200 pt-3 text-sm sm:flex-row sm:flex-wrap sm:items-end"
    >
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          checked={fields.accept}
          onChange={(e) => setFields({ ...fields, accept: e.target.checked })}
          className="h-5 w-5"
        />
        Accept late hand-ins
      </label>
      <label className="flex flex-col gap-1" htmlFor={id('until')}>
        <span>Late hand-ins until ({zone})</span>
        <input
          id={id('until')}
          type="datetime-local"
          value={fields.until}
          disabled={!fields.accept}
          required={fields.accept}
          onChange={(e) => setFields({ ...fields, until: e.target.value })}
          className="min-h-11 rounded-lg border border-slate-400 px-3 disabled:bg-slate-100"
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={id('kind')}>
        <span>Late penalty</span>
        <select
          id={id('kind')}
          value={fields.kind}
          onChange={(e) => setFields({ ...fields, kind: e.target.value as LatePenaltyKind })}
          className="min-h-11 rounded-lg border border-slate-400 bg-white px-3"
        >
          <option value="per-day">A percentage per day late (each started 24 hours)</option>
          <option value="fixed">A fixed percentage</option>
        </select>
      </label>
      <label className="flex flex-col gap-1" htmlFor={id('percent')}>
        <span>Percentage of the marks taken off</span>
        <input
          id={id('percent')}
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          value={fields.percent}
          aria-describedby={id('help')}
          onChange={(e) => setFields({ ...fields, percent: e.target.value })}
          className="min-h-11 w-28 rounded-lg border border-slate-400 px-3"
        />
      </label>
      <p id={id('help')} className="basis-full text-slate-700 sm:order-last">
        From 0 to 100. A student with an extension is late only after her own deadline.
      </p>
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page */}
      <Button type="submit" variant="outline" aria-disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save late work settings'}
      </Button>
      <span role="status">{save.isSuccess ? 'Saved.' : null}</span>
      {save.isError ? (
        <div className="basis-full">
          <Alert tone="error">
            {save.error instanceof ApiError
              ? save.error.message
              : 'The late work settings could not be saved. Please try again.'}
          </Alert>
        </div>
      ) : null}
    </form>
  );
}
