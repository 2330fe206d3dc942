import { useEffect, useRef, useState } from 'react';
import {
  readingPreviewUrl,
  type PreviewPage,
  type ReadingPreview,
} from '../../../shared/reading-preview';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { uploadForm } from './upload';
import { formatSize } from '../../components/ui/file-drop-zone';
import { PdfPage, usePdf, useWidth } from '../../components/ui/pdf-pages';

/**
 * The second look before the one irreversible hand-in: the file's name, size, number of pages,
 * its first page as the browser reads it, and what Markwise will read from each page (the
 * server reads it as grading will, nothing kept), with unsure words marked and hard-to-read
 * pages named. A modal <dialog>: focus starts on "Choose another file" (the safe answer),
 * Escape cancels. A PDF made from photos offers "Back to your pages", to retake one.
 */
export function HandInConfirm({
  code,
  file,
  pageNotes = [],
  onConfirm,
  onCancel,
  onBackToPages,
}: {
  code: string;
  file: File;
  /** The browser's own word on each page made from photos (blank, dark, blurred…), or null. */
  pageNotes?: (string | null)[];
  onConfirm: () => void;
  onCancel: () => void;
  /** Given for a PDF made from photos: back to its pages, as they were. */
  onBackToPages?: () => void;
}) {
  const read = useReadingPreview(code, file);
  const refused = read.status === 'failed' && read.refused;
  const ref = useRef<HTMLDialogElement>(null);
  const reading = usePdf(file);
  const preview = useWidth<HTMLDivElement>();
  const back = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (ref.current && !ref.current.open) ref.current.showModal();
    // showModal would focus the first focusable element (the preview); start on the safe answer
    back.current?.focus();
  }, []);
  // close before handing on: the page outside is inert while the dialog is open, so focus could
  // not move back to it
  const closeThen = (next: () => void) => {
    ref.current?.close();
    next();
  };
  const pages =
    reading.status === 'read'
      ? `${reading.pages} ${reading.pages === 1 ? 'page' : 'pages'}`
      : reading.status === 'reading'
        ? 'Counting the pages…'
        : 'Its pages could not be shown here';
  return (
    <dialog
      ref={ref}
      aria-labelledby="hand-in-title"
      aria-describedby="hand-in-facts hand-in-once"
      onCancel={(e) => {
        e.preventDefault();
        closeThen(onCancel);
      }}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] overflow-y-auto rounded-xl p-5 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <h2 id="hand-in-title" className="text-lg font-semibold text-slate-900">
        Hand in this answer?
      </h2>
      <dl id="hand-in-facts" className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-slate-600">File</dt>
        <dd className="font-medium break-all text-slate-900">{file.name}</dd>
        <dt className="text-slate-600">Size</dt>
        <dd className="text-slate-900">{formatSize(file.size)}</dd>
        <dt className="text-slate-600">Pages</dt>
        <dd className="text-slate-900" aria-live="polite">
          {pages}
        </dd>
      </dl>
      {/* a long first page scrolls here: reachable by keyboard too */}
      <div
        ref={preview.ref}
        role="region"
        aria-label="First page"
        tabIndex={0}
        className="mt-4 max-h-[45dvh] overflow-y-auto rounded-lg bg-slate-100 p-2"
      >
        {reading.status === 'read' && preview.width > 0 ? (
          <PdfPage
            doc={reading.doc}
            page={1}
            width={preview.width - 16}
            label={`First page of ${file.name}`}
          />
        ) : reading.status === 'failed' ? (
          <p className="p-3 text-sm text-slate-800">
            This browser could not open the file to show it. If it is damaged, Markwise says so
            below, and nothing is handed in.
          </p>
        ) : (
          <p role="status" className="p-3 text-sm text-slate-700">
            Reading the first page…
          </p>
        )}
      </div>
      <WhatWillBeRead read={read} pageNotes={pageNotes} />
      {refused ? (
        <p id="hand-in-once" className="mt-4 text-sm font-medium text-slate-900">
          Markwise would refuse this hand-in (the reason is above): nothing was handed in.
        </p>
      ) : (
        <p id="hand-in-once" className="mt-4 text-sm font-medium text-slate-900">
          You can hand in only once: this answer cannot be changed afterwards.
        </p>
      )}
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={back} variant="secondary" onClick={() => closeThen(onCancel)}>
          Choose another file
        </Button>
        {onBackToPages ? (
          <Button variant="outline" onClick={() => closeThen(onBackToPages)}>
            Back to your pages
          </Button>
        ) : null}
        {refused ? null : <Button onClick={() => closeThen(onConfirm)}>Hand in this answer</Button>}
      </div>
    </dialog>
  );
}

