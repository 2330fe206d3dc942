import { Fragment, useRef, type PointerEvent } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { PageComment, PageMarks } from '../../../shared/page-marks';
import { Button } from '../../components/ui/button';
import { PdfPage } from '../../components/ui/pdf-pages';
import { questionPlaces } from './page-labels';

/** A place on a page as shares of it (0..1 from the top left): a pin, or a box with a size. */
export type Place = { x: number; y: number; w?: number | null; h?: number | null };

/** A comment being written: where it goes and what it is. */
export type Draft = {
  page: number;
  kind: 'pin' | 'box';
  x: number;
  y: number;
  w?: number;
  h?: number;
};

const pct = (v: number) => `${(v * 100).toFixed(3)}%`;
const clamp = (v: number) => Math.min(1, Math.max(0, v));

/** A box's size when it is drawn with a click rather than a drag, or placed with the keyboard. */
export const DEFAULT_BOX = { w: 0.4, h: 0.08 };

/**
 * One answer page drawn by pdf.js with its marks on top: green where a key point is stated,
 * amber where one is contradicted, a red rule where a question begins with its marks, and the
 * teacher's numbered pins and boxes in blue. Everything drawn here is also listed in words under
 * the page (PageMarkList), so the picture is decoration for screen readers. While `placing`, a
 * press (or a drag, for a box) on the page starts a comment there.
 */
export function MarkedPage({
  doc,
  page,
  pages,
  width,
  label,
  marks,
  numberOf,
  draft,
  placing,
  onPlace,
}: {
  doc: PDFDocumentProxy;
  page: number;
  pages: number;
  width: number;
  label: string;
  marks: PageMarks;
  numberOf: (c: PageComment) => number;
  draft: Draft | null;
  placing: 'pin' | 'box' | null;
  onPlace: (draft: Draft) => void;
}) {
  const layer = useRef<HTMLDivElement>(null);
  const start = useRef<{ x: number; y: number } | null>(null);
  const at = (e: PointerEvent) => {
    const r = layer.current!.getBoundingClientRect();
    return { x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) };
  };
  const finish = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || !placing) return;
    const to = at(e);
    if (placing === 'pin') return onPlace({ page, kind: 'pin', ...from });
    const dragged = Math.abs(to.x - from.x) > 0.01 && Math.abs(to.y - from.y) > 0.01;
    const x = dragged ? Math.min(from.x, to.x) : Math.min(from.x, 1 - DEFAULT_BOX.w);
    const y = dragged ? Math.min(from.y, to.y) : Math.min(from.y, 1 - DEFAULT_BOX.h);
    const w = dragged ? Math.abs(to.x - from.x) : DEFAULT_BOX.w;
    const h = dragged ? Math.abs(to.y - from.y) : DEFAULT_BOX.h;
    onPlace({ page, kind: 'box', x, y, w, h });
  };
  const here = <T extends { page: number }>(xs: T[]) => xs.filter((m) => m.page === page);
  const size = marks.pages.find((p) => p.number === page);
  const shownHeight = size ? (width * size.height) / size.width : width * Math.SQRT2;
  // on a phone the labels are smaller, in the page's right margin
  const small = width < 480;
  return (
    <div className="relative inline-block align-top" data-page={page}>
      <PdfPage doc={doc} page={page} width={width} label={`${label} (page ${page} of ${pages})`} />
      <div
        ref={layer}
        aria-hidden="true"
        data-testid={`marks-page-${page}`}
        className={`absolute inset-px ${placing ? 'cursor-crosshair touch-none' : 'pointer-events-none'}`}
        onPointerDown={(e) => {
          if (!placing) return;
          e.currentTarget.setPointerCapture?.(e.pointerId);
          start.current = at(e);
        }}
        onPointerUp={finish}
      >
        {here(marks.highlights).map((h, i) => (
          <div
            key={`h${i}`}
            data-highlight={h.kind}
            title={`${h.kind === 'stated' ? 'Stated' : 'Contradicted'}: ${h.point}`}
            className={`absolute rounded-sm ${
              h.kind === 'stated'
                ? 'bg-green-400/30 ring-1 ring-green-700/70'
                : 'bg-amber-400/35 ring-1 ring-amber-700/80'
            }`}
            style={{ left: pct(h.x), top: pct(h.y), width: pct(h.w), height: pct(h.h) }}
          />
        ))}
        {questionPlaces(here(marks.questions), shownHeight, small ? 12 : 16).map((p) => (
          <Fragment key={`q${p.question.question}`}>
            <div
              className="absolute right-0 left-0 border-t-2 border-dashed border-red-700"
              style={{ top: pct(p.line) }}
            />
            <span
              className={`absolute right-0 rounded-sm bg-white px-0.5 font-semibold whitespace-nowrap text-red-800 ${
                small ? 'text-[10px] leading-3' : 'text-xs leading-4'
              }`}
              style={{ top: pct(p.label) }}
            >
              Q{p.question.question} · {p.question.marks ?? '–'}/{p.question.total}
            </span>
          </Fragment>
        ))}
        {here(marks.comments).map((c) => (
          <CommentMark key={c.id} id={c.id} place={c} kind={c.kind} number={numberOf(c)} />
        ))}
        {draft && draft.page === page ? <CommentMark place={draft} kind={draft.kind} /> : null}
      </div>
    </div>
  );
}

