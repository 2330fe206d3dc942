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

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A text cell starting with = + - @ (or tab / carriage return) is prefixed with an apostrophe so
 * a spreadsheet shows it as text instead of running it as a formula.
 */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

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
