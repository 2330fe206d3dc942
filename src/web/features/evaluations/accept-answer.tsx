import { useEffect, useRef, useState } from 'react';
import { MAX_ACCEPTED_ANSWER_LENGTH } from '../../../shared/limits';
import { Button } from '../../components/ui/button';
import { useAcceptAnswer } from './accepted-answers-api';
import { ErrorLine } from './error-line';
import { TextDialog } from './text-dialog';
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
        <TextDialog
          id={`accept-q-${question}`}
          title={`Accept answers like this for question ${question}`}
          description={`When you evaluate again, answers to question ${question} that say the same as this one are counted as right, like the model answer. Keep only what makes it right.`}
          label="Answer to accept"
          maxLength={MAX_ACCEPTED_ANSWER_LENGTH}
          saveLabel="Save"
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
