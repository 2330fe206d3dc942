import { useEffect, useRef, useState } from 'react';
import type { PDFDocumentProxy } from 'pdfjs-dist';

/** What the browser's reading of a PDF found: its pages, or that it could not be opened. */
export type PdfReading =
  | { status: 'reading' }
  | { status: 'read'; doc: PDFDocumentProxy; pages: number }
  | { status: 'failed' };

/**
 * Opens a PDF in the browser with pdf.js (loaded only when needed, its worker from this site, no
 * eval under the page's CSP). `source` is the file's bytes or a same-site address.
 */
export function usePdf(source: Blob | string | null): PdfReading {
  const [reading, setReading] = useState<PdfReading>({ status: 'reading' });
  useEffect(() => {
    if (!source) return;
    let cancelled = false;
    let doc: PDFDocumentProxy | undefined;
    setReading({ status: 'reading' });
    void (async () => {
      try {
        const [pdfjs, worker] = await Promise.all([
          import('pdfjs-dist'),
          import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
        ]);
        pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
        const params =
          typeof source === 'string'
            ? { url: source, withCredentials: true }
            : { data: new Uint8Array(await source.arrayBuffer()) };
        doc = await pdfjs.getDocument({ ...params, isEvalSupported: false }).promise;
        if (cancelled) return void doc.destroy();
        setReading({ status: 'read', doc, pages: doc.numPages });
      } catch {
        if (!cancelled) setReading({ status: 'failed' });
      }
    })();
    return () => {
      cancelled = true;
      void doc?.destroy();
    };
  }, [source]);
  return reading;
}

/**
 * One page of an open PDF drawn on a canvas `width` CSS pixels wide (sharp on high-density
 * screens). `label` is what a screen reader hears instead of the picture.
 */
export function PdfPage({
  doc,
  page,
  width,
  label,
}: {
  doc: PDFDocumentProxy;
  page: number;
  width: number;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  useEffect(() => {
    let cancelled = false;
    let task: { cancel: () => void } | undefined;
    void (async () => {
      const p = await doc.getPage(page);
      const el = canvas.current;
      if (cancelled || !el || width <= 0) return;
      const base = p.getViewport({ scale: 1 });
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: (width / base.width) * ratio });
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      el.style.width = `${width}px`;
      el.style.height = `${Math.floor(viewport.height / ratio)}px`;
      const render = p.render({ canvas: el, viewport });
      task = render;
      try {
        await render.promise;
        if (!cancelled) setDrawn(true);
      } catch {
        // cancelled by a newer width, or the document was closed
      }
    })();
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [doc, page, width]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-drawn={drawn || undefined}
      className="block max-w-none rounded border border-slate-300 bg-white shadow-sm"
    />
  );
}

/** The width of an element in CSS pixels, following it as the window changes size. */
export function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(Math.floor(el.clientWidth)));
    observer.observe(el);
    setWidth(Math.floor(el.clientWidth));
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}
