import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { AcceptedAnswer } from '../../../shared/accepted-answers';
import { Button } from '../../components/ui/button';
import { useAcceptedAnswers, useRemoveAcceptedAnswer } from './accepted-answers-api';
import { ErrorLine } from './error-line';

/**
 * The answers the teacher accepted as right ("Accept answers like this" in an answer's details),
 * by question, each with Remove. A change counts from the next evaluation.
 */
export function AcceptedAnswersPanel({ code }: { code: string }) {
  const list = useAcceptedAnswers(code);
  const remove = useRemoveAcceptedAnswer(code);
  const [removed, setRemoved] = useState<string | null>(null);
  // the removed answer's button is gone: focus goes to the line that says what happened
  const statusRef = useRef<HTMLParagraphElement>(null);
  const byQuestion = new Map<string, AcceptedAnswer[]>();
  for (const a of list.data?.answers ?? [])
    byQuestion.set(a.question, [...(byQuestion.get(a.question) ?? []), a]);
  return (
    <section aria-labelledby="accepted-h" className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <h2 id="accepted-h" className="font-semibold text-slate-900">
        Accepted answers
      </h2>
      {list.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Loading the accepted answers…
        </p>
      ) : list.isError ? (
        <ErrorLine error={list.error} fallback="The accepted answers could not be loaded." />
      ) : byQuestion.size === 0 ? (
        <p className="mt-2 text-sm text-slate-700">
          None yet. Open an answer’s details and choose “Accept answers like this” under a question
          to count answers like it as right.
        </p>
      ) : (
        [...byQuestion].map(([question, answers]) => (
          <div key={question} className="mt-3">
            <h3 className="text-sm font-semibold text-slate-900">Question {question}</h3>
            <ul className="mt-1 space-y-2">
              {answers.map((a) => (
                <li
                  key={a.id}
                  className="flex flex-col gap-2 rounded-lg bg-slate-50 p-2 text-sm sm:flex-row sm:items-start sm:justify-between"
                >
                  <span className="min-w-0 break-words text-slate-900">
                    {a.text}
                    {a.studentName ? (
                      <span className="block text-xs text-slate-700">
                        From {a.studentName}’s answer
                      </span>
                    ) : null}
                  </span>
                  <Button
                    variant="danger-outline"
                    size="sm"
                    className="shrink-0 self-start"
                    disabled={remove.isPending}
                    aria-label={`Remove the accepted answer “${short(a.text)}” for question ${question}`}
                    onClick={() =>
                      remove.mutate(a.id, {
                        // The line is written and focused in one step: never shown with the
                        // focus lost to the page while the list's refetch removes the button.
                        onSuccess: () => {
                          flushSync(() => setRemoved(question));
                          statusRef.current?.focus();
                        },
                      })
                    }
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          </div>
        ))
      )}
      <p ref={statusRef} tabIndex={-1} role="status" className="mt-2 text-sm text-slate-800">
        {removed ? `Removed from question ${removed}. Evaluate again to regrade the class.` : null}
      </p>
      <ErrorLine error={remove.error} fallback="Not removed. Please try again." />
    </section>
  );
}

/** An answer's first words, for a button's name. */
const short = (text: string) => (text.length > 60 ? `${text.slice(0, 57).trimEnd()}…` : text);