/** A pin (a numbered dot at its point) or a box (a frame with its number), in blue; dashed while a draft. */
function CommentMark({
  id,
  place,
  kind,
  number,
}: {
  /** The saved comment's id (none for a draft). */
  id?: string;
  place: Place;
  kind: 'pin' | 'box';
  number?: number;
}) {
  const badge = (
    <span
      data-comment-number={number}
      data-comment-id={id}
      className={`flex h-6 min-w-6 items-center justify-center rounded-full px-1 text-xs font-bold shadow ${
        number
          ? 'bg-blue-700 text-white'
          : 'border-2 border-dashed border-blue-700 bg-white text-blue-800'
      }`}
    >
      {number ?? '+'}
    </span>
  );
  if (kind === 'box' && place.w !== undefined && place.h !== undefined && place.w !== null)
    return (
      <div
        className={`absolute border-2 border-blue-700 ${number ? '' : 'border-dashed'}`}
        style={{
          left: pct(place.x),
          top: pct(place.y),
          width: pct(place.w),
          height: pct(place.h!),
        }}
      >
        <span className="absolute -top-3 -left-3">{badge}</span>
      </div>
    );
  return (
    <span
      className="absolute -translate-x-1/2 -translate-y-1/2"
      style={{ left: pct(place.x), top: pct(place.y) }}
    >
      {badge}
    </span>
  );
}

/** What is drawn on one page, in words: where questions begin, the key points, the comments. */
export function PageMarkList({
  page,
  marks,
  numberOf,
  onRemove,
  removing,
}: {
  page: number;
  marks: PageMarks;
  numberOf: (c: PageComment) => number;
  onRemove?: (c: PageComment) => void;
  removing?: string | null;
}) {
  const starts = marks.questions.filter((q) => q.page === page);
  // a sentence over three lines is three boxes: listed once
  const points = [
    ...new Map(
      marks.highlights
        .filter((h) => h.page === page)
        .map((h) => [`${h.kind}|${h.question}|${h.point}`, h]),
    ).values(),
  ];
  const comments = marks.comments.filter((c) => c.page === page);
  if (!starts.length && !points.length && !comments.length) return null;
  return (
    <ul aria-label={`Marks on page ${page}`} className="mt-2 space-y-1 text-sm text-slate-800">
      {starts.map((q) => (
        <li key={`q${q.question}`}>
          <span className="font-semibold text-red-800">Question {q.question}</span> begins here
          {q.marks !== null ? ` · ${q.marks} of ${q.total} marks` : ''}
        </li>
      ))}
      {points.map((h) => (
        <li key={`${h.kind}|${h.question}|${h.point}`}>
          <span
            className={`mr-1 inline-block h-3 w-3 rounded-sm align-middle ring-1 ${
              h.kind === 'stated'
                ? 'bg-green-400/60 ring-green-700'
                : 'bg-amber-400/70 ring-amber-700'
            }`}
            aria-hidden="true"
          />
          {h.kind === 'stated' ? 'Key point stated' : 'Key point contradicted'} (question{' '}
          {h.question}): {h.point}
        </li>
      ))}
      {comments.map((c) => (
        <li key={c.id} className="flex flex-wrap items-baseline gap-x-2" data-comment={c.id}>
          <span className="font-semibold text-blue-800">
            Comment {numberOf(c)}
            {c.kind === 'box' ? ' (box)' : ''}:
          </span>
          <span className="break-words whitespace-pre-line">{c.text}</span>
          {c.authorName ? <span className="text-slate-600">— {c.authorName}</span> : null}
          {onRemove ? (
            <Button
              variant="link"
              size="sm"
              busy={removing === c.id}
              onClick={() => onRemove(c)}
              aria-label={`Remove comment ${numberOf(c)}`}
            >
              Remove
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
