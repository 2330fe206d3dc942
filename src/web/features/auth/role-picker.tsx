import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MeResponse, Role } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import { Alert } from '../../components/ui/alert';
import { Spinner } from '../../components/ui/spinner';
import { ApiError } from '../../lib/api';
import { chooseRole, meQueryKey, useRefreshMe } from './auth-api';

const options: Array<{ role: Role; label: string; text: string; icon: string }> = [
  {
    role: 'student',
    label: 'Student',
    text: 'Join assignments with a class code and hand in your answers.',
    icon: 'M22 10 12 5 2 10l10 5 10-5Zm-16 2v5c3 2 9 2 12 0v-5',
  },
  {
    role: 'teacher',
    label: 'Teacher',
    text: 'Publish assignments, share the code and review the proposed marks.',
    icon: 'M3 4h18v12H3zM8 20h8M12 16v4M7 9h6M7 12h10',
  },
];

/** The two role buttons; the choice is saved once and the page guard then moves on to /dashboard. */
export function RolePicker() {
  const [saving, setSaving] = useState<Role | null>(null);
  const [error, setError] = useState<string | null>(null);
  const client = useQueryClient();
  const refreshMe = useRefreshMe();

  async function handleChoose(role: Role) {
    setSaving(role);
    setError(null);
    try {
      client.setQueryData<MeResponse>(meQueryKey, await chooseRole(role));
    } catch (err) {
      // 409: a role was chosen already (another tab); the fresh session leads to the dashboard.
      if (err instanceof ApiError && err.status === 409) return void (await refreshMe());
      setError(err instanceof ApiError ? messages.serverError : messages.networkError);
      setSaving(null);
    }
  }

  return (
    <div className="space-y-4">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {options.map((o) => (
          <button
            key={o.role}
            type="button"
            disabled={saving !== null}
            aria-busy={saving === o.role || undefined}
            onClick={() => void handleChoose(o.role)}
            className="group flex flex-col items-start gap-3 rounded-xl border-2 border-slate-200 bg-white p-5 text-left transition hover:border-brand-600 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-60"
          >
            <span className="flex h-11 w-11 items-center justify-center rounded-lg bg-brand-100 text-brand-700 group-hover:bg-brand-700 group-hover:text-white">
              {saving === o.role ? <Spinner /> : <RoleIcon path={o.icon} />}
            </span>
            <span className="block text-lg font-semibold text-slate-900">{o.label}</span>
            <span className="block text-sm text-slate-600">{o.text}</span>
          </button>
        ))}
      </div>
      <p className="text-xs text-slate-500">
        You choose once; your role decides what the dashboard offers.
      </p>
    </div>
  );
}

function RoleIcon({ path }: { path: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className="h-6 w-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={path} />
    </svg>
  );
}
