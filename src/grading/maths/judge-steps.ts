import { carriedBySubstitution, modelSubstitution } from './carried';
import { sameEquation } from './equivalence';
import { evaluate } from './evaluate';
import type { Judged } from './judge-equation';
import {
  bestStanding,
  displayExpected,
  listPrinciple,
  standing,
  within,
  type Expected,
} from './judge-quantity';
import { overdue, type Deadline } from './limits';
import { asQuantity, symbolsOf, type Node } from './parse';
import { displayNode, displaySymbol, toMathjs } from './print';
import { expressionOf, readDetailed } from './read';
import { writtenQuantity } from './targets';
import { convert } from './units';
import type { MathsReading, MathsSettings, MathsTarget, Quantity } from './types';

/**
 * Method marks: the steps of a worked calculation judged in order, each against the student's own
 * earlier values, so an error carried forward is not punished twice. A step is found when the
 * answer gives its symbol a value that agrees with the model's value (right) or with the step's
 * formula worked out on the question's givens and the student's earlier values (carried error),
 * or writes the step's formula; a bare number agreeing with it counts too, so a right final
 * number with no working earns the final step alone.
 *
 * Givens are the question paper's named quantities, and the numbers the model answer substitutes
 * into its own formulas where the substitution has the formula's shape ("m a = 1200 × 5" shows
 * m = 1200 once a = 5 is known). A step whose formula, worked out on those values, does not give
 * the model's own value cannot be checked for carried errors: it is then judged on its value only.
 */

export type Step = Extract<MathsTarget, { kind: 'step' }>;

/** Share of a step earned by its formula alone, its value not worked out (the method mark). */
export const METHOD_SHARE = 0.5;

/** Symbol values in the units the model answer works in. */
type Values = Map<string, number>;

/**
 * Reads the number each symbol of `formula` stands for in `substitution`, where both have the same
 * shape; null when they do not, or a symbol gets two different numbers.
 */
export function alignSubstitution(
  formula: Node,
  substitution: Node,
  into: Values = new Map(),
): Values | null {
  if (formula.t === 'sym') {
    const q = asQuantity(substitution);
    if (!q) return null;
    const had = into.get(formula.name);
    if (had !== undefined && had !== q.value) return null;
    into.set(formula.name, q.value);
    return into;
  }
  if (formula.t !== substitution.t) return null;
  if (formula.t === 'num' || formula.t === 'qty') return into;
  if (formula.t === 'neg' && substitution.t === 'neg')
    return alignSubstitution(formula.a, substitution.a, into);
  if (formula.t === 'fn' && substitution.t === 'fn')
    return formula.name === substitution.name
      ? alignSubstitution(formula.a, substitution.a, into)
      : null;
  if (formula.t === 'bin' && substitution.t === 'bin' && formula.op === substitution.op) {
    const left = alignSubstitution(formula.a, substitution.a, into);
    return left && alignSubstitution(formula.b, substitution.b, left);
  }
  return null;
}

/** The givens the model answer's own substitutions show, step by step. */
function modelGivens(steps: Step[], givens: Values): Values {
  const out: Values = new Map(givens);
  const stepSymbols = new Set(steps.map((s) => s.symbol));
  for (const step of steps) {
    const formula = expressionOf(step.formula);
    const chain = readDetailed(step.text).chains[0];
    if (!formula || !chain) continue;
    for (const side of chain) {
      if (symbolsOf(side.node).size > 0 || asQuantity(side.node)) continue;
      const aligned = alignSubstitution(formula, side.node);
      if (!aligned) continue;
      for (const [name, value] of aligned)
        if (!stepSymbols.has(name) && !out.has(name)) out.set(name, value);
      break;
    }
  }
  return out;
}

/** The value of a formula on the given values, or null when a symbol has none or it overflows. */
function worked(formula: Node, values: Values): number | null {
  const v = evaluate(formula, (n) => values.get(n));
  return Number.isFinite(v) ? v : null;
}

function expectedOf(step: Step, settings: MathsSettings): Expected | null {
  if (step.value === null) return null;
  return {
    value: step.value,
    unit: step.unit,
    tolerance: step.tolerance ?? settings.tolerance,
    toleranceText: null,
  };
}

