/** What a spreadsheet may run as a formula: = + - @ (also full-width, and after blanks), tab, CR. */
const formulaStart = /^(?:[\t\r]|\s*[=+\-@\uFF1D\uFF0B\uFF0D\uFF20])/;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break, quotes doubled.
 * A text cell that a spreadsheet would run as a formula (starting with = + - @, their full-width
 * forms, or any of them after blanks; or with a tab or carriage return) is prefixed with an
 * apostrophe so it is shown as text. Used by the grades export and by
 * `markwise grade --format csv`.
 */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
