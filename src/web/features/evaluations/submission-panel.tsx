import { useEffect, useRef, useState, type ReactNode } from 'react';
import { submissionFileUrl } from '../../../shared/assignments';
import { Button, buttonClass } from '../../components/ui/button';
import { PdfPage, usePdf, useWidth } from '../../components/ui/pdf-pages';
import { useSubmissionDetail } from './evaluations-api';
import { EvalIcon } from './icons';
import { formatDateTime } from '../../lib/dates';
import { SubmissionExplanation } from './submission-explanation';
import { PageMarksView } from './page-marks-view';

/**
 * One submission's marks explained beside its answer PDF: a side panel on wide screens, a
 * full-screen sheet on phones. A modal <dialog>: focus moves in, Escape closes, and focus
 * returns to the button that opened it.
 */
export function SubmissionPanel({
  code,
  submissionId,
  mode,
  onClose,
}: {
  code: string;
  submissionId: string;
  mode: 'owner' | 'student';
  onClose: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [opener] = useState(() =>
    document.activeElement instanceof HTMLElement ? document.activeElement : null,
  );
  const query = useSubmissionDetail(code, submissionId);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
    closeRef.current?.focus();
    return () => opener?.focus();
  }, [opener]);

  const wide = useWideScreen();
  // on a phone the marks and the answer take turns on the whole screen, switched at the top
  const [view, setView] = useState<'marks' | 'answer' | 'page'>('marks');
  // beside the marks on a desktop: the PDF in the browser's viewer, or the pages with marks drawn on
  const [side, setSide] = useState<'pdf' | 'page'>('pdf');
  const detail = query.data;
  const title = mode === 'owner' ? 'Answer details' : 'Your marks and feedback';
  return (
    <dialog
      ref={ref}
      aria-labelledby="submission-panel-title"
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-hidden bg-white p-0 shadow-2xl backdrop:bg-slate-900/50 md:left-auto md:w-[min(72rem,92vw)] lg:w-[min(90rem,96vw)]"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3 sm:px-6">
          <div className="min-w-0">
            <h2 id="submission-panel-title" className="text-lg font-semibold text-slate-900">
              {title}
            </h2>
            {detail ? (
              <p className="text-sm break-words text-slate-700">
                {detail.studentName} · handed in {formatDateTime(detail.submittedAt)}
                {detail.late ? (
                  <span className="font-medium text-amber-800">
                    {' '}
                    · late by {detail.late.lateBy}
                  </span>
                ) : null}
              </p>
            ) : null}
          </div>
          <Button ref={closeRef} variant="secondary" size="sm" onClick={onClose}>
            <EvalIcon name="cross" />
            Close
          </Button>
        </header>
        {wide ? null : (
          <div className="flex gap-2 border-b border-slate-200 px-4 py-2">
            {(
              [
                ['marks', 'Marks and feedback'],
                ['answer', 'Answer PDF'],
                ['page', 'On the page'],
              ] as const
            ).map(([key, label]) => (
              <Button
                key={key}
                size="sm"
                variant={view === key ? 'primary' : 'secondary'}
                aria-pressed={view === key}
                onClick={() => setView(key)}
                className="flex-1"
              >
                {label}
              </Button>
            ))}
          </div>
        )}
        {/* on a desktop the answer takes 3/5 of the width: it is what the teacher reads */}
        <div className="grid min-h-0 flex-1 overflow-y-auto lg:grid-cols-5 lg:overflow-hidden">
          <div
            className={`p-4 sm:p-6 lg:col-span-2 lg:overflow-y-auto ${!wide && view !== 'marks' ? 'hidden' : ''}`}
          >
            {query.isPending ? (
              <p role="status" className="text-slate-700">
                Loading the details…
              </p>
            ) : query.isError ? (
              <p role="alert" className="text-red-800">
                The details could not be loaded. {query.error.message}{' '}
                <Button variant="link" size="sm" onClick={() => void query.refetch()}>
                  Try again
                </Button>
              </p>
            ) : (
              <SubmissionExplanation
                code={code}
                detail={query.data}
                mode={mode}
                // a run started from here is followed on the grades page, with its changes to confirm
                onEvaluateAgain={onClose}
              />
            )}
          </div>
          {wide ? (
            <AnswerSide side={side} onSide={setSide}>
              {side === 'page' ? (
                <PageMarksView code={code} submissionId={submissionId} name={detail?.studentName} />
              ) : (
                <AnswerPdf url={submissionFileUrl(code, submissionId)} name={detail?.studentName} />
              )}
            </AnswerSide>
          ) : view === 'page' ? (
            <div className="min-w-0 bg-slate-50 p-3">
              <PageMarksView code={code} submissionId={submissionId} name={detail?.studentName} />
            </div>
          ) : view === 'answer' ? (
            <AnswerPages url={submissionFileUrl(code, submissionId)} name={detail?.studentName} />
          ) : null}
        </div>
      </div>
    </dialog>
  );
}

