import { useEffect, useRef, useState } from 'react';
import type { NamedHandIn, SimilarityReport } from '../../../shared/similarity';
import { Button } from '../../components/ui/button';
import { handInName, percent } from './names';
import { ignoredLine, overLimitLine, papersNotIgnored } from './summary-text';
import { PairView } from './pair-view';
import { useSimilarity } from './similarity-api';

const names = (list: NamedHandIn[]) => list.map((h) => h.studentName).join(', ');

/**
 * The similar hand-ins report: the pairs over the flag line (names, the share of each, how many
 * passages), then what was not compared; choosing a pair shows both texts side by side.
 */
export function SimilarPairs({ code }: { code: string }) {
  const report = useSimilarity(code);
  const [chosen, setChosen] = useState<{ a: string; b: string } | null>(null);
  const viewRef = useRef<HTMLHeadingElement>(null);
  // the pair opens below the list: brought to the top of the screen, not just within it
  useEffect(() => {
    if (!chosen) return;
    viewRef.current?.scrollIntoView({ block: 'start' });
    viewRef.current?.focus({ preventScroll: true });
  }, [chosen]);
  if (report.isPending)
    return (
      <p role="status" className="text-slate-700">
        Comparing the hand-ins…
      </p>
    );
  if (report.isError)
    return (
      <p role="alert" className="text-red-800">
        {report.error instanceof Error
          ? report.error.message
          : 'The similar hand-ins could not be loaded.'}
      </p>
    );
  const r = report.data;
  const pair = chosen
    ? r.pairs.find((p) => p.a.submissionId === chosen.a && p.b.submissionId === chosen.b)
    : undefined;
  return (
    <div className="space-y-6">
      <Summary report={r} />
      <section aria-labelledby="pairs-h">
        <h2 id="pairs-h" className="mb-3 text-lg font-semibold text-slate-900">
          Pairs to look at ({r.pairs.length + r.morePairs})
        </h2>
        {r.pairs.length === 0 ? (
          <p className="text-slate-700">
            No two hand-ins share more than the flag line: nothing to look at.
          </p>
        ) : (
          <ul className="space-y-2">
            {r.pairs.map((p) => {
              const label = `${handInName(p.a)} and ${handInName(p.b)}`;
              const open = chosen?.a === p.a.submissionId && chosen.b === p.b.submissionId;
              return (
                <li
                  key={`${p.a.submissionId}:${p.b.submissionId}`}
                  className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <p className="font-medium break-words text-slate-900">{label}</p>
                    <p className="text-slate-700">
                      {percent(p.a.share)} of {p.a.studentName}’s words and {percent(p.b.share)} of{' '}
                      {p.b.studentName}’s · {p.passages} shared{' '}
                      {p.passages === 1 ? 'passage' : 'passages'} ({p.sharedWords} words)
                    </p>
                  </div>
                  <Button
                    size="sm"
                    variant={open ? 'primary' : 'secondary'}
                    className="shrink-0 self-start sm:self-center"
                    aria-label={`Compare side by side: ${label}`}
                    aria-pressed={open}
                    onClick={() => setChosen({ a: p.a.submissionId, b: p.b.submissionId })}
                  >
                    Compare side by side
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        {r.morePairs > 0 ? (
          <p className="mt-2 text-sm text-slate-700">
            {r.morePairs} more {r.morePairs === 1 ? 'pair shares' : 'pairs share'} less than these
            and {r.morePairs === 1 ? 'is' : 'are'} not listed.
          </p>
        ) : null}
      </section>
      {chosen && pair ? <PairView code={code} pair={pair} headingRef={viewRef} /> : null}
    </div>
  );
}

/** What was compared and how, and the hand-ins that were not. */
function Summary({ report: r }: { report: SimilarityReport }) {
  const earlier = r.earlier.reduce((n, e) => n + e.handIns, 0);
  return (
    <section
      aria-labelledby="summary-h"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
    >
      <h2 id="summary-h" className="font-semibold text-slate-900">
        What was compared
      </h2>
      <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
        <li>
          {r.compared} {r.compared === 1 ? 'hand-in' : 'hand-ins'} of this class
          {r.earlier.length > 0
            ? `, and ${earlier} from the same assignment set earlier (${r.earlier
                .map((e) => [e.title, e.className].filter(Boolean).join(', '))
                .join('; ')})`
            : ''}
          .
        </li>
        {ignoredLine(r) ? <li>{ignoredLine(r)}</li> : null}
        {papersNotIgnored(r).map((line) => (
          <li key={line} className="font-medium text-slate-900">
            {line}
          </li>
        ))}
        {overLimitLine(r) ? (
          <li className="font-medium text-slate-900">{overLimitLine(r)}</li>
        ) : null}
        <li>
          A pair is listed when at least {percent(r.flagLine.share)} of either hand-in’s own words,
          and {r.flagLine.words} words or more, are in passages both have. It is for you to judge:
          it changes no marks.
        </li>
        {r.identical.map((group) => (
          <li key={group[0]!.submissionId} className="font-medium text-slate-900">
            {group.length} hand-ins are identical: {names(group)}.
          </li>
        ))}
        {r.empty.length > 0 ? (
          <li>No words of their own besides the papers (not compared): {names(r.empty)}.</li>
        ) : null}
        {r.unread.length > 0 ? (
          <li>
            Not read yet (scanned pages are read by Evaluate Now on the grades page):{' '}
            {names(r.unread)}.
          </li>
        ) : null}
      </ul>
    </section>
  );
}
