import { Link } from 'react-router';
import type { ClassSummary } from '../../../shared/classes';

const roleWords = { owner: 'Your class', 'co-teacher': 'Co-teacher', student: '' } as const;

/** A list of classes, each linking to its page. */
export function ClassList({ classes, empty }: { classes: ClassSummary[]; empty: string }) {
  if (classes.length === 0) return <p className="text-slate-600">{empty}</p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2">
      {classes.map((c) => (
        <li key={c.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <Link
            to={`/dashboard/classes/${c.id}`}
            className="text-lg font-semibold text-brand-700 underline-offset-2 hover:underline"
          >
            {c.name}
          </Link>
          <p className="mt-1 text-sm text-slate-700">
            {[c.section, c.term, roleWords[c.role] || `Teacher: ${c.ownerName}`]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </li>
      ))}
    </ul>
  );
}
