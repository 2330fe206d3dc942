import { useState, type FormEvent } from 'react';
import type { QuestionState } from '../../../shared/evaluations';
import { Button } from '../../components/ui/button';
import { ErrorLine } from './error-line';
import { useSetQuestionFeedback } from './review-api';

/**
 * The feedback a student reads on one question, for the teacher to change before publishing: the
 * text starts as what the student would read now (Markwise's words, or the teacher's own); the
 * teacher rewrites it, hides it, or goes back to Markwise's. `shown` is that question's feedback
 * in the preview.
 */
export function QuestionFeedbackEditor({
  code,
  id,
  q,
  shown,
}: {
  code: string;
  id: string;
  q: QuestionState;
  shown: string | null;
}) {
  const save = useSetQuestionFeedback(code, id);
  const engine = q.feedback === null && !q.feedbackHidden ? shown : null;
  const [text, setText] = useState(q.feedback ?? shown ?? '');
  const [hidden, setHidden] = useState(q.feedbackHidden);
  const own = q.feedback !== null || q.feedbackHidden;
  const base = `q-${q.number}-feedback`;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    const words = text.trim();
    const unchanged = words === '' || (engine !== null && words === engine.trim());
    save.mutate({
      number: q.number,
      body: hidden
        ? { text: null, hidden: true }
        : { text: unchanged ? null : words, hidden: false },
    });
  };
  return (
    <form onSubmit={handleSubmit} className="space-y-2 text-sm">
      <label htmlFor={`${base}-text`} className="block font-medium text-slate-900">
        Feedback the student reads on question {q.number}
      </label>
      <p id={`${base}-hint`} className="text-slate-700">
        {q.feedbackHidden
          ? 'Hidden: the student reads no feedback on this question.'
          : q.feedback !== null
            ? 'Your own words.'
            : shown
              ? 'Markwise’s words; change them to make them yours.'
              : 'Markwise has no feedback here that agrees with these marks; write your own if you like.'}
      </p>
      <textarea
        id={`${base}-text`}
        aria-describedby={`${base}-hint`}
        maxLength={2000}
        disabled={hidden}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className="min-h-20 w-full rounded-lg border border-slate-400 p-2 disabled:bg-slate-100"
      />
      <label className="flex min-h-11 items-center gap-2">
        <input
          type="checkbox"
          className="h-5 w-5"
          checked={hidden}
          onChange={(e) => setHidden(e.target.checked)}
        />
        Hide the feedback on question {q.number}
      </label>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="outline" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : `Save feedback on question ${q.number}`}
        </Button>
        {own ? (
          <Button
            variant="link"
            size="sm"
            disabled={save.isPending}
            onClick={() => save.mutate({ number: q.number, body: { text: null, hidden: false } })}
          >
            Use Markwise’s feedback again
          </Button>
        ) : null}
      </div>
      <ErrorLine error={save.error} fallback="Not saved. Please try again." />
    </form>
  );
}
