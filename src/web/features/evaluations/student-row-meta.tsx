import type { SubmissionRow } from '../../../shared/assignments';
import { DetailsButton } from './review-badges';

/** Under the student's own row once marks are released: "View feedback" opens the details. */
export function StudentRowMeta({
  row,
  marksVisible,
  onOpen,
}: {
  row: SubmissionRow;
  marksVisible: boolean;
  onOpen: () => void;
}) {
  if (!marksVisible || (row.marks === null && row.aiStatus === null)) return null;
  return (
    <span className="mt-1 flex">
      <DetailsButton label="View feedback" onOpen={onOpen} />
    </span>
  );
}
