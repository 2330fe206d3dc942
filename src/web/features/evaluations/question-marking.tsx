import { useState, type FormEvent } from 'react';
import type { QuestionState, SubmissionDetail } from '../../../shared/evaluations';
import { ApiError } from '../../lib/api';
import { useSavedComments, useSetComment, useSetQuestionMark } from './review-api';
import { formatMarks } from './review-rules';

/**
 * The teacher marks each question (typed marks; empty gives it back to the AI) with a comment,
 * and writes an overall comment; comments already used on this assignment are offered again.
 */
export function QuestionMarking({ code, detail }: { code: string; detail: SubmissionDetail }) {
  const saved = useSavedComments(code);
  const review = detail.review;
  if (!review) return null;
  return (
    <section aria-labelledby="marking-h" className="space-y-3">
      <h3 id="marking-h" className="font-semibold text-slate-900">
        Mark each question yourself
      </h3>
      <datalist id="saved-comments">
        {(saved.data?.comments ?? []).map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      {review.questions.map((q) => (
        <QuestionRow
          key={`${detail.id}-${q.number}-${q.marks}-${q.comment}`}
          code={code}
          id={detail.id}
          q={q}
        />
      ))}
      <OverallComment
        key={`${detail.id}-${review.comment}`}
        code={code}
        id={detail.id}
        comment={review.comment}
      />
    </section>
  );
}

function QuestionRow({ code, id, q }: { code: string; id: string; q: QuestionState }) {
  const save = useSetQuestionMark(code, id);
  const [marks, setMarks] = useState(
    q.source === 'teacher' && q.marks !== null ? String(q.marks) : '',
  );
  const [comment, setComment] = useState(q.comment ?? '');
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      number: q.number,
      body: { marks: marks === '' ? null : Number(marks), comment: comment || null },
    });
  };
  const base = `q-${q.number}`;
  return (
    <form
      onSubmit={handleSubmit}
      className="space-y-2 rounded-lg border border-slate-200 p-3 text-sm"
    >
      <p className="font-medium text-slate-900">
        Question {q.number} (out of {formatMarks(q.total)}):{' '}
        {q.aiMarks === null ? 'no AI proposal' : `AI proposes ${formatMarks(q.aiMarks)}`}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex flex-col gap-1" htmlFor={`${base}-marks`}>
          Your marks
          <input
            id={`${base}-marks`}
            type="number"
            min={0}
            max={q.total}
            step={0.01}
            inputMode="decimal"
            value={marks}
            onChange={(e) => setMarks(e.target.value)}
            placeholder={q.aiMarks === null ? '' : String(q.aiMarks)}
            className="min-h-11 w-28 rounded-lg border border-slate-400 px-3"
          />
        </label>
        <label className="flex flex-1 flex-col gap-1" htmlFor={`${base}-comment`}>
          Comment for the student
          <input
            id={`${base}-comment`}
            list="saved-comments"
            maxLength={2000}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            className="min-h-11 rounded-lg border border-slate-400 px-3"
          />
        </label>
        <button
          type="submit"
          disabled={save.isPending}
          className="min-h-11 rounded-lg bg-brand-700 px-4 font-semibold text-white disabled:opacity-60"
        >
          {save.isPending ? 'Saving…' : `Save question ${q.number}`}
        </button>
      </div>
      {save.error ? (
        <p role="alert" className="text-red-800">
          {save.error instanceof ApiError ? save.error.message : 'Not saved. Please try again.'}
        </p>
      ) : null}
    </form>
  );
}

function OverallComment({
  code,
  id,
  comment,
}: {
  code: string;
  id: string;
  comment: string | null;
}) {
  const save = useSetComment(code, id);
  const [text, setText] = useState(comment ?? '');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(text || null);
      }}
      className="space-y-2 text-sm"
    >
      <label htmlFor="overall-comment" className="block font-medium text-slate-900">
        Overall comment for the student
      </label>
      <textarea
        id="overall-comment"
        maxLength={2000}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="min-h-20 w-full rounded-lg border border-slate-400 p-2"
      />
      <button
        type="submit"
        disabled={save.isPending}
        className="min-h-11 rounded-lg border border-brand-700 px-4 font-semibold text-brand-700 disabled:opacity-60"
      >
        {save.isPending ? 'Saving…' : 'Save comment'}
      </button>
    </form>
  );
}
