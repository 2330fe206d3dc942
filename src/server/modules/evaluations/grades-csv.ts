import { csvCell } from '../../../shared/csv';
import type { LateMark } from '../../../shared/late-penalty';

export { csvCell };

/** A question of the assignment, as a pair of columns of the export. */
export interface GradeQuestion {
  number: string;
  total: number;
}

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
  /** Per question of the export, in its order: the marks that stand and the teacher's comment. */
  questions: Array<{ marks: number | null; comment: string | null }>;
  /** The teacher's overall comment. */
  comment: string | null;
  /** The student's regrade requests in words ("Q2 open; Q1 answered, 2 → 3"), '' for none. */
  regrades: string;
  /** Handed in late: how late ("1 day 4 h"), the percent taken off and the marks after it; null on time. */
  late?: LateMark | null;
}

/**
 * An instant as local ISO-8601 time in `timeZone` with its offset ("2026-11-23T09:00:00+01:00"):
 * what the teacher's clock said, and unambiguous in any spreadsheet.
 */
export function zonedTime(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'longOffset',
  }).formatToParts(new Date(iso));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    parts.find((p) => p.type === type)?.value ?? '';
  // "GMT+05:30", or "GMT" for an offset of zero.
  const offset = part('timeZoneName').replace('GMT', '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}

/**
 * The export's header: the first six columns as before, then two per question, then the rest;
 * the late columns come last, so a sheet that reads the earlier columns by place still works.
 */
function header(questions: GradeQuestion[], timeZone: string): string[] {
  return [
    'Student name',
    'Email',
    `Submitted at (${timeZone})`,
    'Marks',
    'Source',
    'Total marks',
    ...questions.flatMap((q) => [`Q${q.number} marks (of ${q.total})`, `Q${q.number} comment`]),
    'Overall comment',
    'Regrade requests',
    'Late by',
    'Late penalty (%)',
    'Marks after late penalty',
  ];
}

/**
 * The grades of an assignment as CSV text (with a UTF-8 byte order mark for spreadsheet apps):
 * one line per joined student, times in the teacher's `timeZone` with their offset, marks per
 * question, comments and regrade requests, then how late, the late penalty and the marks after it. Every text cell goes through `csvCell`, which
 * defuses what a spreadsheet would run as a formula.
 */
export function gradesCsv(
  lines: GradeLine[],
  opts: { questions: GradeQuestion[]; timeZone: string },
): string {
  const rows = [header(opts.questions, opts.timeZone).map(csvCell)];
  for (const l of lines) {
    const perQuestion = opts.questions.flatMap((_, i) => {
      const q = l.questions[i];
      return [q?.marks ?? null, q?.comment ?? null];
    });
    rows.push(
      [
        l.studentName,
        l.email,
        l.submittedAt && zonedTime(l.submittedAt, opts.timeZone),
        l.marks,
        l.source ?? '',
        l.total,
        ...perQuestion,
        l.comment,
        l.regrades,
        l.late?.lateBy ?? '',
        l.late ? l.late.penaltyPercent : '',
        // The marks to use: after the penalty when late, else the marks themselves.
        l.late ? l.late.penalisedMarks : l.marks,
      ].map(csvCell),
    );
  }
  return '\uFEFF' + rows.map((r) => r.join(',')).join('\r\n') + '\r\n';
}