/** The answer's value for a symbol, in the step's unit when it can be converted. */
function inUnit(q: Quantity, unit: string | null): number {
  if (!unit || !q.unit) return q.value;
  return convert(q.value, q.unit, unit) ?? q.value;
}

/** What the student wrote for the earlier steps, to be named when an error is carried forward. */
type Earlier = { symbol: string; text: string; wrong: boolean };

/**
 * Judges the steps in order (see the file's comment); one result per step. `earlier` are the
 * quantities the student gave a symbol in earlier parts of the question, which a step's working
 * may carry forward (see carried.ts).
 */
export function judgeSteps(
  steps: Step[],
  answer: MathsReading,
  settings: MathsSettings,
  givenQuantities: Quantity[],
  deadline: Deadline,
  earlier: Quantity[] = [],
): Judged[] {
  const stated = [...earlier, ...answer.quantities].filter((q) => q.symbol !== null);
  const givens: Values = new Map(
    givenQuantities.filter((q) => q.symbol).map((q) => [q.symbol!, q.value]),
  );
  const model = modelGivens(steps, givens);
  const modelValues: Values = new Map(model);
  const studentValues: Values = new Map(model);
  const wrongBefore: Earlier[] = [];
  const out: Judged[] = [];
  for (const step of steps) {
    const formula = expressionOf(step.formula);
    const e = expectedOf(step, settings);
    const value = e ? (writtenQuantity(step.text) ?? displayExpected(e)) : null;
    const expected = `${displaySymbol(step.symbol)} = ${value ?? (formula ? displayNode(formula) : step.formula)}`;
    if (overdue(deadline)) {
      out.push({
        expected,
        read: null,
        verdict: 'unreadable',
        credit: 0,
        message: `Could not check this in time: ${expected}`,
      });
      continue;
    }
    // The model's own value checks the formula and the givens: only then can errors carry forward.
    const modelWorked = formula ? worked(formula, modelValues) : null;
    const checkable =
      e !== null && modelWorked !== null && within(modelWorked, e.value, e.tolerance);
    const carried = checkable && formula ? worked(formula, studentValues) : null;
    const judged = judgeStep(
      step,
      e,
      expected,
      formula,
      carried,
      { answer, stated },
      settings,
      wrongBefore,
      deadline,
    );
    out.push(judged.result);
    if (e) modelValues.set(step.symbol, e.value);
    studentValues.set(step.symbol, judged.studentValue ?? e?.value ?? NaN);
    if (judged.studentText)
      wrongBefore.push({
        symbol: step.symbol,
        text: judged.studentText,
        wrong: judged.result.verdict !== 'right' && judged.result.verdict !== 'equivalent',
      });
  }
  return out;
}

type StepJudgment = { result: Judged; studentValue: number | null; studentText: string | null };

function judgeStep(
  step: Step,
  e: Expected | null,
  expected: string,
  formula: Node | null,
  carried: number | null,
  { answer, stated }: { answer: MathsReading; stated: Quantity[] },
  settings: MathsSettings,
  earlier: Earlier[],
  deadline: Deadline,
): StepJudgment {
  const named = answer.quantities.filter((q) => q.symbol === step.symbol);
  if (e && named.length) {
    const through = { formula, answer, stated };
    const judged = named.map((q) =>
      judgeValue(step, e, expected, q, carried, settings, earlier, through),
    );
    const chosen = listPrinciple(
      judged.map((j) => ({ ...j.result, j })),
      step.symbol,
    );
    const { j, ...result } = chosen;
    return { ...j, result };
  }
  if (e) {
    const bare = answer.quantities.filter(
      (x) => x.symbol === null && (!e.unit || !x.unit || convert(1, x.unit, e.unit) !== null),
    );
    const right = bestStanding(e, bare, settings);
    if (right && right.credit === 1)
      return {
        result: {
          expected,
          read: right.read,
          verdict: right.verdict,
          credit: 1,
          message: right.message,
        },
        studentValue: e.value,
        studentText: null,
      };
    if (carried !== null && !within(carried, e.value, e.tolerance)) {
      const match = bare.find((x) => within(inUnit(x, step.unit), carried, e.tolerance));
      if (match) {
        const read = displayExpected({ value: match.value, unit: match.unit });
        const from = earlier.filter((x) => x.wrong).map((x) => x.text);
        const message = `Carried forward correctly from your ${from.length ? from.join(' and ') : 'earlier working'}`;
        return {
          result: { expected, read, verdict: 'carried-error', credit: 1, message },
          studentValue: carried,
          studentText: null,
        };
      }
    }
  }
  // The formula without its value earns the method, not the answer: a teacher's method mark.
  if (formula && methodShown(step.symbol, formula, answer, deadline)) {
    const shown = `${displaySymbol(step.symbol)} = ${displayNode(formula)}`;
    const full = e === null;
    return {
      result: {
        expected,
        read: shown,
        verdict: full ? 'right' : 'method-only',
        credit: full ? 1 : METHOD_SHARE,
        message: full
          ? `Method shown: ${shown}`
          : `Method shown (${shown}), but the value of ${displaySymbol(step.symbol)} is not worked out`,
      },
      studentValue: null,
      studentText: null,
    };
  }
  // No symbol named and no method shown, but a value in the quantity's own unit ("8 V" for V =
  // 12 V): that is the student's answer, wrong, and says so, rather than "not found".
  const given = e?.unit ? finalInUnit(answer.quantities, e.unit) : null;
  if (e && given) {
    const s = standing(e, given, settings, expected);
    return {
      result: { expected, read: s.read, verdict: s.verdict, credit: s.credit, message: s.message },
      studentValue: inUnit(given, step.unit),
      studentText: null,
    };
  }
  return {
    result: {
      expected,
      read: null,
      verdict: 'not-found',
      credit: 0,
      message: `Not found in the answer: ${expected}`,
    },
    studentValue: null,
    studentText: null,
  };
}

