import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { useChangeEmailSetting, useEmailSettings } from './email-api';

/** The kinds of email the user may get, each with a switch; a change is saved at once. */
export function EmailSettings() {
  const { data, isPending, isError } = useEmailSettings();
  const change = useChangeEmailSetting();
  if (isPending) return <Spinner className="h-6 w-6" />;
  if (isError) return <Alert tone="error">Your email settings could not be loaded.</Alert>;
  return (
    <section aria-labelledby="email-settings-heading" className="max-w-2xl">
      <h2 id="email-settings-heading" className="text-lg font-semibold text-slate-900">
        Emails you get
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        Emails to confirm your address or set a new password always come.
      </p>
      <ul className="mt-4 divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white">
        {data.kinds.map((k) => (
          <li key={k.kind} className="flex items-start gap-3 p-4">
            <input
              id={`email-${k.kind}`}
              type="checkbox"
              checked={k.enabled}
              onChange={(e) => change.mutate({ kind: k.kind, enabled: e.target.checked })}
              aria-describedby={`email-${k.kind}-about`}
              className="mt-1 h-5 w-5 accent-brand-700"
            />
            <div>
              <label htmlFor={`email-${k.kind}`} className="font-medium text-slate-900">
                {k.label}
              </label>
              <p id={`email-${k.kind}-about`} className="text-sm text-slate-600">
                {k.description}
              </p>
            </div>
          </li>
        ))}
      </ul>
      {change.isError ? (
        <Alert tone="error" className="mt-3">
          {change.error.message}
        </Alert>
      ) : null}
    </section>
  );
}
