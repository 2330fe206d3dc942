import { useEffect, useRef, type Ref } from 'react';
import type { SimilarPair, SimilarText } from '../../../shared/similarity';
import { markedPieces } from './marked-text';
import { useSimilarPair } from './similarity-api';
import { handInName, percent } from './names';

/**
 * One pair side by side (stacked on a phone): each hand-in's text with the passages both have
 * marked and numbered, passage 1 on the left matching passage 1 on the right.
 */
export function PairView({
  code,
  pair,
  headingRef,
}: {
  code: string;
  pair: SimilarPair;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const detail = useSimilarPair(code, { a: pair.a.submissionId, b: pair.b.submissionId });
  // once both texts are in, the pair is brought to the top of the screen (before, the page may
  // have been too short to scroll it there)
  const section = useRef<HTMLElement>(null);
  const loaded = detail.data !== undefined;
  useEffect(() => {
    if (loaded) section.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);
  return (
    <section
      ref={section}
      aria-labelledby="pair-h"
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2
        id="pair-h"
        ref={headingRef}
        tabIndex={-1}
        className="text-lg font-semibold text-slate-900"
      >
        {handInName(pair.a)} and {handInName(pair.b)} side by side
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Shared passages are highlighted and numbered the same on both sides. Passages of the
        question paper, the model answer and phrases many hand-ins have are not counted.
      </p>
      {detail.isPending ? (
        <p role="status" className="mt-3 text-slate-700">
          Loading both texts…
        </p>
      ) : detail.isError ? (
        <p role="alert" className="mt-3 text-red-800">
          {detail.error instanceof Error ? detail.error.message : 'The texts could not be loaded.'}
        </p>
      ) : (
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          <Side side={detail.data.a} />
          <Side side={detail.data.b} />
        </div>
      )}
    </section>
  );
}

function Side({ side }: { side: SimilarText }) {
  return (
    <article
      aria-label={`${handInName(side)}’s hand-in`}
      className="min-w-0 rounded-lg bg-slate-50 p-3"
    >
      <h3 className="font-semibold text-slate-900">{handInName(side)}</h3>
      <p className="text-sm text-slate-700">
        {percent(side.share)} of the words are shared · {side.passages.length}{' '}
        {side.passages.length === 1 ? 'passage' : 'passages'}
      </p>
      <p className="mt-2 text-sm leading-relaxed break-words whitespace-pre-wrap text-slate-900">
        {markedPieces(side.text, side.passages).map((piece, i) =>
          piece.passage === null ? (
            <span key={i}>{piece.text}</span>
          ) : (
            <mark key={i} className="rounded bg-amber-200 px-0.5 text-slate-900">
              <sup className="mr-0.5 font-semibold text-slate-900">
                <span className="sr-only">shared passage </span>
                {piece.passage}
              </sup>
              {piece.text}
            </mark>
          ),
        )}
      </p>
    </article>
  );
}
