import type { MathsVerdict, PublishedFinding } from '../../../shared/maths';
import { EvalIcon, type EvalIconName } from './icons';

type Tone = 'right' | 'partly' | 'wrong' | 'unknown';

/** Each verdict in words, and how it is drawn: the words carry the meaning, never colour alone. */
const VERDICTS: Record<MathsVerdict, { label: string; tone: Tone }> = {
  right: { label: 'Right', tone: 'right' },
  equivalent: { label: 'Equivalent', tone: 'right' },
  'carried-error': { label: 'Error carried forward', tone: 'right' },
  'wrong-unit': { label: 'Wrong unit', tone: 'partly' },
  'missing-unit': { label: 'Missing unit', tone: 'partly' },
  'wrong-magnitude': { label: 'Wrong power of ten', tone: 'wrong' },
  'wrong-sign': { label: 'Sign error', tone: 'wrong' },
  'wrong-value': { label: 'Wrong value', tone: 'wrong' },
  'missing-term': { label: 'Missing term', tone: 'wrong' },
  'not-equivalent': { label: 'Not equivalent', tone: 'wrong' },
  'not-found': { label: 'Not found', tone: 'unknown' },
  unreadable: { label: 'Could not be read', tone: 'unknown' },
};

const TONES: Record<Tone, { icon: EvalIconName; className: string }> = {
  right: { icon: 'check', className: 'border-emerald-200 bg-emerald-50 text-emerald-900' },
  partly: { icon: 'warning', className: 'border-amber-200 bg-amber-50 text-amber-950' },
  wrong: { icon: 'cross', className: 'border-red-200 bg-red-50 text-red-900' },
  unknown: { icon: 'warning', className: 'border-slate-200 bg-slate-50 text-slate-800' },
};

/** A verdict in words ("Sign error"), for lists and tests. */
export const verdictLabel = (verdict: MathsVerdict) => VERDICTS[verdict].label;

/**
 * What the engine read for each mathematical key point of a question, beside what was expected,
 * with its verdict (icon and words) and its reason: "Read −2.0 kg·m/s. Sign error: …". The
 * expected value is left out when the student may not see it yet (null).
 */
export function MathsFindings({
  findings,
  title = 'What Markwise read',
}: {
  findings: PublishedFinding[];
  title?: string;
}) {
  if (!findings.length) return null;
  return (
    <div className="mt-2">
      <p className="text-sm font-medium text-slate-800">{title}</p>
      <ul className="mt-1 space-y-1.5">
        {findings.map((f, i) => {
          const verdict = VERDICTS[f.verdict];
          const tone = TONES[verdict.tone];
          return (
            <li key={i} className={`rounded-lg border p-2 text-sm break-words ${tone.className}`}>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <EvalIcon name={tone.icon} className="h-4 w-4 shrink-0" />
                <span className="font-semibold">{verdict.label}</span>
                <span>
                  Read <Value text={f.read} />
                  {f.expected !== null ? (
                    <>
                      {' '}
                      · expected <Value text={f.expected} />
                    </>
                  ) : null}
                </span>
              </p>
              <p className="mt-1">{f.message}</p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Value({ text }: { text: string | null }) {
  return text === null ? <>nothing</> : <span className="font-mono">{text}</span>;
}
