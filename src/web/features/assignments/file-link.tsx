import { assignmentFileUrl, type AssignmentFileKind } from '../../../shared/assignments';
import { buttonClass } from '../../components/ui/button';
import { Icon } from './icons';

const look = { primary: 'outline', quiet: 'secondary' } as const;

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
      className={buttonClass({ variant: look[tone] })}
    >
      <Icon name="download" className="h-4 w-4" /> {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
