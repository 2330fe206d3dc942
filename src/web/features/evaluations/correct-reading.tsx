import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isActiveRun } from '../../../shared/evaluations';
import { MAX_READING_LENGTH } from '../../../shared/limits';
import type { ReadingCorrection } from '../../../shared/maths';
import { Button } from '../../components/ui/button';
import { TextArea } from '../../components/ui/form-field';
import { formatDateTime } from '../../lib/dates';
import { ErrorLine } from './error-line';
import { useLatestRun } from './evaluations-api';
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
}: {
  code: string;
  submissionId: string;
  question: string;
  /** What the engine read for the question, as it marked it. */
  read: string;
  correction: ReadingCorrection | undefined;
}) {
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
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const run = latest.data?.run;
  const handleChange = (text: string | null) =>
    change.mutate(
      { question, text },
      {
        onSuccess: () => {
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
      <div role="status" className="space-y-1">
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
      </div>
      {!open ? <ErrorLine error={change.error} fallback="Not saved. Please try again." /> : null}
      {open ? (
        <ReadingDialog
          question={question}
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

/** The modal with the reading to correct (native <dialog>: focus stays inside, Escape cancels). */
function ReadingDialog({
  question,
  initial,
  busy,
  error,
  onSave,
  onCancel,
}: {
  question: string;
  initial: string;
  busy: boolean;
  error: Error | null;
  onSave: (text: string) => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [text, setText] = useState(initial);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const id = `reading-q-${question}`;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    onSave(text);
  };
  return (
    <dialog
      ref={ref}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        // Escape closes this dialog only, not the answer's details behind it
        e.preventDefault();
        e.stopPropagation();
        onCancel();
      }}
      className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-xl p-4 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <form onSubmit={handleSubmit} className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Correct the reading of question {question}
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          This is what Markwise read for question {question}. Fix what it misread (a sign, a digit,
          a unit) as the page says; Markwise marks your text instead, at once, and in every later
          evaluation. Your own marks stay yours.
        </p>
        <TextArea
          id={`${id}-answer`}
          label={`What the answer says for question ${question}`}
          hint={`At most ${MAX_READING_LENGTH.toLocaleString('en-GB')} characters.`}
          required
          maxLength={MAX_READING_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <ErrorLine error={error} fallback="Not saved. Please try again." />
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !text.trim()}>
            {busy ? 'Saving…' : 'Save and regrade'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
