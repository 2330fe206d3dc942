import { useId, useState, type ReactNode } from 'react';
import {
  FULL_MARKS_PREFIX,
  type AiResult,
  type SubmissionDetail,
} from '../../../shared/evaluations';
import { messages } from '../../../shared/messages';
import { Button } from '../../components/ui/button';
import { PublishedMarks, StudentMarks } from './published-marks';
import { QuestionBreakdown } from './question-breakdown';
import { QuestionMarking } from './question-marking';
import { NeedsReviewFlag, SourceBadge, UnreadableFlag } from './review-badges';
import { formatConfidence, reviewReasonTexts } from './review-rules';
import { formatDateTime } from '../../lib/dates';
import { formatMarks } from '../../lib/marks';

type Mode = 'owner' | 'student';
type Graded = Extract<AiResult, { status: 'graded' }>;

/**
 * What a submission's marks are made of: current marks and their source, the AI's proposal,
 * confidence and review reasons (teacher only), feedback and the per-question breakdown.
 * `onEvaluateAgain`: the teacher started a run from an accepted answer.
 */
export function SubmissionExplanation({
  code,
  detail,
  mode,
  onEvaluateAgain,
}: {
  code: string;
  detail: SubmissionDetail;
  mode: Mode;
  onEvaluateAgain?: () => void;
}) {
  if (mode === 'student') {
    return detail.published ? (
      <PublishedMarks code={code} detail={detail} />
    ) : (
      <div className="space-y-1 text-slate-800">
        <p>{messages.marksNotPublished}</p>
        <p className="text-sm">
          A notice on your dashboard tells you when they are; then your marks and feedback appear
          here.
        </p>
      </div>
    );
  }
  const { ai } = detail;
  return (
    <div className="space-y-5">
      <MarksSummary detail={detail} mode={mode} />
      <PublishedNote detail={detail} />
      <QuestionMarking code={code} detail={detail} onEvaluateAgain={onEvaluateAgain} />
      <StudentPreview detail={detail} />
      {ai === null ? (
        <p className="text-sm text-slate-800">{notEvaluatedText(detail, mode)}</p>
      ) : ai.status === 'unreadable' ? (
        <div className="space-y-1 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
          <UnreadableFlag />
          <p>{ai.reason}</p>
          {mode === 'owner' ? (
            <p>
              {detail.marksSource === 'teacher'
                ? 'You have marked this answer yourself.'
                : 'Read the PDF beside, then give the marks yourself with the pencil on its row.'}
            </p>
          ) : null}
        </div>
      ) : (
        <>
          {mode === 'owner' && ai.needsReview ? (
            <ReviewReasons ai={ai} open={detail.marksSource !== 'teacher'} />
          ) : null}
          <section aria-labelledby="feedback-h">
            <h3 id="feedback-h" className="font-semibold text-slate-900">
              Feedback
            </h3>
            <p className="mt-1 text-sm whitespace-pre-line break-words text-slate-800">
              {corrected(detail, ai) ? ai.feedback.replace(FULL_MARKS_PREFIX, '') : ai.feedback}
            </p>
          </section>
          {corrected(detail, ai) ? <CorrectedNote detail={detail} ai={ai} mode={mode} /> : null}
          <QuestionBreakdown
            questions={ai.questions}
            marks={!corrected(detail, ai) ? 'shown' : mode === 'owner' ? 'ai' : 'hidden'}
          />
        </>
      )}
    </div>
  );
}

/** Whether the teacher set marks other than the AI's, so its per-question marks no longer add up. */
function corrected(detail: SubmissionDetail, ai: Graded): boolean {
  return detail.marksSource === 'teacher' && detail.marks !== ai.marks;
}

/** Says whose marks stand, so the AI's breakdown below never reads as contradicting them. */
function CorrectedNote({ detail, ai, mode }: { detail: SubmissionDetail; ai: Graded; mode: Mode }) {
  const total = detail.totalMarks;
  return (
    <p className="rounded-lg border border-sky-200 bg-sky-50 p-3 text-sm text-sky-950">
      {mode === 'owner'
        ? `You set ${formatMarks(detail.marks ?? 0)} / ${total}. The breakdown below is the AI's proposal of ${formatMarks(ai.marks)} / ${total}.`
        : `Your teacher reviewed your answer and set your marks. The feedback and key points below come from Markwise's reading of your answer.`}
    </p>
  );
}

