import { useState, type FormEvent } from 'react';
import { MAX_TOLERANCE_PERCENT } from '../../../shared/limits';
import type { QuestionMathsSettings } from '../../../shared/maths-review';
import { Button } from '../../components/ui/button';
import { TextField } from '../../components/ui/form-field';
import { ErrorLine } from './error-line';
import { useStartEvaluation } from './evaluations-api';
import { useSetMathsSettings } from './maths-api';

/**
 * How one question's numbers are marked, under its rubric items: the tolerance for values and
 * the share a right value with a wrong or missing unit earns. Like the rubric's wording, a change
 * moves no marks by itself; once saved, "Evaluate again" regrades the class with it.
 */
export function MathsSettingsForm({
  code,
  settings,
}: {
  code: string;
  settings: QuestionMathsSettings;
}) {
  const q = settings.question;
  const [tolerance, setTolerance] = useState(String(settings.tolerancePercent));
  const [share, setShare] = useState(String(settings.wrongUnitSharePercent));
  const save = useSetMathsSettings(code);
  const start = useStartEvaluation(code);
  const id = `maths-q-${q}`;
  const handleSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      question: q,
      body: { tolerancePercent: Number(tolerance), wrongUnitSharePercent: Number(share) },
    });
  };
  return (
    <form
      onSubmit={handleSubmit}
      aria-labelledby={`${id}-h`}
      className="space-y-2 rounded-lg bg-slate-50 p-2 text-sm"
    >
      <h4 id={`${id}-h`} className="font-medium text-slate-900">
        Numbers and units in question {q}
      </h4>
      <div className="grid gap-2 sm:grid-cols-2">
        <TextField
          id={`${id}-tolerance`}
          label="Tolerance (%)"
          hint={`A value within this many percent of the model answer’s counts as right (0–${MAX_TOLERANCE_PERCENT}%). A key point’s own “(±…%)” wins.`}
          type="number"
          inputMode="decimal"
          min={0}
          max={MAX_TOLERANCE_PERCENT}
          step="any"
          required
          value={tolerance}
          onChange={(e) => setTolerance(e.target.value)}
        />
        <TextField
          id={`${id}-share`}
          label="Right value, wrong or missing unit (%)"
          hint="The share of that key point’s marks such an answer earns (0–100%)."
          type="number"
          inputMode="decimal"
          min={0}
          max={100}
          step="any"
          required
          value={share}
          onChange={(e) => setShare(e.target.value)}
        />
      </div>
      <ErrorLine error={save.error} fallback="Not saved. Please try again." />
      <div className="flex flex-wrap items-center gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : `Save question ${q}’s numbers`}
        </Button>
        {save.isSuccess ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={start.isPending}
            onClick={() => start.mutate()}
          >
            {start.isPending ? 'Starting…' : 'Evaluate again'}
          </Button>
        ) : null}
      </div>
      <p role="status" className="text-slate-800">
        {save.isSuccess ? `Saved. Evaluate again to mark question ${q}’s numbers this way.` : null}
      </p>
      <ErrorLine error={start.error} fallback="The evaluation could not be started." />
    </form>
  );
}
