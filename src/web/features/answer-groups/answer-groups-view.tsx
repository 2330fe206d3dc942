import { useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/api';
import { useAnswerGroups, useQuestions } from './answer-groups-api';
import { GroupCard } from './group-card';

/**
 * "Mark by groups": one question's answers in groups that say the same thing, biggest first (see compareGroups), each
 * marked in one action; ungrouped and uncertain answers last, flagged. Keyboard only works too:
 * the keys are listed on the page and belong to the group in focus. `regrade`, shown under the
 * status line, is what grades the rest with the marks (composed by the page); the r key goes to
 * it, through `onRegradeKey`.
 */
export function AnswerGroupsView({
  code,
  regrade,
  onGroupMarked,
  onRegradeKey,
}: {
  code: string;
  regrade?: ReactNode;
  /** A group was marked: how many answers took the mark. */
  onGroupMarked?: (answers: number) => void;
  onRegradeKey?: () => void;
}) {
  const questions = useQuestions(code);
  const [chosen, setChosen] = useState<string | null>(null);
  const number = chosen ?? questions.data?.[0]?.number ?? null;
  const total = questions.data?.find((q) => q.number === number)?.total ?? 0;
  const groups = useAnswerGroups(code, number);
  const [active, setActive] = useState(0);
  const [status, setStatus] = useState('');
  const cards = useRef<(HTMLElement | null)[]>([]);
  const list = groups.data?.groups ?? [];

  const focusGroup = (i: number) => {
    const k = Math.max(0, Math.min(list.length - 1, i));
    setActive(k);
    cards.current[k]?.focus();
  };

  return (
    <section aria-labelledby="groups-h" className="space-y-3">
      <h2 id="groups-h" className="text-lg font-semibold text-slate-900">
        Answer groups
      </h2>
      {questions.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {questions.error instanceof ApiError
            ? questions.error.message
            : 'The questions could not be loaded.'}
        </p>
      ) : null}
      {questions.data && questions.data.length > 1 ? (
        <label className="flex flex-col text-sm text-slate-800 sm:flex-row sm:items-center sm:gap-2">
          Question
          <select
            value={number ?? ''}
            onChange={(e) => {
              setChosen(e.target.value);
              setActive(0);
              setStatus('');
            }}
            className="min-h-11 rounded-md border border-slate-400 bg-white px-2"
          >
            {questions.data.map((q) => (
              <option key={q.number} value={q.number}>
                Question {q.number} ({q.total} marks)
              </option>
            ))}
          </select>
        </label>
      ) : null}
      <p id="groups-keys" className="text-sm text-slate-700">
        Keys on a group: ↓ or j next group, ↑ or k previous group, → or n next answer, ← or p
        previous answer, x takes the answer out of the group, a digit sets the marks, Enter marks
        the group, r goes to “Regrade the rest with your marks” once a group is marked.
      </p>
      <p role="status" className="min-h-5 text-sm font-medium text-green-900">
        {status}
      </p>
      {regrade}
      {groups.isPending && number !== null ? (
        <p role="status" className="text-sm text-slate-700">
          Loading the groups…
        </p>
      ) : groups.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {groups.error instanceof ApiError
            ? groups.error.message
            : 'The groups could not be loaded.'}
        </p>
      ) : groups.data && !list.length ? (
        <p className="text-sm text-slate-700">
          No groups yet: press Evaluate Now! and the answers are grouped as they are graded.
        </p>
      ) : (
        <ol aria-label={`Groups of question ${number ?? ''}`} className="space-y-3">
          {list.map((g, i) => (
            <li key={`${groups.data!.runId}:${g.id}`}>
              <GroupCard
                group={g}
                index={i}
                count={list.length}
                code={code}
                number={number!}
                total={total}
                active={i === active}
                keys={{
                  onNext: () => focusGroup(i + 1),
                  onPrevious: () => focusGroup(i - 1),
                  onRegrade: () => onRegradeKey?.(),
                }}
                onMarked={(message, answers) => {
                  setStatus(message);
                  onGroupMarked?.(answers);
                  if (i + 1 < list.length) focusGroup(i + 1);
                }}
                onActivate={() => setActive(i)}
                cardRef={(el) => {
                  cards.current[i] = el;
                }}
              />
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
