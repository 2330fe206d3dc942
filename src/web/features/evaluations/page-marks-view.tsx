import { useEffect, useState, type FormEvent } from 'react';
import { submissionFileUrl } from '../../../shared/assignments';
import {
  MAX_PAGE_COMMENT_LENGTH,
  markedPdfUrl,
  totalText,
  type PageComment,
  type PageMarks,
} from '../../../shared/page-marks';
import { Button, buttonClass } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { TextArea, TextField } from '../../components/ui/form-field';
import { usePdf, useWidth } from '../../components/ui/pdf-pages';
import { useAddPageComment, usePageMarks, useRemovePageComment } from './page-marks-api';
import { DEFAULT_BOX, MarkedPage, PageMarkList, type Draft } from './page-overlay';

/**
 * "Marks on the page": the student's own answer pages (pdf.js) with the engine's evidence drawn
 * on them and the teacher's comments; the teachers add pins and boxes, and anyone who may see
 * the marks downloads the marked PDF. The student sees it once marks are published.
 */
export function PageMarksView({
  code,
  submissionId,
  name,
}: {
  code: string;
  submissionId: string;
  name?: string;
}) {
  const reading = usePdf(submissionFileUrl(code, submissionId));
  const query = usePageMarks(code, submissionId);
  const box = useWidth<HTMLDivElement>();
  const [placing, setPlacing] = useState<'pin' | 'box' | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const remove = useRemovePageComment(code, submissionId);
  // a comment is taken off only once the teacher says so; a failure is said, not swallowed
  const [asked, setAsked] = useState<PageComment | null>(null);
  const [removeError, setRemoveError] = useState<string | null>(null);
  const marks = query.data;
  const label = name ? `${name}'s answer with marks` : 'The answer with marks';
  const numberOf = (c: PageComment) => (marks?.comments.indexOf(c) ?? 0) + 1;
  return (
    <section aria-label="Marks on the page" className="min-w-0">
      {marks ? <Toolbar code={code} submissionId={submissionId} marks={marks} /> : null}
      {marks?.canComment ? (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          {(['pin', 'box'] as const).map((kind) => (
            <Button
              key={kind}
              size="sm"
              variant={placing === kind ? 'primary' : 'secondary'}
              aria-pressed={placing === kind}
              onClick={() => setPlacing((p) => (p === kind ? null : kind))}
            >
              {kind === 'pin' ? 'Add a pin' : 'Add a box'}
            </Button>
          ))}
          <p className="text-sm text-slate-700" aria-live="polite">
            {placing === 'pin'
              ? 'Click the page where the comment belongs.'
              : placing === 'box'
                ? 'Drag across the part of the page the comment is about.'
                : 'Choose a pin or a box, then click the page.'}
          </p>
        </div>
      ) : null}
      {removeError ? (
        <p role="alert" className="mb-2 text-sm text-red-800">
          The comment could not be removed. {removeError}
        </p>
      ) : null}
      {query.isError ? (
        <p role="alert" className="mb-2 text-sm text-red-800">
          The marks could not be loaded. {query.error.message}
        </p>
      ) : null}
      <div ref={box.ref} className="min-w-0 space-y-6">
        {reading.status === 'read' && marks && box.width > 0 ? (
          Array.from({ length: reading.pages }, (_, i) => i + 1).map((page) => (
            <div key={page}>
              <MarkedPage
                doc={reading.doc}
                page={page}
                pages={reading.pages}
                width={Math.max(200, box.width - 2)}
                label={label}
                marks={marks}
                numberOf={numberOf}
                draft={draft}
                placing={placing}
                onPlace={(d) => {
                  setDraft(d);
                  setPlacing(null);
                }}
              />
              <PageMarkList
                page={page}
                marks={marks}
                numberOf={numberOf}
                onRemove={
                  marks.canComment
                    ? (c) => {
                        setRemoveError(null);
                        setAsked(c);
                      }
                    : undefined
                }
                removing={remove.isPending ? (remove.variables ?? null) : null}
              />
              {marks.canComment ? (
                draft?.page === page ? (
                  <CommentForm
                    code={code}
                    submissionId={submissionId}
                    draft={draft}
                    onMove={setDraft}
                    onDone={(saved) => {
                      setDraft(null);
                      if (!saved) return;
                      // the form closes and the pane shrinks: the new comment's mark stays in view
                      requestAnimationFrame(() =>
                        document
                          .querySelector(`[data-comment-id="${CSS.escape(saved.id)}"]`)
                          ?.scrollIntoView({ block: 'center' }),
                      );
                    }}
                  />
                ) : (
                  <Button
                    variant="link"
                    size="sm"
                    onClick={() => setDraft({ page, kind: 'pin', x: 0.06, y: 0.04 })}
                  >
                    Comment on page {page}
                  </Button>
                )
              ) : null}
            </div>
          ))
        ) : reading.status === 'failed' ? (
          <p className="text-sm text-slate-800">The answer could not be drawn here.</p>
        ) : (
          <p role="status" className="text-sm text-slate-700">
            Loading the pages…
          </p>
        )}
      </div>
      {/* Escape cancels the question, not the panel around it */}
      <div onKeyDown={(e) => e.key === 'Escape' && e.stopPropagation()}>
        <ConfirmDialog
          open={asked !== null}
          title={`Remove comment ${asked ? numberOf(asked) : ''}?`}
          text={`“${asked?.text ?? ''}” comes off the page, for the student too. This cannot be undone.`}
          confirmLabel="Remove comment"
          busy={remove.isPending}
          onConfirm={() =>
            remove.mutate(asked!.id, {
              onSuccess: () => setAsked(null),
              onError: (err) => {
                setAsked(null);
                setRemoveError(err.message);
              },
            })
          }
          onCancel={() => setAsked(null)}
        />
      </div>
    </section>
  );
}

