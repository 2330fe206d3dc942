import { useEffect, useRef, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { showLabel } from '../../../components/ui/file-drop-zone';
import { MAX_PHOTOS, problemText } from './page-image';
import { tooManyPhotos } from './photo-files';
import { buildPdf, photoToPage, type PhotoPage } from './photo-pipeline';

/**
 * What the photos became: the PDF to hand in, per page what the browser found wrong, and the pages
 * themselves, so that the student can come back to them (to retake one) after seeing the reading.
 */
export type PhotoResult = { file: File; pageNotes: (string | null)[]; pages: PhotoPage[] };

/** "Page 2 is hard to read: it looks blurred. Retake it?", or null for a good page. */
export const pageNote = (p: PhotoPage, n: number) =>
  p.problems.length
    ? `Page ${n} is hard to read: ${p.problems.map((x) => problemText[x]).join(', ')}. Retake it?`
    : null;

const turnedNote = (p: PhotoPage) =>
  p.turned === 180 ? 'Turned the right way up' : p.turned ? 'Turned from sideways' : null;

/**
 * "Take photos of your pages": the camera (or the gallery), each photo cleaned into a page the
 * student sees; she reorders, retakes or deletes pages, then makes one PDF within the 500 kB
 * limit, which the hand-in form takes like a chosen file. Loaded on first use, in its own chunk.
 * Opened again with the pages a PDF was made of, it starts from them as they were.
 */
export default function PhotoPages({
  initial,
  kept = [],
  onDone,
  onCancel,
}: {
  /** The photos picked with the form's own "Take photos of your pages". */
  initial: File[];
  /** The pages made earlier, to start from (their pictures shown afresh). */
  kept?: PhotoPage[];
  onDone: (result: PhotoResult) => void;
  onCancel: () => void;
}) {
  // The kept pages' pictures get URLs of their own once the screen is shown (and let go with it):
  // those they had were let go with the screen that made them.
  const [pages, setPages] = useState<PhotoPage[]>(() => kept.map((p) => ({ ...p, url: '' })));
  useEffect(() => {
    if (!kept.length) return;
    const made = new Map(kept.map((p) => [p.id, URL.createObjectURL(p.image)]));
    setPages((old) => old.map((p) => (made.has(p.id) ? { ...p, url: made.get(p.id)! } : p)));
    return () => made.forEach((u) => URL.revokeObjectURL(u));
    // the kept pages once, as the form handed them over
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const [refusals, setRefusals] = useState<string[]>([]);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const retaking = useRef<string | null>(null);
  const retakeInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // after a page is moved or deleted: the buttons to give the focus to, the first enabled one
  // (none left: the heading), so that the keyboard keeps its place
  const refocus = useRef<string[] | null>(null);
  const section = useRef<HTMLElement>(null);
  const started = useRef(false);
  useEffect(() => {
    heading.current?.focus();
    if (started.current) return;
    started.current = true;
    void add(initial);
    // the first photos once, as the form handed them over
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = null;
    const button = wanted
      .map((a) => section.current?.querySelector<HTMLButtonElement>(`[data-action="${a}"]`))
      .find((b) => b && !b.disabled);
    (button ?? heading.current)?.focus();
  }, [pages]);
  // the new pages' previews are object URLs: let them go with the pages
  const urls = useRef(new Set<string>());
  useEffect(() => {
    const made = urls.current;
    return () => made.forEach((u) => URL.revokeObjectURL(u));
  }, []);

  const add = async (files: FileList | File[] | null, replace: string | null = null) => {
    const list = Array.from(files ?? []);
    if (!list.length) return;
    setError(null);
    const room = MAX_PHOTOS - pages.length + (replace ? 1 : 0);
    if (list.length > room) {
      setRefusals([tooManyPhotos(pages.length - (replace ? 1 : 0) + list.length)]);
      return;
    }
    const made: PhotoPage[] = [];
    const refused: string[] = [];
    // a retake is numbered as the page it replaces, new photos after the pages there are
    const replaced = replace ? pages.findIndex((p) => p.id === replace) : -1;
    const first = replaced >= 0 ? replaced : pages.length;
    for (const [i, file] of list.entries()) {
      setBusy(`Cleaning photo ${i + 1} of ${list.length}…`);
      const out = await photoToPage(file, first + i).catch(
        () => `Photo ${first + i + 1} could not be opened.`,
      );
      if (typeof out === 'string') refused.push(out);
      else {
        urls.current.add(out.url);
        made.push(out);
      }
    }
    setBusy(null);
    setRefusals(refused);
    setPages((old) => {
      if (!replace) return [...old, ...made];
      // a retake that failed keeps the page it was to replace
      if (!made.length) return old;
      const at = old.findIndex((p) => p.id === replace);
      return at < 0 ? [...old, ...made] : [...old.slice(0, at), ...made, ...old.slice(at + 1)];
    });
  };

  const move = (at: number, by: -1 | 1) =>
    setPages((old) => {
      const next = [...old];
      [next[at], next[at + by]] = [next[at + by]!, next[at]!];
      return next;
    });

  const make = async () => {
    setBusy('Making one PDF of your pages…');
    setError(null);
    const built = await buildPdf(pages).catch(() => 'The PDF could not be made in this browser.');
    setBusy(null);
    if (typeof built === 'string') return setError(built);
    onDone({ file: built.file, pageNotes: pages.map((p, i) => pageNote(p, i + 1)), pages });
  };

  const inputClass = 'sr-only';
  return (
    <section
      ref={section}
      aria-labelledby="photos-heading"
      className="space-y-4 rounded-lg border border-slate-300 p-4"
    >
      <h3
        id="photos-heading"
        ref={heading}
        tabIndex={-1}
        className="text-base font-semibold text-slate-900 focus:outline-none"
      >
        Photos of your pages
      </h3>
      <p className="text-sm text-slate-700">
        Lay each page flat on a darker surface, in good light, and take it from straight above.
        Markwise finds the page, straightens it and makes it black and white on this device; nothing
        is sent until you press Submit Assignment.
      </p>
      <div className="flex flex-wrap gap-2">
        <label
          className={`${buttonClass({ variant: 'primary' })} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2`}
        >
          Add photos
          <input
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            className={inputClass}
            onFocus={showLabel}
            disabled={busy !== null}
            data-testid="camera-input"
            onChange={(e) => {
              void add(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </label>
        <label
          className={`${buttonClass({ variant: 'outline' })} cursor-pointer has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2`}
        >
          Choose photos
          <input
            type="file"
            accept="image/*,.heic,.heif"
            multiple
            className={inputClass}
            onFocus={showLabel}
            disabled={busy !== null}
            onChange={(e) => {
              void add(e.currentTarget.files);
              e.currentTarget.value = '';
            }}
          />
        </label>
        <input
          ref={retakeInput}
          type="file"
          accept="image/*"
          capture="environment"
          className={inputClass}
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            void add(e.currentTarget.files, retaking.current);
            retaking.current = null;
            e.currentTarget.value = '';
          }}
        />
      </div>
      <div role="status" aria-live="polite" className="text-sm text-slate-700">
        {busy ?? (pages.length ? `${pages.length} ${pages.length === 1 ? 'page' : 'pages'}` : '')}
      </div>
      {refusals.length ? (
        <Alert tone="error" title="Some photos were not used">
          <ul className="list-disc pl-5">
            {refusals.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {pages.length ? (
        <ol aria-label="Your pages" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
          {pages.map((p, i) => {
            const note = pageNote(p, i + 1);
            const turned = turnedNote(p);
            return (
              <li key={p.id} className="space-y-2 rounded-md border border-slate-200 bg-white p-2">
                {p.url ? (
                  <img
                    src={p.url}
                    alt={`Page ${i + 1} as it will be handed in`}
                    className="w-full border border-slate-200"
                  />
                ) : (
                  <div className="aspect-[210/297] w-full border border-slate-200 bg-slate-100" />
                )}
                <p className="text-sm font-medium text-slate-900">Page {i + 1}</p>
                {turned ? <p className="text-xs text-slate-700">{turned}</p> : null}
                {note ? (
                  <p className="text-sm font-medium text-amber-900" data-testid="page-warning">
                    {note}
                  </p>
                ) : null}
                <div className="flex flex-wrap gap-1">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={i === 0}
                    aria-label={`Move page ${i + 1} up`}
                    data-action={`up:${p.id}`}
                    onClick={() => {
                      // the moved page keeps the focus: this button, or the other way at the top
                      refocus.current = [`up:${p.id}`, `down:${p.id}`];
                      move(i, -1);
                    }}
                  >
                    ↑
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={i === pages.length - 1}
                    aria-label={`Move page ${i + 1} down`}
                    data-action={`down:${p.id}`}
                    onClick={() => {
                      refocus.current = [`down:${p.id}`, `up:${p.id}`];
                      move(i, 1);
                    }}
                  >
                    ↓
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`Retake page ${i + 1}`}
                    onClick={() => {
                      retaking.current = p.id;
                      retakeInput.current?.click();
                    }}
                  >
                    Retake
                  </Button>
                  <Button
                    size="sm"
                    variant="danger-outline"
                    data-action={`delete:${p.id}`}
                    aria-label={`Delete page ${i + 1}`}
                    onClick={() => {
                      // the focus goes to the page that takes its place, else the one before
                      const next = pages[i + 1] ?? pages[i - 1];
                      refocus.current = next ? [`delete:${next.id}`] : [];
                      setPages((old) => old.filter((x) => x.id !== p.id));
                    }}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button disabled={!pages.length || busy !== null} onClick={() => void make()}>
          Use these {pages.length || ''} {pages.length === 1 ? 'page' : 'pages'}
        </Button>
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
