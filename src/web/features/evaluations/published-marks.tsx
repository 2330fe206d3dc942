import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { SubmissionDetail } from '../../../shared/evaluations';
import type { PublishedMarks as Published, RegradeRequest } from '../../../shared/review';
import { Button } from '../../components/ui/button';
import { useAskRegrade, useRegradeRequests } from './review-api';
import { ErrorLine } from './error-line';
import { MathsFindings } from './maths-findings';
import { formatDateTime } from '../../lib/dates';
import { formatMarks } from '../../lib/marks';

/**
 * What a student reads once the teacher has published: marks per question with the key points
 * covered and missed, the teacher's comments, the feedback, and a regrade request per question.
 */
export function PublishedMarks({ code, detail }: { code: string; detail: SubmissionDetail }) {
  const requests = useRegradeRequests(code);
  return (
    <StudentMarks
      shown={detail.published as Published}
      level={3}
      late={detail.late}
      questionEnd={(number) => (
        <Regrade
          code={code}
          submissionId={detail.id}
          question={number}
          request={requests.data?.requests.find((r) => r.question === number)}
        />
      )}
    />
  );
}

/** Why the key points are named, not quoted (the teacher keeps the model answer private until…). */
const keyPointsNote: Record<Published['keyPoints'], string | null> = {
  quoted: null,
  'named-until-deadline':
    'Key points are named by their first words until the deadline has passed; then they are shown in full.',
  named: 'Key points are named by their first words: your teacher keeps the model answer private.',
};

/**
 * Marks and reasons exactly as the server gives them to the student: the student's own page,
 * and the teacher's preview of it. A question without marks of its own (the teacher set the
 * total by hand) shows none, never "– / 4".
 */
export function StudentMarks({
  shown,
  level,
  preview = false,
  questionEnd,
  late = null,
}: {
  shown: Published;
  /** Handed in late: the marks after the late penalty (the server's), shown as the ones that count. */
  late?: SubmissionDetail['late'];
  level: 3 | 4;
  /** The teacher's preview: not published yet. */
  preview?: boolean;
  questionEnd?: (number: string) => ReactNode;
}) {
  const id = useId();
  const H = level === 3 ? 'h3' : 'h4';
  const wholeOnly = shown.marks !== null && shown.questions.every((q) => q.marks === null);
  const note = keyPointsNote[shown.keyPoints];
  return (
    <div className="space-y-5">
      <div className="rounded-lg bg-slate-50 p-3">
        <p className="text-sm text-slate-700">Your marks</p>
        {late && late.penalisedMarks !== null && shown.marks !== null ? (
          <>
            <p className="text-xl font-bold text-slate-900">
              {formatMarks(late.penalisedMarks)} / {shown.total}
            </p>
            <p className="text-sm text-slate-800">
              {formatMarks(shown.marks)} / {shown.total} − {late.penaltyPercent}% for handing in{' '}
              {late.lateBy} late
            </p>
          </>
        ) : (
          <p className="text-xl font-bold text-slate-900">
            {shown.marks === null ? '–' : formatMarks(shown.marks)} / {shown.total}
          </p>
        )}
        <p className="text-xs text-slate-700">
          {preview
            ? 'As the student will read it once you publish'
            : `Published ${formatDateTime(shown.publishedAt)}`}
        </p>
      </div>
      {wholeOnly ? (
        <p className="text-sm text-slate-800">
          Your teacher marked your answer as a whole, so the questions have no marks of their own.
        </p>
      ) : null}
      {shown.comment ? (
        <section aria-labelledby={`${id}-comment`}>
          <H id={`${id}-comment`} className="font-semibold text-slate-900">
            Your teacher’s comment
          </H>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{shown.comment}</p>
        </section>
      ) : null}
      {shown.feedback ? (
        <section aria-labelledby={`${id}-feedback`}>
          <H id={`${id}-feedback`} className="font-semibold text-slate-900">
            Feedback
          </H>
          <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{shown.feedback}</p>
        </section>
      ) : null}
      {note ? <p className="text-sm text-slate-800">{note}</p> : null}
      <ol className="space-y-4">
        {shown.questions.map((q) => (
          <li key={q.number} className="rounded-lg border border-slate-200 p-3 text-sm">
            <H className="font-semibold text-slate-900">
              Question {q.number}
              {q.marks === null ? null : `: ${formatMarks(q.marks)} / ${formatMarks(q.total)}`}
            </H>
            {q.feedback ? (
              <p className="mt-1 whitespace-pre-line break-words text-slate-800">{q.feedback}</p>
            ) : null}
            {q.matched.length ? <KeyPoints title="Covered" points={q.matched} /> : null}
            {q.missing.length ? <KeyPoints title="Missing" points={q.missing} /> : null}
            <MathsFindings findings={q.maths} title="Your values and equations" />
            {q.comment ? <p className="mt-2 text-slate-800">Comment: {q.comment}</p> : null}
            {questionEnd?.(q.number)}
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
        {points.map((p, i) => (
          <li key={i}>{p}</li>
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
  // after Cancel, focus goes back to the button that opened the form
  const reopen = useRef(false);
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
      <Button
        ref={(el) => {
          if (el && reopen.current) {
            reopen.current = false;
            el.focus();
          }
        }}
        variant="link"
        onClick={() => setOpen(true)}
        className="mt-2"
      >
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
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={ask.isPending}>
          {ask.isPending ? 'Sending…' : 'Send regrade request'}
        </Button>
        <Button
          variant="secondary"
          disabled={ask.isPending}
          onClick={() => {
            reopen.current = true;
            setReason('');
            setOpen(false);
          }}
        >
          Cancel
        </Button>
      </div>
    </form>
  );
}