/** The colours' meaning, the download, and what could not be placed. */
function Toolbar({
  code,
  submissionId,
  marks,
}: {
  code: string;
  submissionId: string;
  marks: PageMarks;
}) {
  if (!marks.published)
    return (
      <p className="mb-3 rounded-lg bg-slate-100 p-3 text-sm text-slate-800">
        Your teacher’s comments on your pages show here once your marks are published.
      </p>
    );
  return (
    <div className="mb-3 space-y-2">
      {marks.total ? (
        <p className="text-sm font-semibold text-slate-900" data-testid="page-marks-total">
          Marks: {totalText(marks.total)}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-800">
        <Legend tone="bg-green-400/60 ring-green-700" text="Key point stated" />
        {marks.canComment ? (
          <Legend tone="bg-amber-400/70 ring-amber-700" text="Key point contradicted" />
        ) : null}
        <Legend tone="bg-blue-700 ring-blue-700" text="Comment" />
        <a
          href={markedPdfUrl(code, submissionId)}
          download
          className={`${buttonClass({ variant: 'outline', size: 'sm' })} ml-auto`}
        >
          Download marked PDF
        </a>
      </div>
      {marks.unplaced > 0 ? (
        <p className="text-sm text-slate-700">
          {marks.unplaced === 1
            ? 'One sentence the marks rest on could not be found on the page'
            : `${marks.unplaced} sentences the marks rest on could not be found on the page`}
          ; the marks and feedback list every key point.
        </p>
      ) : null}
    </div>
  );
}

function Legend({ tone, text }: { tone: string; text: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span aria-hidden="true" className={`inline-block h-3 w-3 rounded-sm ring-1 ${tone}`} />
      {text}
    </span>
  );
}

const percent = (v: number | undefined) => Math.round((v ?? 0) * 1000) / 10;

/**
 * Where the comment goes, without a pointer: a pin or a box, and its place (and a box's size) in
 * percent of the page across and down; the dashed mark on the page follows as the numbers change
 * (the arrow keys step them).
 */
function PlaceFields({ draft, onMove }: { draft: Draft; onMove: (draft: Draft) => void }) {
  const id = `page-comment-${draft.page}`;
  const box = draft.kind === 'box';
  // what is being typed in a field (it may be empty for a moment); the place moves with each number
  const [typing, setTyping] = useState<Partial<Record<'x' | 'y' | 'w' | 'h', string>>>({});
  const move = (key: 'x' | 'y' | 'w' | 'h', value: string) => {
    setTyping((t) => ({ ...t, [key]: value }));
    const v = Number(value);
    if (value === '' || !Number.isFinite(v)) return;
    const next = { ...draft, [key]: Math.min(1, Math.max(0, v / 100)) };
    if (next.kind === 'box') {
      next.w = Math.min(Math.max(0.01, next.w ?? DEFAULT_BOX.w), 1);
      next.h = Math.min(Math.max(0.01, next.h ?? DEFAULT_BOX.h), 1);
      // a box keeps on the page: what moves it off moves it back
      if (key === 'w' || key === 'h') {
        next.w = Math.min(next.w, 1 - next.x);
        next.h = Math.min(next.h, 1 - next.y);
      } else {
        next.x = Math.min(next.x, 1 - next.w);
        next.y = Math.min(next.y, 1 - next.h);
      }
    }
    onMove(next);
  };
  const field = (key: 'x' | 'y' | 'w' | 'h', label: string) => (
    <TextField
      id={`${id}-${key}`}
      label={label}
      type="number"
      inputMode="decimal"
      min={key === 'w' || key === 'h' ? 1 : 0}
      max={100}
      step="any"
      className="w-24"
      value={typing[key] ?? percent(draft[key])}
      onChange={(e) => move(key, e.target.value)}
      onBlur={() => setTyping((t) => ({ ...t, [key]: undefined }))}
    />
  );
  const kind = (k: 'pin' | 'box') => {
    if (k === draft.kind) return;
    if (k === 'pin') return onMove({ page: draft.page, kind: 'pin', x: draft.x, y: draft.y });
    const x = Math.min(draft.x, 1 - DEFAULT_BOX.w);
    const y = Math.min(draft.y, 1 - DEFAULT_BOX.h);
    onMove({ page: draft.page, kind: 'box', x, y, ...DEFAULT_BOX });
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold text-slate-900">Place on page {draft.page}</legend>
      <div className="flex flex-wrap gap-x-4 text-sm text-slate-800">
        {(['pin', 'box'] as const).map((k) => (
          <label key={k} className="inline-flex items-center gap-1.5">
            <input
              type="radio"
              name={`${id}-kind`}
              checked={draft.kind === k}
              onChange={() => kind(k)}
            />
            {k === 'pin' ? 'A pin at a point' : 'A box around a part'}
          </label>
        ))}
      </div>
      <div className="flex flex-wrap gap-3">
        {field('x', box ? 'Left edge, % across' : '% across')}
        {field('y', box ? 'Top edge, % down' : '% down')}
        {box ? field('w', 'Width, %') : null}
        {box ? field('h', 'Height, %') : null}
      </div>
    </fieldset>
  );
}

/** Writes the comment for a place chosen on a page (moved there with the fields, or the pointer); Escape or Cancel drops it. */
function CommentForm({
  code,
  submissionId,
  draft,
  onMove,
  onDone,
}: {
  code: string;
  submissionId: string;
  draft: Draft;
  onMove: (draft: Draft) => void;
  /** The comment was saved (and the pages drawn again with it), or dropped (null). */
  onDone: (saved: PageComment | null) => void;
}) {
  const add = useAddPageComment(code, submissionId);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const id = `page-comment-${draft.page}`;
  // focus the text when a place is chosen on the page, not at each step of the place fields
  useEffect(() => document.getElementById(id)?.focus(), [id]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return setError('Write the comment first.');
    add.mutate({ ...draft, text }, { onSuccess: onDone, onError: (err) => setError(err.message) });
  };
  return (
    <form
      // a place from the pointer is any share of the page: no step or range check blocks saving
      noValidate
      onSubmit={submit}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          // the comment is dropped, not the whole panel
          e.preventDefault();
          e.stopPropagation();
          onDone(null);
        }
      }}
      className="mt-2 space-y-2 rounded-lg border border-blue-200 bg-blue-50 p-3"
    >
      <TextArea
        id={id}
        label={`${draft.kind === 'box' ? 'Comment on the box' : 'Comment at the pin'} on page ${draft.page}`}
        hint="Where the dashed blue mark on the page is; the student sees it once marks are published."
        error={error}
        value={text}
        maxLength={MAX_PAGE_COMMENT_LENGTH}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
      />
      <PlaceFields draft={draft} onMove={onMove} />
      <div className="flex gap-2">
        <Button type="submit" size="sm" busy={add.isPending}>
          Save comment
        </Button>
        <Button variant="secondary" size="sm" onClick={() => onDone(null)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
