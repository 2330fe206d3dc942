import type { SubmissionRow } from '../../../shared/assignments';
import { EvalIcon } from './icons';
import { rowReview } from './review-rules';
import { formatMarks } from '../../lib/marks';

const chip =
  'inline-flex items-center gap-1 whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium';

/** The marks source as a badge: "AI" or "Teacher". */
export function SourceBadge({ source }: { source: 'AI' | 'Teacher' }) {
  return (
    <span
      className={`${chip} ${source === 'AI' ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-100' : 'bg-emerald-50 text-emerald-900 ring-1 ring-emerald-200'}`}
    >
      <span className="sr-only">Marks by </span>
      {source === 'AI' ? <EvalIcon name="sparkle" className="h-3 w-3" /> : null}
      {source}
    </span>
  );
}

/** "Needs review" with a warning icon (the words carry the meaning, not the colour). */
export function NeedsReviewFlag() {
  return (
    <span className={`${chip} bg-amber-50 text-amber-900 ring-1 ring-amber-300`}>
      <EvalIcon name="warning" className="h-3.5 w-3.5" />
      Needs review
    </span>
  );
}

/** "Could not read PDF": the engine found no text in the answer, so it has no marks. */
export function UnreadableFlag() {
  return (
    <span className={`${chip} bg-red-50 text-red-900 ring-1 ring-red-200`}>
      <EvalIcon name="fileX" className="h-3.5 w-3.5" />
      Could not read PDF
    </span>
  );
}

/**
 * Under a student's name in the teacher's grades table: the marks source, the review flags and
 * the button that opens the answer's details.
 */
export function RowReviewMeta({ row, onOpen }: { row: SubmissionRow; onOpen: () => void }) {
  const review = rowReview(row);
  return (
    <span className="mt-1 flex flex-wrap items-center gap-1.5">
      {review.source ? <SourceBadge source={review.source} /> : null}
      {review.unreadable ? <UnreadableFlag /> : null}
      {review.needsReview ? <NeedsReviewFlag /> : null}
      <DetailsButton label="Details" name={row.studentName} onOpen={onOpen} />
    </span>
  );
}

/** The button that opens a submission's detail panel ("Details" or "View feedback"). */
export function DetailsButton({
  label,
  name,
  onOpen,
}: {
  label: string;
  name?: string;
  onOpen: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-haspopup="dialog"
      className="inline-flex min-h-8 items-center gap-1 rounded-md px-2 py-1 text-xs font-semibold text-brand-700 underline-offset-2 hover:bg-brand-50 hover:underline"
    >
      <EvalIcon name="details" className="h-3.5 w-3.5" />
      {label}
      {name ? <span className="sr-only"> for {name}</span> : null}
    </button>
  );
}

/** Under a mark the teacher changed: what the AI had proposed. */
export function AiProposalNote({ row }: { row: SubmissionRow }) {
  const { aiProposal } = rowReview(row);
  if (aiProposal === null) return null;
  return (
    <span className="block text-xs text-slate-700">AI proposed {formatMarks(aiProposal)}</span>
  );
}
