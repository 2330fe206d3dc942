import { modelSubstitution } from './carried';
import { judgeEquation, judgeExpression, type Judged } from './judge-equation';
import {
  bestStanding,
  candidates,
  displayExpected,
  listPrinciple,
  standing,
  type Expected,
} from './judge-quantity';
import { judgeSteps, type Step } from './judge-steps';
import { JUDGE_BUDGET_MS, WORK_BUDGET, deadlineIn } from './limits';
import { mathjs } from './mathjs';
import { carriedRoots, unitsGivenAfter } from './own-values';
import { displayNode } from './print';
import { expressionOf } from './read';
import { writtenQuantity } from './targets';
import type { MathsFinding, MathsReading, MathsSettings, MathsTarget, Quantity } from './types';

/**
 * How an answer stands against a question's mathematical key points, one finding per target in
 * order. Steps are judged in order with errors carried forward: a later step is checked against
 * the student's own earlier values. `givens` are the quantities the question paper names with a
 * symbol ("m = 1200 kg"), usable by step formulas. Bounded by a time budget: what is left when it
 * runs out is marked unreadable. Never throws. `earlier` are the quantities the student gave a
 * symbol in earlier parts of the question, which a step may carry forward, and
 * `earlierExpressions` the expressions written there (mathjs syntax), whose roots a value may be.
 */
export function judgeMaths(
  targets: MathsTarget[],
  phrases: string[],
  reading: MathsReading,
  settings: MathsSettings,
  givens: Quantity[] = [],
  earlier: Quantity[] = [],
  earlierExpressions: string[] = [],
): MathsFinding[] {
  if (!targets.length) return [];
  const answer = { ...reading, quantities: unitsGivenAfter(reading.quantities) };
  // mathjs loads on first use; load it before the clock starts, not inside a budget.
  mathjs();
  const deadline = deadlineIn(JUDGE_BUDGET_MS, WORK_BUDGET);
  const steps = targets.flatMap((t, i) => (t.kind === 'step' ? [{ step: t, i }] : []));
  const stepResults = new Map<number, Judged>();
  try {
    judgeSteps(
      steps.map((s) => s.step),
      answer,
      settings,
      givens,
      deadline,
      earlier,
    ).forEach((r, k) => stepResults.set(steps[k]!.i, r));
  } catch {
    // A failure in one part marks that part unreadable below; it never stops the run.
  }
  return targets.map((t, i) => {
    const point = phrases[i] ?? t.text;
    try {
      const judged =
        t.kind === 'step'
          ? stepResults.get(i)
          : judgeOne(t, answer, settings, deadline, targets, earlierExpressions);
      if (!judged) return unreadable(point, t.text);
      return { point, ...judged };
    } catch {
      return unreadable(point, t.text);
    }
  });
}

function unreadable(point: string, text: string): MathsFinding {
  return {
    point,
    expected: text,
    read: null,
    verdict: 'unreadable',
    credit: 0,
    message: `Could not check this: ${text}`,
  };
}

function judgeOne(
  t: Exclude<MathsTarget, Step>,
  answer: MathsReading,
  settings: MathsSettings,
  deadline: ReturnType<typeof deadlineIn>,
  all: MathsTarget[],
  earlierExpressions: string[],
): Judged {
  if (t.kind === 'equation') {
    // The model's other equations and its steps' formulas ("v = √(2Ek/m)" beside "Ek = ½mv²").
    const siblings = all.flatMap((o) => {
      if (o === t) return [];
      if (o.kind === 'equation') return [o];
      return o.kind === 'step' ? [{ lhs: o.symbol, rhs: o.formula }] : [];
    });
    return judgeEquation(t.lhs, t.rhs, answer, deadline, siblings, modelValues(all));
  }
  if (t.kind === 'expression') return judgeExpression(t.expr, answer, deadline);
  return judgeQuantity(t, answer, settings, all, earlierExpressions);
}

/** The values the model answer's own substitutions give its symbols ("0 + 9.8 × 2.0": u is 0). */
function modelValues(all: MathsTarget[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const t of all) {
    if (t.kind !== 'step') continue;
    const formula = expressionOf(t.formula);
    const values = formula && modelSubstitution(formula, t.text);
    for (const [name, v] of values ?? []) out.set(name, v);
  }
  return out;
}

/**
 * The answer's values for the symbol of a quantity key point, leaving out those that are the
 * model's own other values for it: "x = 2" and "x = 3", the two roots of a quadratic, are not a
 * list of guesses for either.
 */
function ownValues(
  t: Extract<MathsTarget, { kind: 'quantity' }>,
  list: Quantity[],
  settings: MathsSettings,
  all: MathsTarget[],
): Quantity[] {
  const others = all.flatMap((o) =>
    o !== t && o.kind === 'quantity' && o.symbol === t.symbol ? [o] : [],
  );
  const another = (q: Quantity) =>
    others.some((o) => {
      const e = { value: o.value, unit: o.unit, tolerance: o.tolerance ?? settings.tolerance };
      return standing({ ...e, toleranceText: null }, q, settings).credit === 1;
    });
  const kept = list.filter((q) => !another(q));
  return kept.length ? kept : list;
}

/** A quantity key point against the answer's quantities (see judge-quantity.ts). */
function judgeQuantity(
  t: Extract<MathsTarget, { kind: 'quantity' }>,
  answer: MathsReading,
  settings: MathsSettings,
  all: MathsTarget[],
  earlierExpressions: string[],
): Judged {
  const e: Expected = {
    value: t.value,
    unit: t.unit,
    tolerance: t.tolerance ?? settings.tolerance,
    toleranceText: absoluteToleranceText(t.text),
  };
  const expected = writtenQuantity(t.text) ?? displayExpected(e);
  const list = candidates(e, t.symbol, answer.quantities);
  const named = t.symbol !== null && list.some((q) => q.symbol === t.symbol);
  const own = named ? ownValues(t, list, settings, all) : [];
  const s = named
    ? listPrinciple(
        own.map((q) => standing(e, q, settings, expected)),
        t.symbol!,
      )
    : bestStanding(e, list, settings, expected);
  const roots =
    s && named && s.credit < 1 && t.unit === null
      ? carriedRoots(
          t.symbol!,
          t.value,
          own.map((q) => q.value),
          earlierExpressions,
        )
      : null;
  if (s && roots)
    return {
      expected,
      read: s.read,
      verdict: 'carried-error',
      credit: 1,
      message: `Carried forward correctly: the roots of your ${displayNode(roots)}`,
    };
  if (!s)
    return {
      expected,
      read: null,
      verdict: 'not-found',
      credit: 0,
      message: `Not found in the answer: ${expected}`,
    };
  return { expected, read: s.read, verdict: s.verdict, credit: s.credit, message: s.message };
}

/** "± 0.05 m/s" as the teacher wrote it, when her tolerance is absolute; null for a percentage. */
function absoluteToleranceText(text: string): string | null {
  const m = /(?:±|\+\/-|\+-)\s*(\d+(?:\.\d+)?\s*[^%)\s][^)]*?)\s*\)?\s*$/.exec(text);
  return m ? `± ${m[1]!.trim()}` : null;
}
