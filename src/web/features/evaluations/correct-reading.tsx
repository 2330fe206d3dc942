import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { isActiveRun } from '../../../shared/evaluations';
import { MAX_READING_LENGTH } from '../../../shared/limits';
import type { ReadingCorrection } from '../../../shared/maths';
import { looksMisread } from '../../../shared/reading-preview';
import { Button } from '../../components/ui/button';
import { formatDateTime } from '../../lib/dates';
import { ErrorLine } from './error-line';
import { TextDialog } from './text-dialog';
import { useLatestRun } from './evaluations-api';
import { otherQuestionsChanged, type MarksByQuestion } from './regrade-changes';
import { useChangeReading } from './maths-api';
import { RunProgressBar } from './run-progress-bar';

/**
 * "Correct the reading" under one question of an answer's details: a dialog prefilled with what
 * Markwise read for the question (or the teacher's earlier correction), editable. Saving (or
 * removing the correction) regrades the answer at once: its progress shows here, then the new
 * marks and reasons replace the old ones without another click.
 */
export function CorrectReading({
  code,
  submissionId,
  question,
  read,
  correction,
  marks,
}: {
  code: string;
  submissionId: string;
  question: string;
  /** What the engine read for the question, as it marked it. */
  read: string;
  correction: ReadingCorrection | undefined;
  /** The engine's marks of every question of the answer, as they stand. */
  marks: MarksByQuestion;
}) {
  // the marks as they stood when the correction was saved, to say what else the regrade changed
  const [before, setBefore] = useState<MarksByQuestion | null>(null);
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const [phase, setPhase] = useState<'idle' | 'regrading' | 'done'>('idle');
  const opener = useRef<HTMLButtonElement>(null);
  const change = useChangeReading(code, submissionId);
  const latest = useLatestRun(code, {
    onFinished: () => {
      if (phase !== 'regrading') return;
      setPhase('done');
      void client.invalidateQueries({ queryKey: ['assignments', code] });
    },
  });
  const wasOpen = useRef(false);
  const status = useRef<HTMLDivElement>(null);
  useEffect(() => {
    // back to the button, or to the regrade's progress while the button waits for it
    if (wasOpen.current && !open)
      (opener.current?.disabled ? status.current : opener.current)?.focus();
    wasOpen.current = open;
  }, [open]);
  const run = latest.data?.run;
  const handleChange = (text: string | null) =>
    change.mutate(
      { question, text },
      {
        onSuccess: () => {
          setBefore(marks);
          setPhase('regrading');
          setOpen(false);
        },
      },
    );
  return (
    <div className="space-y-2 text-sm">
      {correction ? (
        <p className="text-slate-800">
          You corrected what Markwise read for question {question}
          {correction.correctedAt ? ` on ${formatDateTime(correction.correctedAt)}` : ''}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          ref={opener}
          variant="outline"
          size="sm"
          aria-label={`Correct the reading of question ${question}`}
          disabled={phase === 'regrading'}
          onClick={() => {
            change.reset();
            setOpen(true);
          }}
        >
          Correct the reading
        </Button>
        {correction ? (
          <Button
            variant="danger-outline"
            size="sm"
            disabled={phase === 'regrading' || change.isPending}
            aria-label={`Remove the correction of question ${question}`}
            onClick={() => handleChange(null)}
          >
            Remove the correction
          </Button>
        ) : null}
      </div>
      <div role="status" ref={status} tabIndex={-1} className="space-y-1 focus:outline-none">
        {phase === 'regrading' && run && isActiveRun(run) ? (
          <>
            <p className="text-slate-800">Regrading this answer with your correction…</p>
            <RunProgressBar run={run} />
          </>
        ) : null}
        {phase === 'done' ? (
          <p className="text-emerald-900">
            Regraded: question {question}’s marks and reasons now follow the reading.
          </p>
        ) : null}
        {phase === 'done' && before ? (
          <p className="text-slate-800">{otherQuestionsChanged(question, before, marks)}</p>
        ) : null}
      </div>
      {!open ? <ErrorLine error={change.error} fallback="Not saved. Please try again." /> : null}
      {open ? (
        <TextDialog
          id={`reading-q-${question}`}
          title={`Correct the reading of question ${question}`}
          description={`This is what Markwise read for question ${question}. Fix what it misread (a sign, a digit, a unit) as the page says; Markwise marks your text instead, at once, and in every later evaluation. Your own marks stay yours.`}
          label={`What the answer says for question ${question}`}
          maxLength={MAX_READING_LENGTH}
          saveLabel="Save and regrade"
          initial={correction?.text ?? read}
          busy={change.isPending}
          error={change.error}
          onSave={handleChange}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}

/**
 * What Markwise read for a question (or the teacher's correction), shown beside the answer's
 * pages: on a scanned answer, words that look misread are highlighted, with a note that the marks
 * rest on an unsure reading.
 */
export function QuestionReading({
  question,
  read,
  correction,
  scanned,
}: {
  question: string;
  read: string;
  correction: ReadingCorrection | undefined;
  /** Read from scanned pages: only then may a word be misread (typed text is read exactly). */
  scanned: boolean;
}) {
  const shown = correction?.text ?? read;
  const words = shown.split(/(\s+)/);
  const misread = (w: string) => scanned && !correction && !!w.trim() && looksMisread(w);
  const unsure = words.filter(misread).length;
  return (
    <>
      {shown.trim() ? (
        <figure className="rounded-md border border-slate-200 bg-slate-50 p-2">
          <figcaption className="text-xs font-medium text-slate-700">
            {correction ? 'Your reading' : 'What Markwise read'} for question {question}
          </figcaption>
          <blockquote
            className="mt-1 whitespace-pre-wrap text-slate-900"
            data-testid="reading-text"
          >
            {words.map((w, i) =>
              misread(w) ? (
                <mark key={i} className="rounded bg-amber-200 px-0.5 text-slate-900">
                  {w}
                  <span className="sr-only"> (unsure)</span>
                </mark>
              ) : (
                w
              ),
            )}
          </blockquote>
          {unsure ? (
            <p className="mt-1 text-xs font-medium text-amber-900">
              {unsure === 1 ? 'One word looks' : `${unsure} words look`} misread (highlighted):
              these marks rest on an unsure reading. Check the page beside it, and correct the
              reading if needed.
            </p>
          ) : null}
        </figure>
      ) : null}
    </>
  );
}
