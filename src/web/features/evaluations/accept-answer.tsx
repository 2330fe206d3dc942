import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MAX_ACCEPTED_ANSWER_LENGTH } from '../../../shared/limits';
import { Button } from '../../components/ui/button';
import { TextArea } from '../../components/ui/form-field';
import { useAcceptAnswer } from './accepted-answers-api';
import { ErrorLine } from './error-line';
import { useStartEvaluation } from './evaluations-api';

/**
 * "Accept answers like this" under one question of an answer's details: a dialog prefilled with
 * what the student wrote (as the engine read it), editable; once saved, a note with "Evaluate
 * again", which starts a run like Evaluate Now! (its changes wait for the teacher to confirm
 * them as usual) and hands back to the page (`onEvaluateAgain`) to follow it.
 */
export function AcceptAnswer({
  code,
  submissionId,
  question,
  answerText,
  onEvaluateAgain,
}: {
  code: string;
  submissionId: string;
  question: string;
  answerText: string;
  onEvaluateAgain?: () => void;
}) {
  const [open, setOpen] = useState(false);
  const [saved, setSaved] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const accept = useAcceptAnswer(code);
  const start = useStartEvaluation(code);
  const close = () => setOpen(false);
  // Back to the button that opened the dialog once it has closed (the page behind is inert before).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);
  const handleSave = (text: string) =>
    accept.mutate(
      { question, text, submissionId },
      {
        onSuccess: () => {
          setSaved(true);
          close();
        },
      },
    );
  return (
    <div className="space-y-2 text-sm">
      <Button
        ref={opener}
        variant="outline"
        size="sm"
        aria-label={`Accept answers like this for question ${question}`}
        onClick={() => {
          accept.reset();
          setOpen(true);
        }}
      >
        Accept answers like this
      </Button>
      <div role="status">
        {saved ? (
          <p className="text-emerald-900">
            Accepted for question {question}. Evaluate again to regrade the class.
          </p>
        ) : null}
      </div>
      {saved ? (
        <Button
          size="sm"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: () => onEvaluateAgain?.() })}
        >
          {start.isPending ? 'Starting…' : 'Evaluate again'}
        </Button>
      ) : null}
      <ErrorLine error={start.error} fallback="The evaluation could not be started." />
      {open ? (
        <AcceptDialog
          question={question}
          initial={answerText}
          busy={accept.isPending}
          error={accept.error}
          onSave={handleSave}
          onCancel={close}
        />
      ) : null}
    </div>
  );
}

/** The modal with the answer to accept (native <dialog>: focus stays inside, Escape cancels). */
function AcceptDialog({
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
    // showModal moves focus to the first control: the answer
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  const id = `accept-q-${question}`;
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
      className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-xl p-4 shadow-xl backdrop:bg-slate-900/50 sm:p-6"
    >
      <form onSubmit={handleSubmit} className="space-y-4">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Accept answers like this for question {question}
        </h2>
        <p id={`${id}-text`} className="text-sm text-slate-700">
          When you evaluate again, answers to question {question} that say the same as this one are
          counted as right, like the model answer. Keep only what makes it right.
        </p>
        <TextArea
          id={`${id}-answer`}
          label="Answer to accept"
          hint={`At most ${MAX_ACCEPTED_ANSWER_LENGTH} characters.`}
          required
          maxLength={MAX_ACCEPTED_ANSWER_LENGTH}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <ErrorLine error={error} fallback="Not saved. Please try again." />
        <div className="flex flex-wrap justify-end gap-3">
          <Button type="button" variant="secondary" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy || !text.trim()}>
            {busy ? 'Saving…' : 'Save'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
