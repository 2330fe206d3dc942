import { assignmentFileUrl, type AssignmentFileKind } from '../../../shared/assignments';
import { Icon } from './icons';

const look = {
  primary: 'border border-brand-700 text-brand-700 hover:bg-brand-50',
  quiet: 'border border-slate-300 text-slate-800 hover:bg-slate-50',
};

/** A link that opens one of the assignment's files (question paper, model answer) in a new tab. */
export function FileLink({
  code,
  kind,
  label,
  tone = 'primary',
}: {
  code: string;
  kind: AssignmentFileKind;
  label: string;
  tone?: keyof typeof look;
}) {
  return (
    <a
      href={assignmentFileUrl(code, kind)}
      target="_blank"
      rel="noopener"
      className={`inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold ${look[tone]}`}
    >
      <Icon name="download" className="h-4 w-4" /> {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
