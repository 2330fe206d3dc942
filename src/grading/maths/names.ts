/**
 * Names of quantities as teachers and students write them: symbols of more than one letter
 * ("Ek", "KE", "Mr") read as one symbol, and the words of a word equation ("momentum = mass ×
 * velocity") read as the symbols a teacher writes for them. What a question's own symbols are
 * (its paper and model answer) decides the rest: "x" is a times sign only where x is not one of
 * them, and "distance" is s or d as the model answer writes it.
 */

/** What the reader knows of a question's notation. */
export type ReadingContext = {
  /** Names of more than one letter read as one symbol, by their written form: the symbol. */
  names: ReadonlyMap<string, string>;
  /** The symbols of the question paper and the model answer. */
  symbols: ReadonlySet<string>;
};

/**
 * Names every physics and chemistry course uses for one quantity, with the spellings that mean
 * the same: kinetic and potential energy, relative masses, the molar volume, Avogadro's constant.
 */
const KNOWN: [string, string[]][] = [
  ['Ek', ['Ek', 'EK', 'KE', 'E_k']],
  ['Ep', ['Ep', 'EP', 'PE', 'GPE', 'E_p']],
  ['Ee', ['Ee', 'EPE', 'E_e']],
  ['Mr', ['Mr', 'M_r', 'RFM']],
  ['Ar', ['Ar', 'A_r', 'RAM']],
  ['Vm', ['Vm', 'V_m']],
  ['NA', ['NA', 'N_A', 'L_A']],
  ['pH', ['pH']],
];

/** The known names (see KNOWN), by written form. */
export const KNOWN_NAMES: ReadonlyMap<string, string> = new Map(
  KNOWN.flatMap(([name, spellings]) => spellings.map((s): [string, string] => [s, name])),
);

/** The context of a text read on its own: the known names and no symbols. */
export const NO_CONTEXT: ReadingContext = { names: KNOWN_NAMES, symbols: new Set() };

/**
 * Words of word equations and the symbols they stand for, the usual one first; the question's
 * own symbols choose among them ("distance" is d where the model answer writes d). A quantity a
 * course always writes as a product ("final momentum", mv) stands for its product.
 */
const QUANTITY_WORDS: [string, string[]][] = [
  ['change in momentum', ['Delta_p']],
  // Momentum is mass × velocity: "final momentum − initial momentum" is mv − mu.
  ['final momentum', ['(m v)']],
  ['initial momentum', ['(m u)']],
  ['momentum', ['p']],
  ['resultant force', ['F']],
  ['force', ['F']],
  ['mass', ['m']],
  ['initial velocity', ['u']],
  ['final velocity', ['v']],
  ['velocity', ['v']],
  ['speed', ['v']],
  ['acceleration', ['a']],
  ['distance', ['s', 'd', 'x']],
  ['displacement', ['s', 'x']],
  ['time', ['t']],
  ['height', ['h']],
  ['kinetic energy', ['Ek']],
  ['gravitational potential energy', ['Ep']],
  ['potential energy', ['Ep']],
  ['energy transferred', ['E', 'W']],
  ['energy', ['E', 'W']],
  ['work done', ['W', 'E']],
  ['power', ['P']],
  ['charge', ['Q']],
  ['current', ['I']],
  ['potential difference', ['V']],
  ['voltage', ['V']],
  ['resistance', ['R']],
  ['capacitance', ['C']],
  ['number of moles', ['n']],
  ['moles', ['n']],
  ['amount', ['n']],
  ['concentration', ['c']],
  ['conc', ['c']],
  ['volume', ['V']],
  ['vol', ['V']],
  ['molar volume', ['Vm']],
  ['relative formula mass', ['Mr']],
  ['molar mass', ['Mr', 'M']],
  ['number of molecules', ['N']],
  ['number of particles', ['N']],
  ['frequency', ['f']],
  ['wavelength', ['lambda']],
  ['density', ['rho']],
];

/** The symbol a quantity word stands for in this context. */
function symbolFor(candidates: string[], context: ReadingContext): string {
  return candidates.find((s) => context.symbols.has(s)) ?? candidates[0]!;
}

/** One word equation's word, where it stands and the symbol it is read as. */
export type NamedWord = { start: number; end: number; symbol: string };

const PHRASES = [...QUANTITY_WORDS].sort((a, b) => b[0].length - a[0].length);
const PHRASE = new RegExp(
  `\\b(?:the\\s+)?(${PHRASES.map(([w]) => w.replace(/ /g, '\\s+')).join('|')})(?:\\s+of\\s+[A-Za-z][A-Za-z0-9_]*)?\\b`,
  'gi',
);

/** Mathematics next to a word: an operator, a bracket or "=" (after it) or a bracket (before). */
const BEFORE_MATHS = /^\s*(?:[=*/+\-)]|is\s+(?=[-\d(]))/;
const AFTER_MATHS = /[=*/+\-(]\s*$/;

/**
 * The quantity words of a text that stand in a word equation ("momentum = mass × velocity",
 * "mass of CaO = 0.25 × 56", "the power is 2300 J"), with the symbol each is read as. A word in
 * prose, away from "=" and operators, stays a word. "is" after a quantity word and before a
 * number reads as "=": `isAt` gives where, so the reader can write it as one.
 */
export function quantityWords(
  text: string,
  context: ReadingContext,
): { words: NamedWord[]; equals: { start: number; end: number }[] } {
  const words: NamedWord[] = [];
  const equals: { start: number; end: number }[] = [];
  for (const m of text.matchAll(PHRASE)) {
    const after = text.slice(m.index + m[0].length);
    const before = text.slice(0, m.index);
    const next = BEFORE_MATHS.exec(after);
    if (!next && !AFTER_MATHS.test(before)) continue;
    const phrase = m[1]!.toLowerCase().replace(/\s+/g, ' ');
    const entry = QUANTITY_WORDS.find(([w]) => w === phrase);
    if (!entry) continue;
    words.push({
      start: m.index,
      end: m.index + m[0].length,
      symbol: symbolFor(entry[1], context),
    });
    if (next && /is/.test(next[0])) {
      const at = m.index + m[0].length + next[0].indexOf('is');
      equals.push({ start: at, end: at + 2 });
    }
  }
  return { words, equals };
}
