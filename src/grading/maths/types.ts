import type { MathsVerdict } from '../../shared/maths';

/**
 * The contract of the engine's mathematics: what it reads in a text (quantities, equations,
 * expressions), what a model answer's key point asks for when it is mathematics, and what it
 * found in an answer. Plain JSON values, like the rest of the engine's results.
 */

/** How a question's numbers are marked; the teacher sets them per question. */
export type MathsSettings = {
  /**
   * Relative tolerance for a quantity whose key point gives none of its own ("(±2%)"):
   * 0.02 accepts 9.6 to 10.0 for 9.8.
   */
  tolerance: number;
  /** Share of a quantity's credit for the right value with a wrong or missing unit (0..1). */
  wrongUnitShare: number;
};

export const DEFAULT_MATHS_SETTINGS: MathsSettings = { tolerance: 0.02, wrongUnitShare: 0.5 };

/** A number with its unit as read from a text. */
export type Quantity = {
  /** The words it was read from ("9.81 m s^-2"). */
  text: string;
  /** The value in the unit as written. */
  value: number;
  /** The unit in mathjs syntax ("m / s^2", "kJ"), or null for a bare number. */
  unit: string | null;
  /** The symbol it is given to ("v" in "v = 9.8 m/s"), when the text names one. */
  symbol: string | null;
};

/** An equation read from a text: its two sides in mathjs syntax ("v", "u + a * t"). */
export type Relation = { text: string; lhs: string; rhs: string };

/** Everything mathematical read from one text, under a time and size budget. */
export type MathsReading = {
  quantities: Quantity[];
  /** Equations; a chain "p = mv = 0.5 × 4 = 2.0 kg m/s" gives each neighbouring pair. */
  relations: Relation[];
  /** Standalone expressions ("(x - 1)(x + 1)") not part of an equation. */
  expressions: string[];
  /** Parts that look like mathematics but could not be read within the budget, as written. */
  unreadable: string[];
};

/** What a model answer's key point asks for when it is mathematics. */
export type MathsTarget =
  | {
      kind: 'quantity';
      text: string;
      symbol: string | null;
      value: number;
      unit: string | null;
      /** Its own relative tolerance ("(±2%)"), overriding the question's. */
      tolerance: number | null;
    }
  | { kind: 'equation'; text: string; lhs: string; rhs: string }
  | { kind: 'expression'; text: string; expr: string }
  /**
   * One step of a worked calculation: "F = m a = 2 × 5 = 10 N". Its formula is checked against
   * the student's own earlier values (an error carried forward is not punished twice).
   */
  | {
      kind: 'step';
      text: string;
      symbol: string;
      formula: string;
      value: number | null;
      unit: string | null;
      tolerance: number | null;
    };

/** How an answer stands against one mathematical key point. */
export type { MathsVerdict };

/** What the engine found for one mathematical key point in one answer. */
export type MathsFinding = {
  /** The key point's phrase, as in the result's matched / missing lists. */
  point: string;
  /** What the key point asks for, as shown to people ("9.8 m/s²", "v = u + a t"). */
  expected: string;
  /** What the engine read in the answer for it, as shown to people; null when nothing. */
  read: string | null;
  verdict: MathsVerdict;
  /** Share of the key point earned, 0..1. */
  credit: number;
  /** One short sentence for the teacher and the student ("Right value, wrong unit: …"). */
  message: string;
};
