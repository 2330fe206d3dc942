import { csvCell } from '../../../shared/csv';

export { csvCell };

/** One line of the grades export. */
export interface GradeLine {
  studentName: string;
  email: string;
  /** When the answer was handed in; null for a joined student who has not handed in. */
  submittedAt: string | null;
  marks: number | null;
  /** Who set the marks, null when nobody has yet, 'not submitted' when there is no answer. */
  source: 'ai' | 'teacher' | 'not submitted' | null;
  total: number;
}

const HEADER = ['Student name', 'Email', 'Submitted at', 'Marks', 'Source', 'Total marks'];

/** The grades of an assignment as CSV text (with a UTF-8 byte order mark for spreadsheet apps). */
export function gradesCsv(lines: GradeLine[]): string {
  const rows = [HEADER.map(csvCell)];
  for (const l of lines) {
    rows.push(
      [l.studentName, l.email, l.submittedAt, l.marks, l.source ?? '', l.total].map(csvCell),
    );
  }
  return '\uFEFF' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}
