import type { QuestionBreakdown as Question } from '../../../shared/evaluations';
import { EvalIcon } from './icons';
import { MathsFindings } from './maths-findings';
import { formatMarks } from '../../lib/marks';

/**
 * The marks of each question with the rule that decided them when one did ("This reads as an
 * answer to question 2…"), the key points matched, missed and contradicted ("Contradicts: …"),
 * then the diagram keywords found and missing (the engine checks them once per answer; they
 * count in every question).
 * Under a question with mathematics, what the engine read for each of its values and equations.
 * `marks: 'ai'` labels the per-question marks as the AI's proposal (the teacher has changed the
 * total); `marks: 'hidden'` leaves them out and keeps only the points.
 */
export function QuestionBreakdown({
  questions,
  marks = 'shown',
}: {
  questions: Question[];
  marks?: 'shown' | 'ai' | 'hidden';
}) {
  if (questions.length === 0) return null;
  const keywords = questions.find((q) => q.keywordsFound || q.keywordsMissing);
  return (
    <>
      <section aria-labelledby="breakdown-h">
        <h3 id="breakdown-h" className="font-semibold text-slate-900">
          {marks === 'hidden'
            ? 'Key points per question'
            : marks === 'ai'
              ? 'AI marks per question'
              : 'Marks per question'}
        </h3>
        <ol className="mt-2 space-y-3">
          {questions.map((q) => (
            <li key={q.number} className="rounded-lg border border-slate-200 p-3">
              <p className="flex flex-wrap items-baseline justify-between gap-2">
                <span className="font-medium text-slate-900">Question {q.number}</span>
                {marks === 'hidden' ? null : (
                  <span className="font-semibold text-slate-900">
                    {formatMarks(q.marks)} / {formatMarks(q.total)}
                  </span>
                )}
              </p>
              {q.note ? (
                <p className="mt-1 text-sm break-words text-slate-800">
                  <span className="font-medium">Why: </span>
                  {q.note}
                </p>
              ) : null}
              {q.calibration ? (
                <p className="mt-1 text-sm break-words text-amber-900">
                  <span className="font-medium">Moved by your marks: </span>
                  {q.calibration.note}
                </p>
              ) : null}
              <Points title="Matched key points" items={q.matched} kind="found" />
              <Points title="Missing key points" items={q.missing} kind="missing" />
              <Points
                title="Contradicted key points"
                items={q.contradicted ?? []}
                kind="contradicted"
              />
              <MathsFindings findings={q.maths ?? []} />
            </li>
          ))}
        </ol>
      </section>
      {keywords ? (
        <section aria-labelledby="keywords-h">
          <h3 id="keywords-h" className="font-semibold text-slate-900">
            Diagram keywords
          </h3>
          <Points title="Found" items={keywords.keywordsFound ?? []} kind="found" />
          <Points title="Missing" items={keywords.keywordsMissing ?? []} kind="missing" />
        </section>
      ) : null}
    </>
  );
}

/** How each list is drawn: an icon and, for a point the answer says the opposite of, words too. */
const KINDS = {
  found: { icon: 'check', tone: 'text-emerald-700', item: 'text-slate-800', words: null },
  missing: { icon: 'cross', tone: 'text-red-700', item: 'text-slate-800', words: null },
  contradicted: {
    icon: 'warning',
    tone: 'text-amber-800',
    item: 'rounded bg-amber-50 px-1 text-amber-950',
    words: 'Contradicts: ',
  },
} as const;

function Points({
  title,
  items,
  kind,
}: {
  title: string;
  items: string[];
  kind: keyof typeof KINDS;
}) {
  if (items.length === 0) return null;
  const { icon, tone, item: itemClass, words } = KINDS[kind];
  return (
    <div className="mt-2">
      <h4 className="text-sm font-medium text-slate-800">{title}</h4>
      <ul className="mt-1 space-y-1">
        {items.map((item, i) => (
          <li key={i} className={`flex items-start gap-1.5 text-sm break-words ${itemClass}`}>
            <EvalIcon name={icon} className={`mt-0.5 h-4 w-4 ${tone}`} />
            <span>
              {words ? <span className="font-medium">{words}</span> : null}
              {item}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
