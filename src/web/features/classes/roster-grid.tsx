import { useState } from 'react';
import type { RosterResponse, RosterWorkStatus } from '../../../shared/classes';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { formatDeadline } from '../../lib/dates';

const statusWords: Record<RosterWorkStatus, { text: string; tone: string }> = {
  'not-handed-in': { text: 'Not handed in', tone: 'text-slate-600' },
  'handed-in': { text: 'Handed in', tone: 'text-brand-800' },
  marked: { text: 'Marked', tone: 'text-amber-900' },
  published: { text: 'Published', tone: 'text-emerald-800' },
};

/**
 * The roster: one row per student, one column per assignment, each cell where her work stands;
 * `onRemove` (when given) adds a Remove button per student, asked for confirmation first.
 */
export function RosterGrid({
  roster,
  onRemove,
  removing,
}: {
  roster: RosterResponse;
  onRemove?: (studentId: string) => Promise<void>;
  removing?: boolean;
}) {
  const [asked, setAsked] = useState<{ id: string; name: string } | null>(null);
  if (roster.students.length === 0)
    return <p className="text-slate-600">No students yet: share the join link or invite them.</p>;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">Students and their hand-ins per assignment</caption>
        <thead className="bg-slate-50 text-slate-800">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              Student
            </th>
            {roster.assignments.map((a) => (
              <th key={a.code} scope="col" className="px-3 py-2 font-semibold">
                {a.title}
                <span className="block text-xs font-normal text-slate-600">
                  Due {formatDeadline(a.deadline)}
                </span>
              </th>
            ))}
            {onRemove ? (
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">Actions</span>
              </th>
            ) : null}
          </tr>
        </thead>
        <tbody>
          {roster.students.map((s) => (
            <tr key={s.id} className="border-t border-slate-200">
              <th scope="row" className="px-3 py-2 font-medium text-slate-900">
                {s.name}
                <span className="block text-xs font-normal text-slate-600">{s.email}</span>
              </th>
              {s.work.map((w, i) => (
                <td
                  key={roster.assignments[i]?.code ?? i}
                  className={`px-3 py-2 ${statusWords[w].tone}`}
                >
                  {statusWords[w].text}
                </td>
              ))}
              {onRemove ? (
                <td className="px-3 py-2">
                  <Button
                    variant="danger-outline"
                    size="xs"
                    aria-label={`Remove ${s.name}`}
                    onClick={() => setAsked({ id: s.id, name: s.name })}
                  >
                    Remove
                  </Button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      <ConfirmDialog
        open={asked !== null}
        title={`Remove ${asked?.name ?? ''}?`}
        text="She loses the class's assignments at once and cannot join again with the code. What she handed in stays for you."
        confirmLabel="Remove"
        busy={removing}
        onConfirm={() => void onRemove?.(asked!.id).then(() => setAsked(null))}
        onCancel={() => setAsked(null)}
      />
    </div>
  );
}
