import { useState } from 'react';
import type { MarkMove, RubricItem } from '../../../shared/review';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import type { QuestionMathsSettings } from '../../../shared/maths-review';
import { useMathsSettings } from './maths-api';
import { MathsSettingsForm } from './maths-settings-form';
import { useRubric, useRubricChange } from './review-api';
import { formatMarks } from '../../lib/marks';

/**
 * The rubric on the grades table: each question's items (from the model answer's key points at
 * first) with their points, wording and accepted alternatives; the teacher edits, adds and
 * removes items, and sees the answers a change re-scored. Under each question, how its numbers
 * are marked (tolerance, wrong-unit share).
 */
export function RubricEditor({ code }: { code: string }) {
  const [open, setOpen] = useState(false);
  const rubric = useRubric(code, open);
  const maths = useMathsSettings(code, open);
  const change = useRubricChange(code);
  const moved = change.data?.moved ?? [];
  return (
    <section aria-labelledby="rubric-h" className="rounded-lg border border-slate-200 p-3 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="rubric-h" className="font-semibold text-slate-900">
          Rubric
        </h2>
        <Button variant="link" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Hide the rubric' : 'Show and edit the rubric'}
        </Button>
      </div>
      {open && rubric.isPending ? (
        <p role="status" className="text-sm">
          Reading the model answer…
        </p>
      ) : null}
      {open && rubric.error ? (
        <p role="alert" className="text-sm text-red-800">
          {rubric.error instanceof ApiError
            ? rubric.error.message
            : 'The rubric could not be loaded.'}
        </p>
      ) : null}
      {open && rubric.data
        ? rubric.data.questions.map((q) => (
            <div key={q.number} className="mt-3 space-y-2">
              <h3 className="text-sm font-semibold text-slate-900">
                Question {q.number} ({formatMarks(q.total)} marks)
              </h3>
              {q.items.map((item) => (
                <ItemForm
                  key={`${item.id}-${item.points}-${item.text}`}
                  item={item}
                  onSave={(body) => change.mutate({ kind: 'update', id: item.id, body })}
                  onDelete={() => change.mutate({ kind: 'delete', id: item.id })}
                />
              ))}
              <Button
                variant="link"
                onClick={() =>
                  change.mutate({
                    kind: 'add',
                    body: {
                      question: q.number,
                      text: 'New rubric item',
                      points: 1,
                      alternatives: [],
                    },
                  })
                }
              >
                Add an item to question {q.number}
              </Button>
              <QuestionMaths code={code} settings={maths.data?.questions} number={q.number} />
            </div>
          ))
        : null}
      <div role="status" className="mt-2 text-sm text-slate-800">
        {change.isSuccess ? <Moved moved={moved} /> : null}
      </div>
      {change.error instanceof ApiError ? (
        <p role="alert" className="text-sm text-red-800">
          {change.error.message}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The question's number settings once loaded; the form keeps what the teacher typed (and its
 * "Saved" note) when the list reloads after a save.
 */
function QuestionMaths({
  code,
  settings,
  number,
}: {
  code: string;
  settings: QuestionMathsSettings[] | undefined;
  number: string;
}) {
  const own = settings?.find((s) => s.question === number);
  if (!own) return null;
  return <MathsSettingsForm code={code} settings={own} />;
}

function Moved({ moved }: { moved: MarkMove[] }) {
  if (!moved.length) return <>Saved. No answer’s marks changed.</>;
  return (
    <>
      Saved. Marks changed for:{' '}
      {moved
        .map((m) => `${m.studentName} (question ${m.question}: ${m.from ?? '–'} → ${m.to ?? '–'})`)
        .join(', ')}
    </>
  );
}

function ItemForm({
  item,
  onSave,
  onDelete,
}: {
  item: RubricItem;
  onSave: (body: { text: string; points: number; alternatives: string[] }) => void;
  onDelete: () => void;
}) {
  const [text, setText] = useState(item.text);
  const [points, setPoints] = useState(String(item.points));
  const [alternatives, setAlternatives] = useState(item.alternatives.join('; '));
  const id = `rubric-${item.id}`;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSave({
          text,
          points: Number(points),
          alternatives: alternatives
            .split(';')
            .map((a) => a.trim())
            .filter(Boolean),
        });
      }}
      className="grid gap-2 rounded-lg bg-slate-50 p-2 text-sm sm:grid-cols-[1fr_6rem_1fr_auto]"
    >
      <label className="flex flex-col gap-1" htmlFor={`${id}-text`}>
        Item
        <input
          id={`${id}-text`}
          required
          maxLength={500}
          value={text}
          onChange={(e) => setText(e.target.value)}
          className="min-h-11 rounded-lg border border-slate-400 px-2"
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${id}-points`}>
        Points
        <input
          id={`${id}-points`}
          type="number"
          min={0}
          step={0.01}
          required
          value={points}
          onChange={(e) => setPoints(e.target.value)}
          className="min-h-11 rounded-lg border border-slate-400 px-2"
        />
      </label>
      <label className="flex flex-col gap-1" htmlFor={`${id}-alt`}>
        Also accept (separate with ;)
        <input
          id={`${id}-alt`}
          value={alternatives}
          onChange={(e) => setAlternatives(e.target.value)}
          className="min-h-11 rounded-lg border border-slate-400 px-2"
        />
      </label>
      <span className="flex items-end gap-2">
        <Button type="submit" size="sm">
          Save
        </Button>
        <Button
          variant="danger-outline"
          size="sm"
          onClick={onDelete}
          aria-label={`Remove the item “${item.text}”`}
        >
          Remove
        </Button>
      </span>
    </form>
  );
}