function notEvaluatedText(detail: SubmissionDetail, mode: Mode): string {
  if (mode === 'owner')
    return detail.marksSource === 'teacher'
      ? 'You marked this answer yourself; the AI has not evaluated it.'
      : 'Not evaluated yet. Press Evaluate Now! to grade this answer.';
  return detail.marks === null
    ? 'Your answer has not been evaluated yet.'
    : 'Your teacher marked this answer.';
}

/** Marks (with their source for the teacher), the AI's proposal and confidence, when graded. */
function MarksSummary({ detail, mode }: { detail: SubmissionDetail; mode: Mode }) {
  const owner = mode === 'owner';
  const { ai, totalMarks: total } = detail;
  const outOf = (m: number | null) =>
    m === null ? messages.notEvaluated : `${formatMarks(m)} / ${total}`;
  return (
    <dl className="grid grid-cols-2 gap-3 text-sm">
      <Figure term={owner ? 'Marks' : 'Your marks'}>
        {outOf(detail.marks)}
        {owner && detail.marksSource ? (
          <SourceBadge source={detail.marksSource === 'ai' ? 'AI' : 'Teacher'} />
        ) : null}
      </Figure>
      {detail.late ? (
        <Figure term={`After the late penalty (−${detail.late.penaltyPercent}%)`}>
          {detail.late.penalisedMarks === null
            ? '–'
            : `${formatMarks(detail.late.penalisedMarks)} / ${total}`}
          <span className="block text-xs font-normal text-slate-700">
            Late by {detail.late.lateBy}
          </span>
        </Figure>
      ) : null}
      {owner ? (
        <Figure term="AI proposal">{detail.aiMarks === null ? '–' : outOf(detail.aiMarks)}</Figure>
      ) : null}
      {owner && ai?.status === 'graded' ? (
        <Figure term="Confidence">{formatConfidence(ai.confidence)}</Figure>
      ) : null}
      {detail.gradedAt ? (
        <Figure term="Graded" small>
          {formatDateTime(detail.gradedAt)}
        </Figure>
      ) : null}
    </dl>
  );
}

function Figure({ term, small, children }: { term: string; small?: boolean; children: ReactNode }) {
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <dt className="text-slate-700">{term}</dt>
      <dd
        className={`mt-1 flex flex-wrap items-center gap-2 text-slate-900 ${small ? '' : 'text-xl font-bold'}`}
      >
        {children}
      </dd>
    </div>
  );
}

/** Why the engine asked for a review; once the teacher has set the marks, kept as a record. */
function ReviewReasons({ ai, open }: { ai: Graded; open: boolean }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      {open ? (
        <NeedsReviewFlag />
      ) : (
        <p className="font-medium">Reviewed: you set these marks. The AI had asked for a review:</p>
      )}
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {reviewReasonTexts(ai.reviewReasons, ai.confidence).map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Exactly what the student would read if these marks were published now, as the server would give
 * it to them (the feedback that follows the marks that stand, the key points named or quoted).
 * Shown on request: the marking above stays within reach.
 */
function StudentPreview({ detail }: { detail: SubmissionDetail }) {
  const [open, setOpen] = useState(false);
  const preview = detail.review?.preview;
  const regionId = useId();
  return (
    <section
      aria-labelledby="student-preview-h"
      className="space-y-3 rounded-lg border border-slate-300 bg-white p-3"
    >
      <h3 id="student-preview-h" className="font-semibold text-slate-900">
        What {detail.studentName} will see
      </h3>
      <Button
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? 'Hide the preview' : 'Preview what the student will see'}
      </Button>
      <div id={regionId} hidden={!open}>
        {!open ? null : preview ? (
          <StudentMarks shown={preview} level={4} preview late={detail.late} />
        ) : (
          <p className="text-sm text-slate-800">Nothing yet: this answer has no marks.</p>
        )}
      </div>
    </section>
  );
}

/** Whether the student sees these marks yet, and whether they have changed since. */
function PublishedNote({ detail }: { detail: SubmissionDetail }) {
  const shown = detail.published;
  const text = !shown
    ? 'Not published: the student does not see these marks yet.'
    : detail.review?.changedSincePublished
      ? `Changed since published: the student still sees ${formatMarks(shown.marks ?? 0)} / ${shown.total} until you publish again.`
      : `Published ${formatDateTime(shown.publishedAt)}: the student sees these marks.`;
  return <p className="rounded-lg bg-slate-50 p-3 text-sm text-slate-800">{text}</p>;
}
