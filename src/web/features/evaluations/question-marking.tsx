import { useState, type FormEvent } from 'react';
import type { QuestionState, SubmissionDetail } from '../../../shared/evaluations';
import type { RubricItem } from '../../../shared/review';
import { Button } from '../../components/ui/button';
import { useRubric, useSavedComments, useSetComment, useSetQuestionMark } from './review-api';
import { ErrorLine } from './error-line';
import { QuestionFeedbackEditor } from './question-feedback';
import { AcceptAnswer } from './accept-answer';
import { CorrectReading, QuestionReading } from './correct-reading';
import { formatMarks } from '../../lib/marks';

/**
 * The teacher marks each question (typed marks; empty gives it back to the AI) with a comment,
 * rewrites or hides the feedback the student reads on it, and writes an overall comment;
 * comments already used on this assignment are offered again. Under each question, "Accept
 * answers like this" takes the student's answer as another right one (`onEvaluateAgain`: the
 * teacher started a run from there), and "Correct the reading" fixes what Markwise read in it,
 * after which the answer is regraded at once.
 */
export function QuestionMarking({
  code,
  detail,
  onEvaluateAgain,
}: {
  code: string;
  detail: SubmissionDetail;
  onEvaluateAgain?: () => void;
}) {
  const saved = useSavedComments(code);
  const rubric = useRubric(code);
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
      {review.questions.map((q) => {
        const shown = review.preview?.questions.find((p) => p.number === q.number)?.feedback;
        return (
          <div key={q.number} className="space-y-2 rounded-lg border border-slate-200 p-3">
            <QuestionRow
              key={`${detail.id}-${q.number}-${q.marks}-${q.comment}`}
              code={code}
              id={detail.id}
              q={q}
              items={rubric.data?.questions.find((r) => r.number === q.number)?.items ?? []}
            />
            {detail.ai?.status === 'graded' ? (
              <QuestionReading
                question={q.number}
                read={answerTextOf(detail, q.number)}
                correction={review.readings.find((r) => r.question === q.number)}
                scanned={review.scanned}
              />
            ) : null}
            <QuestionFeedbackEditor
              key={`${detail.id}-${q.number}-${q.feedback}-${q.feedbackHidden}-${shown}`}
              code={code}
              id={detail.id}
              q={q}
              shown={shown ?? null}
            />
            <AcceptAnswer
              code={code}
              submissionId={detail.id}
              question={q.number}
              answerText={answerTextOf(detail, q.number)}
              onEvaluateAgain={onEvaluateAgain}
            />
            {detail.ai?.status === 'graded' ? (
              <CorrectReading
                code={code}
                submissionId={detail.id}
                question={q.number}
                read={answerTextOf(detail, q.number)}
                correction={review.readings.find((r) => r.question === q.number)}
                marks={aiMarksOf(detail)}
              />
            ) : null}
          </div>
        );
      })}
      <OverallComment
        key={`${detail.id}-${review.comment}`}
        code={code}
        id={detail.id}
        comment={review.comment}
      />
    </section>
  );
}

/** The engine's marks of each question of the answer, by number. */
function aiMarksOf(detail: SubmissionDetail): Record<string, number> {
  if (detail.ai?.status !== 'graded') return {};
  return Object.fromEntries(detail.ai.questions.map((q) => [q.number, q.marks]));
}

/** What the student wrote for a question as the engine read it, or nothing before it did. */
function answerTextOf(detail: SubmissionDetail, number: string): string {
  if (detail.ai?.status !== 'graded') return '';
  return detail.ai.questions.find((q) => q.number === number)?.answerText ?? '';
}

function QuestionRow({
  code,
  id,
  q,
  items,
}: {
  code: string;
  id: string;
  q: QuestionState;
  items: RubricItem[];
}) {
  const save = useSetQuestionMark(code, id);
  const [marks, setMarks] = useState(
    q.source === 'teacher' && q.marks !== null && !q.items ? String(q.marks) : '',
  );
  const [ticked, setTicked] = useState<string[]>(q.items ?? []);
  // The items the engine credited while the marks are its own: shown, and ticked in one click.
  const credited = new Set(q.source === 'teacher' ? [] : q.matched);
  const found = items.filter((item) => credited.has(item.text)).map((item) => item.id);
  const [comment, setComment] = useState(q.comment ?? '');
  const toggle = (itemId: string) =>
    setTicked((t) => (t.includes(itemId) ? t.filter((x) => x !== itemId) : [...t, itemId]));
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const body = ticked.length
      ? { items: ticked, comment: comment || null }
      : { marks: marks === '' ? null : Number(marks), comment: comment || null };
    save.mutate({ number: q.number, body });
  };
  const base = `q-${q.number}`;
  return (
    <form onSubmit={handleSubmit} className="space-y-2 text-sm">
      <p className="font-medium text-slate-900">
        Question {q.number} (out of {formatMarks(q.total)}):{' '}
        {q.aiMarks === null ? 'no AI proposal' : `AI proposes ${formatMarks(q.aiMarks)}`}
      </p>
      {items.length ? (
        <fieldset className="space-y-1">
          <legend className="text-slate-800">Rubric items met (the marks are their points)</legend>
          {items.map((item) => (
            <label key={item.id} className="flex min-h-11 items-center gap-2">
              <input
                type="checkbox"
                className="h-5 w-5 shrink-0"
                checked={ticked.includes(item.id)}
                onChange={() => toggle(item.id)}
              />
              <span>
                {item.text} ({formatMarks(item.points)})
                {found.includes(item.id) ? (
                  <span className="text-slate-700"> — Markwise found this</span>
                ) : null}
              </span>
            </label>
          ))}
          {found.length && !ticked.length ? (
            <Button type="button" variant="secondary" onClick={() => setTicked(found)}>
              Tick what Markwise found
            </Button>
          ) : null}
        </fieldset>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <label className="flex flex-col gap-1" htmlFor={`${base}-marks`}>
          {items.length ? 'Or type marks' : 'Your marks'}
          <input
            id={`${base}-marks`}
            disabled={ticked.length > 0}
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
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : `Save question ${q.number}`}
        </Button>
      </div>
      <ErrorLine error={save.error} fallback="Not saved. Please try again." />
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
      <Button type="submit" variant="outline" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save comment'}
      </Button>
    </form>
  );
}