/**
 * PDF open parameters for the frame: fit the page to the frame's width and start without the
 * thumbnail strip, which took about 220 px of the page. Chromium's viewer honours `view=FitH` and
 * `navpanes=0`; Firefox's (pdf.js) reads `pagemode=none`.
 */
export const PDF_VIEW_PARAMS = '#view=FitH&navpanes=0&pagemode=none';

/** The answer's column on a desktop: a switch between the PDF viewer and the marks on the page. */
function AnswerSide({
  side,
  onSide,
  children,
}: {
  side: 'pdf' | 'page';
  onSide: (side: 'pdf' | 'page') => void;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-0 flex-col border-t border-slate-200 bg-slate-50 p-4 sm:p-6 lg:col-span-3 lg:overflow-y-auto lg:border-t-0 lg:border-l">
      <div className="mb-2 flex gap-2">
        {(
          [
            ['pdf', 'PDF viewer'],
            ['page', 'Marks on the page'],
          ] as const
        ).map(([key, label]) => (
          <Button
            key={key}
            size="sm"
            variant={side === key ? 'primary' : 'secondary'}
            aria-pressed={side === key}
            onClick={() => onSide(key)}
          >
            {label}
          </Button>
        ))}
      </div>
      {children}
    </div>
  );
}

/** The answer PDF in a frame (same origin), with a link for browsers that cannot show it inline. */
function AnswerPdf({ url, name }: { url: string; name?: string }) {
  return (
    <section aria-label="Answer PDF" className="flex flex-1 flex-col">
      <a
        href={url}
        target="_blank"
        rel="noopener"
        className={`${buttonClass({ variant: 'link', size: 'sm' })} mb-2 self-start`}
      >
        Open the answer PDF in a new tab
      </a>
      <iframe
        src={url + PDF_VIEW_PARAMS}
        title={name ? `Answer PDF of ${name}` : 'Answer PDF'}
        className="h-[70vh] w-full flex-1 rounded-lg border border-slate-300 bg-white lg:h-auto"
      />
    </section>
  );
}

/** Whether the window is at least 1024 px wide (the side-by-side panel), following resizes. */
function useWideScreen() {
  const query = '(min-width: 1024px)';
  const [wide, setWide] = useState(() => window.matchMedia(query).matches);
  useEffect(() => {
    const list = window.matchMedia(query);
    const update = () => setWide(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, []);
  return wide;
}

const ZOOMS = [1, 1.5, 2, 3];

/**
 * The answer PDF on a phone: its pages drawn by pdf.js across the screen's width (a phone's
 * browser shows no PDF in a frame), with zoom for small handwriting; the page scrolls sideways
 * when zoomed.
 */
function AnswerPages({ url, name }: { url: string; name?: string }) {
  const reading = usePdf(url);
  const box = useWidth<HTMLDivElement>();
  const [zoom, setZoom] = useState(0);
  const who = name ? `, ${name}'s answer` : '';
  return (
    <section aria-label="Answer PDF" className="flex min-w-0 flex-col bg-slate-50 p-3">
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          variant="secondary"
          disabled={zoom === 0}
          onClick={() => setZoom((z) => Math.max(0, z - 1))}
        >
          Zoom out
        </Button>
        <span aria-live="polite" className="text-sm text-slate-700">
          {Math.round(ZOOMS[zoom]! * 100)}%
        </span>
        <Button
          size="sm"
          variant="secondary"
          disabled={zoom === ZOOMS.length - 1}
          onClick={() => setZoom((z) => Math.min(ZOOMS.length - 1, z + 1))}
        >
          Zoom in
        </Button>
        <a
          href={url}
          target="_blank"
          rel="noopener"
          className={`${buttonClass({ variant: 'link', size: 'sm' })} ml-auto`}
        >
          Open in a new tab
        </a>
      </div>
      <div
        ref={box.ref}
        role="region"
        aria-label={name ? `Pages of ${name}'s answer` : 'Pages of the answer'}
        tabIndex={0}
        className="min-w-0 space-y-3 overflow-x-auto"
      >
        {reading.status === 'read' && box.width > 0 ? (
          Array.from({ length: reading.pages }, (_, i) => (
            <PdfPage
              key={i}
              doc={reading.doc}
              page={i + 1}
              width={Math.floor((box.width - 2) * ZOOMS[zoom]!)}
              label={`Page ${i + 1} of ${reading.pages}${who}`}
            />
          ))
        ) : reading.status === 'failed' ? (
          <p className="text-sm text-slate-800">
            The answer could not be shown here; open it in a new tab instead.
          </p>
        ) : (
          <p role="status" className="text-sm text-slate-700">
            Loading the answer…
          </p>
        )}
      </div>
    </section>
  );
}
