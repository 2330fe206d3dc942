import { useRef, useState, type FormEvent } from 'react';
import type { SubmissionDetail } from '../../../shared/evaluations';
import type { PublishedMarks as Published, RegradeRequest } from '../../../shared/review';
import { Button } from '../../components/ui/button';
import { useAskRegrade, useRegradeRequests } from './review-api';
import { ErrorLine } from './error-line';
import { formatDateTime } from '../../lib/dates';
import { formatMarks } from '../../lib/marks';

/**
 * What a student reads once the teacher has published: marks per question with the key points
 * covered and missed, the teacher's comments, the feedback, and a regrade request per question.
 */
export function PublishedMarks({ code, detail }: { code: string; detail: SubmissionDetail }) {
  const shown = detail.published as Published;
  const requests = useRegradeRequests(code);
  return (
    <div className="space-y-5">
      <div className="rounded-lg bg-slate-50 p-3">
        <p className="text-sm text-slate-700">Your marks</p>
        <p className="text-xl font-bold text-slate-900">
          {shown.marks === null ? '–' : formatMarks(shown.marks)} / {shown.total}
        </p>
        <p className="text-xs text-slate-700">Published {formatDateTime(shown.publishedAt)}</p>
      </div>
      {shown.comment ? (
        <section aria-labelledby="teacher-comment-h">
          <h3 id="teacher-comment-h" className="font-semibold text-slate-900">
            Your teacher’s comment
          </h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{shown.comment}</p>
        </section>
      ) : null}
      {shown.feedback ? (
        <section aria-labelledby="feedback-h">
          <h3 id="feedback-h" className="font-semibold text-slate-900">
            Feedback
          </h3>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{shown.feedback}</p>
        </section>
      ) : null}
      <ol className="space-y-4">
        {shown.questions.map((q) => (
          <li key={q.number} className="rounded-lg border border-slate-200 p-3 text-sm">
            <h3 className="font-semibold text-slate-900">
              Question {q.number}: {q.marks === null ? '–' : formatMarks(q.marks)} /{' '}
              {formatMarks(q.total)}
            </h3>
            {q.matched.length ? <KeyPoints title="Covered" points={q.matched} /> : null}
            {q.missing.length ? <KeyPoints title="Missing" points={q.missing} /> : null}
            {q.comment ? <p className="mt-2 text-slate-800">Comment: {q.comment}</p> : null}
            <Regrade
              code={code}
              submissionId={detail.id}
              question={q.number}
              request={requests.data?.requests.find((r) => r.question === q.number)}
            />
          </li>
        ))}
      </ol>
    </div>
  );
}

function KeyPoints({ title, points }: { title: string; points: string[] }) {
  return (
    <div className="mt-2">
      <p className="font-medium text-slate-800">{title}</p>
      <ul className="list-disc pl-5 text-slate-800">
        {points.map((p) => (
          <li key={p}>{p}</li>
        ))}
      </ul>
    </div>
  );
}

/** A question's regrade: the request and its answer, or a form to ask once. */
function Regrade({
  code,
  submissionId,
  question,
  request,
}: {
  code: string;
  submissionId: string;
  question: string;
  request?: RegradeRequest;
}) {
  const ask = useAskRegrade(code, submissionId);
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const sent = useRef(false);
  if (request) {
    return (
      <div
        ref={(el) => {
          // the request just sent replaces its form: focus follows, not to the page's start
          if (el && sent.current) {
            sent.current = false;
            el.focus();
          }
        }}
        tabIndex={-1}
        className="mt-2 rounded-lg bg-slate-50 p-2 text-slate-800"
      >
        <p>You asked for a regrade: {request.reason}</p>
        <p className="mt-1 font-medium">
          {request.status === 'open'
            ? 'Waiting for your teacher’s answer.'
            : `Your teacher answered: ${request.response}`}
        </p>
      </div>
    );
  }
  if (!open) {
    return (
      <Button variant="link" onClick={() => setOpen(true)} className="mt-2">
        Ask for a regrade of question {question}
      </Button>
    );
  }
  const id = `regrade-${question}`;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    sent.current = true;
    ask.mutate({ question, reason });
  };
  return (
    <form onSubmit={handleSubmit} className="mt-2 space-y-2">
      <label htmlFor={id} className="block font-medium text-slate-800">
        Why should question {question} be marked again?
      </label>
      <textarea
        id={id}
        // the button that opened the form is gone: focus goes to what there is to type
        autoFocus
        required
        maxLength={2000}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        className="min-h-20 w-full rounded-lg border border-slate-400 p-2"
      />
      <ErrorLine error={ask.error} fallback="The request could not be sent. Please try again." />
      <Button type="submit" disabled={ask.isPending}>
        {ask.isPending ? 'Sending…' : 'Send regrade request'}
      </Button>
    </form>
  );
}