type PreviewState =
  | { status: 'reading' }
  | { status: 'read'; preview: ReadingPreview }
  /** `refused`: the server refused the file or the hand-in itself (not a PDF, the deadline
   * passed): handing it in would be refused the same way. */
  | { status: 'failed'; message: string; refused: boolean };

/** Asks the server what it will read from the file; nothing is handed in or kept. */
function useReadingPreview(code: string, file: File): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'reading' });
  useEffect(() => {
    let cancelled = false;
    setState({ status: 'reading' });
    const form = new FormData();
    form.append('answer', file);
    uploadForm<ReadingPreview>(readingPreviewUrl(code), form, () => undefined).then(
      (preview) => !cancelled && setState({ status: 'read', preview }),
      (err: unknown) =>
        !cancelled &&
        setState({
          status: 'failed',
          message: err instanceof ApiError ? err.message : 'The reading could not be shown.',
          // a refusal, not a slow or failed reading (too many requests is worth another try)
          refused:
            err instanceof ApiError && err.status >= 400 && err.status < 500 && err.status !== 429,
        }),
    );
    return () => {
      cancelled = true;
    };
  }, [code, file]);
  return state;
}

/** The server's reason a page is hard to read, in the student's words. */
function hardNote(page: PreviewPage): string | null {
  if (page.hardToRead === 'blank')
    return `Page ${page.number} is hard to read: Markwise found no writing on it. Retake it?`;
  if (page.hardToRead === 'unsure')
    return `Page ${page.number} is hard to read: Markwise is unsure of much of what it read. Retake it?`;
  return null;
}

function WhatWillBeRead({ read, pageNotes }: { read: PreviewState; pageNotes: (string | null)[] }) {
  const pages = read.status === 'read' ? read.preview.pages : [];
  const unsureAny = pages.some((p) => p.lines.some((l) => l.some((w) => w.unsure)));
  const warnings = [
    ...pageNotes.filter((n): n is string => n !== null),
    ...pages.map(hardNote).filter((n): n is string => n !== null),
  ];
  return (
    <section aria-labelledby="will-read-title" className="mt-4">
      <h3 id="will-read-title" className="text-base font-semibold text-slate-900">
        What Markwise will read
      </h3>
      {warnings.length ? (
        <ul className="mt-2 space-y-1 rounded-md border border-amber-300 bg-amber-50 p-2 text-sm font-medium text-amber-950">
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </ul>
      ) : null}
      {read.status === 'reading' ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Reading your pages as Markwise will… (a photographed page takes a few seconds)
        </p>
      ) : read.status === 'failed' ? (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {read.message}
        </p>
      ) : (
        <>
          {read.preview.unreadable ? (
            <p role="alert" className="mt-2 text-sm font-medium text-red-800">
              {read.preview.unreadable}
            </p>
          ) : null}
          {unsureAny ? (
            <p className="mt-1 text-sm text-slate-700">
              Words Markwise is unsure of are{' '}
              <mark className="rounded bg-amber-200 px-0.5 text-slate-900">highlighted</mark>.
            </p>
          ) : null}
          <div
            role="region"
            aria-label="The text Markwise read"
            tabIndex={0}
            className="mt-2 max-h-[30dvh] space-y-3 overflow-y-auto rounded-lg border border-slate-200 p-2 text-sm"
          >
            {read.preview.pages.map((p) => (
              <div key={p.number} data-testid="read-page">
                <p className="font-medium text-slate-900">
                  Page {p.number}
                  <span className="font-normal text-slate-600">
                    {p.source === 'ocr'
                      ? ' · read from the picture'
                      : p.source === 'text'
                        ? ' · typed text'
                        : ' · nothing read'}
                  </span>
                </p>
                {p.lines.map((line, i) => (
                  <p key={i} className="text-slate-800">
                    {line.map((w, j) => (
                      <span key={j}>
                        {j ? ' ' : ''}
                        {w.unsure ? (
                          <mark className="rounded bg-amber-200 px-0.5 text-slate-900">
                            {w.text}
                            <span className="sr-only"> (unsure)</span>
                          </mark>
                        ) : (
                          w.text
                        )}
                      </span>
                    ))}
                  </p>
                ))}
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