/** The answer's last value with no symbol and a unit of the same kind as `unit` ("8 V", "8 volts"). */
function finalInUnit(quantities: Quantity[], unit: string): Quantity | null {
  const alike = quantities.filter(
    (x) => x.symbol === null && x.unit !== null && convert(1, x.unit, unit) !== null,
  );
  return alike[alike.length - 1] ?? null;
}

/**
 * One value the answer gives the step's symbol: right, or wrong but carried forward correctly from
 * the student's own earlier values, or as it stands.
 */
function judgeValue(
  step: Step,
  e: Expected,
  expected: string,
  q: Quantity,
  carried: number | null,
  settings: MathsSettings,
  earlier: Earlier[],
  through: { formula: Node | null; answer: MathsReading; stated: Quantity[] },
): StepJudgment {
  const s = standing(e, q, settings, writtenQuantity(step.text) ?? displayExpected(e));
  const value = inUnit(q, step.unit);
  const text = `${displaySymbol(step.symbol)} = ${s.read}`;
  // Carried: the student's own substitution of the formula works out to her value, or her value
  // follows from her earlier wrong ones as the model's follows from the model's.
  const carriedThrough =
    s.credit === 0 &&
    through.formula !== null &&
    carriedBySubstitution(
      through.formula,
      modelSubstitution(through.formula, step.text),
      value,
      through.answer,
      through.stated,
      e.tolerance,
    );
  if (
    carriedThrough ||
    (s.credit === 0 &&
      carried !== null &&
      !within(carried, e.value, e.tolerance) &&
      within(value, carried, e.tolerance))
  ) {
    const from = earlier.filter((x) => x.wrong).map((x) => x.text);
    const message = from.length
      ? `Carried forward correctly from your ${from.join(' and ')}`
      : 'Carried forward correctly from your earlier working';
    return {
      result: { expected, read: s.read, verdict: 'carried-error', credit: 1, message },
      studentValue: value,
      studentText: text,
    };
  }
  return {
    result: { expected, read: s.read, verdict: s.verdict, credit: s.credit, message: s.message },
    studentValue: value,
    studentText: text,
  };
}

/** Whether the answer writes the step's formula: an equation equivalent to symbol = formula. */
function methodShown(
  symbol: string,
  formula: Node,
  answer: MathsReading,
  deadline: Deadline,
): boolean {
  const target = { lhs: { t: 'sym', name: symbol } as Node, rhs: formula };
  return answer.relations.some((r) => {
    if (r.lhs !== symbol) return false;
    const rhs = expressionOf(r.rhs);
    if (!rhs || symbolsOf(rhs).size === 0) return false;
    return (
      toMathjs(rhs) === toMathjs(formula) ||
      sameEquation(target, { lhs: target.lhs, rhs }, deadline) === 'same'
    );
  });
}
