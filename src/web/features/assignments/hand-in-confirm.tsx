import { useEffect, useRef } from 'react';
import { Button } from '../../components/ui/button';
import { formatSize } from '../../components/ui/file-drop-zone';
import { PdfPage, usePdf, useWidth } from '../../components/ui/pdf-pages';

/**
 * The second look before the one irreversible hand-in: the file's name, size, number of pages
 * and its first page as the browser reads it. A modal <dialog>: focus starts on "Choose another
 * file" (the safe answer), Escape cancels.
 */
export function HandInConfirm({
  file,
  onConfirm,
  onCancel,
}: {
  file: File;
  onConfirm: () => void;
  onCancel: () => void;
}) {
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
            This browser could not open the file to show it. If it is damaged, Markwise will say so
            when you hand it in, and nothing is handed in.
          </p>
        ) : (
          <p role="status" className="p-3 text-sm text-slate-700">
            Reading the first page…
          </p>
        )}
      </div>
      <p id="hand-in-once" className="mt-4 text-sm font-medium text-slate-900">
        You can hand in only once: this answer cannot be changed afterwards.
      </p>
      <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button ref={back} variant="secondary" onClick={() => closeThen(onCancel)}>
          Choose another file
        </Button>
        <Button onClick={() => closeThen(onConfirm)}>Hand in this answer</Button>
      </div>
    </dialog>
  );
}
