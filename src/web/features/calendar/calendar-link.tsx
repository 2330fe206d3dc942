import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { formatDateTime } from '../../lib/dates';
import { useCalendarLinkState, useNewCalendarLink } from './calendar-api';

/**
 * The dashboard's calendar feed: a secret link to every due date, for a phone's or computer's
 * calendar. The link is shown once, when made; "Make a new link" replaces a lost or shared one.
 */
export function CalendarLink() {
  const state = useCalendarLinkState();
  const make = useNewCalendarLink();
  const made = make.data;
  const since = state.data?.createdAt;
  return (
    <section aria-labelledby="calendar-heading" className="mt-10 max-w-2xl">
      <h2 id="calendar-heading" className="text-lg font-semibold text-slate-900">
        Due dates in your calendar
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Subscribe to this secret link in your phone’s or computer’s calendar to see every due date
        of your assignments there, at the right time wherever you are. Anyone with the link can see
        your due dates: keep it to yourself.
      </p>
      {made ? (
        <div className="mt-3 space-y-2">
          <TextField
            id="calendar-url"
            label="Your calendar link"
            value={made.url}
            readOnly
            hint="Copy it now: it is shown only this once."
            onFocus={(e) => e.target.select()}
          />
        </div>
      ) : since ? (
        <p className="mt-3 text-sm text-slate-700">
          You made a link on {formatDateTime(since)}. Lost it? A new link replaces it, and the old
          one stops working.
        </p>
      ) : null}
      {make.isError ? (
        <Alert tone="error" className="mt-3">
          {make.error.message}
        </Alert>
      ) : null}
      <Button
        className="mt-3"
        variant="secondary"
        disabled={make.isPending || state.isPending}
        onClick={() => make.mutate()}
      >
        {since || made ? 'Make a new link' : 'Make a calendar link'}
      </Button>
    </section>
  );
}
