import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError } from '../../lib/api';
import { useSetMarks } from './assignments-api';
import { Icon } from './icons';
import { MARKS_STEP, parseMarks } from './marks-rules';
import { formatMarks } from '../../lib/marks';

/** The inline marks input of a grades-table row: Enter or ✓ saves, Escape or ✗ cancels. */
export function MarksEditor({
  code,
  submissionId,
  studentName,
  marks,
  total,
  onClose,
}: {
  code: string;
  submissionId: string;
  studentName: string;
  /** The current marks; null for an answer without marks yet (the input starts empty). */
  marks: number | null;
  total: number;
  onClose: () => void;
}) {
  const id = useId();
  const save = useSetMarks(code);
  const [text, setText] = useState(marks === null ? '' : formatMarks(marks));
  const [error, setError] = useState<string>();

  const handleSubmit = async (e?: FormEvent) => {
    e?.preventDefault();
    const parsed = parseMarks(text, total);
    if ('error' in parsed) return setError(parsed.error);
    try {
      await save.mutateAsync({ id: submissionId, marks: parsed.marks });
      onClose();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The marks could not be saved.');
    }
  };
  const handleKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };

  return (
    <form
      noValidate
      onSubmit={handleSubmit}
      onKeyDown={handleKey}
      className="flex flex-col items-end gap-1"
    >
      {/* wraps onto two or three lines in a narrow (phone) table cell rather than widen it */}
      <div className="flex flex-wrap items-center justify-end gap-1">
        <span className="inline-flex flex-wrap items-center justify-end gap-1">
          <label htmlFor={id} className="sr-only">
            Marks for {studentName} (0 to {total})
          </label>
          <input
            id={id}
            type="number"
            inputMode="decimal"
            min={0}
            max={total}
            step={MARKS_STEP}
            autoFocus
            value={text}
            disabled={save.isPending}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setError(undefined);
            }}
            className="w-20 rounded-md border border-slate-300 px-2 py-1 text-right"
          />
          <span className="text-sm whitespace-nowrap text-slate-600">/ {total}</span>
        </span>
        <span className="inline-flex items-center gap-1">
          <Button
            type="submit"
            variant="ghost"
            size="icon"
            disabled={save.isPending}
            aria-label={`Save marks for ${studentName}`}
          >
            <Icon name="check" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={onClose}
            aria-label={`Cancel editing marks for ${studentName}`}
          >
            <Icon name="close" />
          </Button>
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} role="alert" className="max-w-56 text-right text-xs text-red-700">
          {error}
        </p>
      ) : null}
    </form>
  );
}
