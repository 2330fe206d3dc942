/**
 * How `npm run bench:maths` scores the engine against the teacher's labels: a criterion per
 * variant (credited, not credited, given the set share), accuracy and mean share per variant for
 * typed and OCR'd pages side by side, the AUC of right answers against wrong ones, and the issue's
 * targets with PASS or FAIL.
 */
import type { MathsFinding } from '../src/grading';
import { aucRight } from './metrics';
import { VARIANTS, type MathsAnswer, type Variant } from './maths-data';

/** One labelled answer with the share of the marks the engine gave it on each kind of page. */
export type Outcome = {
  question: string;
  answer: MathsAnswer;
  /** Share of the labelled part's marks (0..1); null when the page was unreadable. */
  typed: number | null;
  ocr: number | null;
  /** What the engine read for the part's mathematical key points on the typed page. */
  typedFindings: MathsFinding[];
};

const WRONG: Variant[] = ['wrong-sign', 'wrong-magnitude', 'wrong-value'];
const RIGHT: Variant[] = ['right', 'equivalent'];

/** What each variant's accuracy counts, in words for the table. */
export const CRITERIA: Record<Variant, string> = {
  right: 'credited: at least 0.9 of the teacher’s share',
  equivalent: 'credited: at least 0.9 of the teacher’s share',
  'carried-error': 'credited: at least 0.9 of the teacher’s share',
  'wrong-unit': 'given the set share: within ±0.15 of the teacher’s',
  'wrong-sign': 'not credited: at most 0.5 and the teacher’s + 0.25',
  'wrong-magnitude': 'not credited: at most 0.5 and the teacher’s + 0.25',
  'wrong-value': 'not credited: at most 0.5 and the teacher’s + 0.25',
  'right-number-wrong-working': 'not over-credited: at most the teacher’s + 0.25',
};

const EPS = 1e-9;

/** Whether the engine's share meets the answer's criterion; an unreadable page never does. */
export function meets(answer: MathsAnswer, share: number | null): boolean {
  if (share === null) return false;
  const teacher = answer.share;
  switch (answer.variant) {
    case 'right':
    case 'equivalent':
    case 'carried-error':
      return share >= 0.9 * teacher - EPS;
    case 'wrong-unit':
      return Math.abs(share - teacher) <= 0.15 + EPS;
    case 'right-number-wrong-working':
      return share <= teacher + 0.25 + EPS;
    default:
      return share <= 0.5 + EPS && share <= teacher + 0.25 + EPS;
  }
}

type Column = 'typed' | 'ocr';

function rate(xs: Outcome[], column: Column): { ok: number; n: number } {
  return { ok: xs.filter((o) => meets(o.answer, o[column])).length, n: xs.length };
}

const pct = ({ ok, n }: { ok: number; n: number }): string =>
  n ? `${((100 * ok) / n).toFixed(1)}%`.padStart(6) : '     –';

const mean = (xs: number[]): string =>
  xs.length ? (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(2) : '   –';

/** AUC of right and equivalent answers against wrong-sign, wrong-magnitude and wrong-value ones. */
export function auc(outcomes: Outcome[], column: Column): number {
  const scored = outcomes.flatMap((o) => {
    const right = RIGHT.includes(o.answer.variant);
    if (!right && !WRONG.includes(o.answer.variant)) return [];
    const share = o[column] ?? 0;
    return [{ share, gold: right ? 1 : 0, label: o.answer.variant, count: 1 }];
  });
  return aucRight(scored);
}

/** The table per variant: count, teacher's mean share, then mean share and accuracy per column. */
export function variantTable(outcomes: Outcome[]): string[] {
  const head =
    'variant                       n  teacher │ typed: share  accuracy │ OCR: share  accuracy │ accuracy counts';
  const rows = VARIANTS.map((v) => {
    const xs = outcomes.filter((o) => o.answer.variant === v);
    const shares = (c: Column) => xs.flatMap((o) => (o[c] === null ? [] : [o[c]!]));
    return (
      `${v.padEnd(28)}${String(xs.length).padStart(3)}  ${mean(xs.map((o) => o.answer.share)).padStart(7)} │ ` +
      `${mean(shares('typed')).padStart(12)}  ${pct(rate(xs, 'typed')).padStart(8)} │ ` +
      `${mean(shares('ocr')).padStart(10)}  ${pct(rate(xs, 'ocr')).padStart(8)} │ ${CRITERIA[v]}`
    );
  });
  return [head, '─'.repeat(head.length), ...rows];
}

/** The two targets on typed pages, with the OCR figure beside them. */
export function targetLines(outcomes: Outcome[]): string[] {
  const equivalent = outcomes.filter((o) => o.answer.variant === 'equivalent');
  const wrong = outcomes.filter((o) => WRONG.includes(o.answer.variant));
  const line = (label: string, xs: Outcome[]) => {
    const typed = rate(xs, 'typed');
    const verdict = typed.ok >= 0.95 * typed.n ? 'PASS' : 'FAIL';
    return `${verdict}  ${label}: typed ${pct(typed).trim()} (${typed.ok}/${typed.n}), target ≥ 95%; OCR ${pct(rate(xs, 'ocr')).trim()}`;
  };
  return [
    line('equivalent forms and unit conversions credited', equivalent),
    line('wrong sign, magnitude or value not credited', wrong),
  ];
}
