import { analyse, type Analysis, type Token } from './nlp';
import { phrasal } from './phrasal';
import { comparableStem, isGradable, relatedStems } from './opposites';
import {
  FULL_STATEMENT,
  MATCH_SHARE,
  NEGATION_WINDOW,
  QUESTION_WORD_CREDIT,
  SYNONYM_CREDIT,
} from './rules';
import { stem } from './text';
import type { KeyPoint } from './types';

/**
 * Judges one key point against an answer, as a teacher reads it: stated (its words, or words that
 * mean the same, in one sentence or two neighbouring ones), contradicted (the same sentence says
 * the opposite: a negation the model answer does not have, an antonym or opposite direction, a
 * different number, or the roles swapped), or not addressed.
 */

/** How a key point was contradicted, for the teacher's note. */
export type ContradictionKind = 'negation' | 'opposite' | 'number' | 'swapped' | 'choice';

/**
 * The option a text opens with ("A. Dry soil heats…", "(b) …"), upper case, or the answer to a
 * yes-or-no question it opens with ("Yes.", "No, the solutions…"), lower case; null for neither.
 * "No" followed by what it denies ("No gas is produced") answers no question.
 */
export function optionOf(text: string): string | null {
  const m = /^\s*\(?([A-Da-d])[.)](?=\s|$)/.exec(text);
  if (m) return m[1]!.toUpperCase();
  const yn =
    /^\s*(yes|no)\b(?:\s*[.,;:!]|\s+-|\s*$|\s+(?=(?:it|they|he|she|we|i|you|because|since|as|the|this|that|these|those|there|not|but|so|if|when|a|an)\b))/i.exec(
      text,
    );
  return yn ? yn[1]!.toLowerCase() : null;
}

/** A key point that is only an option: "Yes", "No", "B". */
const BARE_OPTION = /^\s*\(?(?:yes|no|[A-D])[.)!]?\s*$/i;

/** Whether a text labels something with the option anywhere ("… B. Plants need water …"). */
const labels = (text: string, option: string) =>
  new RegExp(`(?:^|[\\s;:])\\(?[${option}${option.toLowerCase()}][.)](?=\\s|$)`).test(text);

/** The verdict on one key point. */
export type PointJudgment = {
  /** How fully it is stated (0..1), with synonyms counting a little less than its own words. */
  degree: number;
  /** How fully the sentence that contradicts it addresses it (0..1); 0 when nothing contradicts it. */
  contradiction: number;
  kind: ContradictionKind | null;
  /** The sentence (or two) that states it best, as read; absent when nothing states it. */
  statedIn?: string;
  /** The sentence that contradicts it; absent when nothing does. */
  contradictedIn?: string;
};

/** One word of a key point, with the words that mean the same and the opposite. */
type PointWord = {
  key: string;
  /** 1 for the key point's own words; less for the question's words it repeats. */
  weight: number;
  /** Whether it names a thing (a noun), an action (a verb), or something else. */
  role: 'thing' | 'action' | 'other';
  negated: boolean;
  /** Denied itself, not only in a negation's scope (see Token.denied). */
  denied: boolean;
  /** Graded down in the key point itself ("less bright"). */
  lesser: boolean;
  /** The side of the point's relation this comparative stands on (see comparativeSides), or null. */
  side: 0 | 1 | null;
  number: boolean;
  /**
   * A small word the key point's statement turns on ("before", "above"): it earns no credit of
   * its own, but the point stated with its opposite ("after", "below") is contradicted.
   */
  polar: boolean;
  same: Set<string>;
  opposite: Set<string>;
  /** The content words of its own clause of the key point (see clauseRuns), itself aside. */
  mates: Set<string>;
  /**
   * The thing it is said of in its clause (see themeOf): "resistance" for "increases" in "adding
   * a bulb increases the total resistance", "current" for "decreases" in "the current through
   * each bulb decreases"; null when there is none.
   */
  theme: string | null;
  /** Whether its clause says it falls ("the current … decreases"; see DOWNWARD). */
  falls: boolean;
};

/**
 * Small words that stop-word lists drop but that carry a direction with an opposite: "the file is
 * read before it is closed" is contradicted by "after". "Same" is not among them: "everyone should
 * use the same ball" answers "each girl uses a different type of ball" (SciEntsBank), and adding it
 * traded as many false contradictions of right answers as it found in Beetle's wrong ones.
 */
const POLAR = new Set(['before', 'after', 'above', 'below', 'most']);

/** Whether a token is read against the key point: a content word, a number, or a POLAR word. */
const readable = (t: Token) => t.content || t.pos === 'NUM' || POLAR.has(t.word);

/** Number words read as the quantities they name. */
const NUMBER_WORDS: Record<string, string> = {
  zero: '0',
  none: '0',
  one: '1',
  single: '1',
  two: '2',
  double: '2',
  both: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  several: 'several',
  twice: '2',
};

/** A token's quantity ("30", "one", "several"), or null when it names none. */
function quantityOf(t: Token): string | null {
  if (/^\d+(?:\.\d+)?$/.test(t.word)) return String(Number(t.word));
  return NUMBER_WORDS[t.word] ?? null;
}

/** A key point's words as judging reads them (see wordsOf). */
type PointWords = {
  words: PointWord[];
  quantities: Set<string>;
};

/**
 * A statement that relates what comes on one side to the other: its two sides, or null. "If the
 * string is shorter, the pitch is higher" (condition, then consequence), "the pitch is higher when
 * the string is shorter", "more effort makes the load rise faster", "the shorter the string, the
 * higher the pitch".
 */
function sidesOf(phrase: string): [string, string] | null {
  const m =
    /^\s*(?:if|when|whenever)\b([^,]+),(.+)$/i.exec(phrase) ??
    /^(.+?)\b(?:if|when|whenever|makes?|causes?|leads? to)\b(.+)$/i.exec(phrase) ??
    /^\s*(the (?:more|less|[a-z]+er)\b[^,]*),\s*(the (?:more|less|[a-z]+er)\b.*)$/i.exec(phrase);
  return m ? [m[1]!, m[2]!] : null;
}

/**
 * Which side of its relation (see sidesOf) each comparative of a point stands on, by key: "shorter"
 * and "higher" in "if the string is shorter, the pitch is higher", "effort" in "more effort
 * makes…", but not "high" in "when the load is high" (a threshold). Turned round on both sides,
 * the relation says the same. A word found on both sides has none.
 */
function comparativeSides(phrase: string, tokens: Token[]): Map<string, 0 | 1> {
  const out = new Map<string, 0 | 1>();
  const sides = sidesOf(phrase);
  if (!sides) return out;
  const [left, right] = sides.map(
    (side) => new Set(analyse(side).sentences.flatMap((x) => x.tokens.map((t) => t.key))),
  );
  tokens.forEach((t, i) => {
    const before = tokens[i - 1]?.word;
    const comparative =
      (/er$/.test(t.word) && isGradable(t.key)) || before === 'more' || before === 'less';
    if (!comparative) return;
    if (left!.has(t.key) && !right!.has(t.key)) out.set(t.key, 0);
    else if (right!.has(t.key) && !left!.has(t.key)) out.set(t.key, 1);
  });
  return out;
}

const pointWords = new Map<string, PointWords>();

/** The key point's own words (its stems, found again in its phrase for their lemmas and polarity). */
function wordsOf(point: KeyPoint): PointWords {
  const cacheKey = `${point.phrase}\u0000${point.stems.join(' ')}`;
  const hit = pointWords.get(cacheKey);
  if (hit) return hit;
  const stems = new Set(point.stems);
  const tokens = phrasal(analyse(point.phrase).sentences.flatMap((s) => s.tokens));
  const seen = new Set<string>();
  const out: PointWord[] = [];
  const sides = comparativeSides(point.phrase, tokens);
  const runs = clauseRuns(tokens);
  // every clause the word stands in ("the current is shared and the current … decreases")
  const matesOf = (t: Token) =>
    new Set(
      runs
        .filter((run) => run.some((m) => m.key === t.key))
        .flat()
        .filter((m) => m.content && m.key !== t.key)
        .map((m) => m.key),
    );
  for (const t of tokens) {
    const polar = !t.content && POLAR.has(t.word);
    if ((!t.content && !polar) || seen.has(t.key)) continue;
    seen.add(t.key);
    const number = quantityOf(t) !== null;
    const rel = number
      ? { same: new Set<string>(), opposite: new Set<string>() }
      : relatedStems(t.lemma);
    const weight = polar ? 0 : stems.has(t.key) ? 1 : QUESTION_WORD_CREDIT;
    out.push({
      key: t.key,
      weight,
      role: roleOf(t.pos),
      negated: t.negated,
      denied: t.denied,
      lesser: lesser(t, tokens),
      side: sides.get(t.key) ?? null,
      number,
      polar,
      ...rel,
      mates: matesOf(t),
      theme: themeOf(t, runs),
      falls: fallsIn(t, runs),
    });
  }
  for (const s of stems)
    if (!seen.has(s))
      out.push({
        key: s,
        weight: 1,
        role: 'other',
        negated: false,
        denied: false,
        lesser: false,
        side: null,
        number: false,
        polar: false,
        same: new Set(),
        opposite: new Set(),
        mates: new Set(),
        theme: null,
        falls: false,
      });
  const quantities = new Set(tokens.map(quantityOf).filter((q): q is string => q !== null));
  const result = { words: out.filter((w) => !w.number), quantities };
  if (pointWords.size > 20_000) pointWords.clear();
  pointWords.set(cacheKey, result);
  return result;
}

function roleOf(pos: string): PointWord['role'] {
  if (pos === 'NOUN' || pos === 'PROPN') return 'thing';
  return pos === 'VERB' ? 'action' : 'other';
}

/**
 * A sentence (`pair` false) or a sentence and the next one, from sentence `at`; or one clause of a
 * sentence of two or more (`clause`).
 */
type Window = {
  tokens: Token[];
  structured: boolean;
  pair: boolean;
  at: number;
  clause?: boolean;
  /** The claim before a long sentence's reasons (see claimOf). */
  claim?: boolean;
};

/** Words that join two clauses, each with its own verb: "… a lower pitch and a longer string makes …". */
const JOINS = new Set(['and', 'but', 'whereas', 'while']);

/**
 * The clauses of a sentence that joins two or more, each with a verb and two words of content of
 * its own ("a shorter string makes a lower pitch", "a longer string makes a higher pitch"); none
 * for a sentence of one clause or a list ("light and water").
 */
function clausesOf(tokens: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  for (const t of tokens) {
    if (JOINS.has(t.word)) parts.push([]);
    else parts[parts.length - 1]!.push(t);
  }
  const whole = (part: Token[]) =>
    part.some((t) => t.pos === 'VERB' || t.pos === 'AUX') &&
    part.filter((t) => t.content).length >= 2;
  return parts.length > 1 && parts.every(whole) ? parts : [];
}

/** Words that open a sentence's reasons: what comes before them is the claim. */
const REASONS = new Set(['because', 'since', 'so', 'therefore', 'thus', 'hence']);

/**
 * The claim of a sentence too long to read a negation in (see NEGATION_WINDOW) that gives its
 * reasons after it: "Fruity Cream cookies are pure sugar" in "Fruity Cream cookies are pure sugar,
 * because the volume tube tells if it has sugar and it has sugar because it is sweet", read as a
 * sentence of its own; null for a shorter sentence or one with no claim before its reasons.
 */
function claimOf(tokens: Token[]): Token[] | null {
  if (tokens.length <= NEGATION_WINDOW) return null;
  const at = tokens.findIndex((t) => REASONS.has(t.word));
  const claim = at < 0 ? [] : tokens.slice(0, at);
  return claim.filter((t) => t.content).length >= 2 ? claim : null;
}

/** Each sentence, and each pair of neighbouring sentences. */
function windows(answer: Analysis, listsCount: boolean): Window[] {
  const s = answer.sentences.map((x) => ({ ...x, tokens: phrasal(x.tokens) }));
  const out: Window[] = [];
  for (let i = 0; i < s.length; i++) {
    out.push({ tokens: s[i]!.tokens, structured: s[i]!.structured, pair: false, at: i });
    const claim = claimOf(s[i]!.tokens);
    if (claim)
      out.push({ tokens: claim, structured: s[i]!.structured, pair: false, at: i, claim: true });
    for (const tokens of clausesOf(s[i]!.tokens))
      out.push({ tokens, structured: s[i]!.structured, pair: false, at: i, clause: true });
    if (i + 1 < s.length)
      out.push({
        tokens: [...s[i]!.tokens, ...s[i + 1]!.tokens],
        structured: s[i]!.structured && s[i + 1]!.structured,
        pair: true,
        at: i,
      });
  }
  return out.filter((w) => listsCount || w.structured);
}

/** Words before a quality that turn it into less of it: "less bright" is dimmer. */
const LESSER = new Set(['less', 'fewer']);
/** "not as bright", "not so bright": less bright. */
const NOT = new Set(['not', "n't", 'never']);

/** Whether a word is graded down: "less bright", "fewer cells", "not as bright", "not so bright". */
function lesser(t: Token, tokens: Token[]): boolean {
  const i = tokens.indexOf(t);
  const before = tokens[i - 1]?.word;
  return (
    (before !== undefined && LESSER.has(before)) ||
    ((before === 'as' || before === 'so') && NOT.has(tokens[i - 2]?.word ?? ''))
  );
}

/**
 * Whether a word is said the other way round from the key point's word `p`: denied ("not
 * bright") or graded down ("less bright") where the point's is not; both together ("not less
 * bright") say it again. Only a word the negation is about counts as denied: in "not separated
 * from the negative terminal", "negative" is not, and "the positive terminal" does not state it.
 */
function turned(t: Token, tokens: Token[], p: PointWord): boolean {
  return (t.denied !== p.denied) !== (lesser(t, tokens) !== p.lesser);
}

/** Words that say a quantity goes down: "less current" agrees with "the current decreases". */
const DOWNWARD = new Set(
  ['decrease', 'reduce', 'fall', 'drop', 'lower', 'decline', 'shrink', 'diminish'].map(stem),
);

/** Words that open a clause of their own: "…the resistance, so the current increases". */
const CLAUSE_WORDS = new Set([
  'so',
  'because',
  'since',
  'and',
  'but',
  'which',
  'while',
  'whereas',
  'therefore',
  'thus',
  'then',
]);

/** The tokens cut into runs at the words that open a clause (the words themselves dropped). */
function clauseRuns(tokens: Token[]): Token[][] {
  const runs: Token[][] = [[]];
  for (const t of tokens) {
    if (CLAUSE_WORDS.has(t.word)) runs.push([]);
    else runs[runs.length - 1]!.push(t);
  }
  return runs;
}

/** Whether a noun stands inside a prepositional phrase ("through each bulb"): not what is said of. */
const inPhrase = (run: Token[], i: number) =>
  run.slice(Math.max(0, i - 2), i).some((t) => t.pos === 'ADP');

/**
 * The thing a word is said of in its clause: the first noun after it (an action's object: "increases
 * the total resistance"), else the nearest before it (its subject: "the current through each bulb
 * decreases"), leaving out nouns inside a prepositional phrase.
 */
function themeOf(t: Token, runs: Token[][]): string | null {
  const run = runs.find((r) => r.includes(t));
  if (!run) return null;
  const at = run.indexOf(t);
  const noun = (m: Token, i: number) =>
    (m.pos === 'NOUN' || m.pos === 'PROPN') && m.key !== t.key && !inPhrase(run, i);
  for (let i = at + 1; i < run.length; i++) if (noun(run[i]!, i)) return run[i]!.key;
  for (let i = at - 1; i >= 0; i--) if (noun(run[i]!, i)) return run[i]!.key;
  return null;
}

/** Whether a word that says a quantity falls follows the word in its clause ("current … decreases"). */
function fallsIn(t: Token, runs: Token[][]): boolean {
  // in any clause the word stands in ("the current is shared and the current … decreases")
  return runs.some((run) => {
    const at = run.findIndex((m) => m.key === t.key);
    return at >= 0 && run.slice(at + 1).some((m) => DOWNWARD.has(m.key));
  });
}

/** How many of a key point word's clause-mates (see PointWord) a clause of the answer holds. */
function belonging(run: Token[], mates: Set<string>): number {
  return new Set(run.filter((m) => mates.has(m.key)).map((m) => m.key)).size;
}

/**
 * Whether the opposite of the point's word `p`, found in the window beside the word itself,
 * belongs with the words `p` goes with: "the second bulb decreases the total resistance, so the
 * current increases" holds "increases", but it is the resistance that it says decreases.
 */
function rivalBelongs(
  p: PointWord,
  own: Token,
  content: Token[],
  tokens: Token[],
  point: PointWord[],
): boolean {
  if (!p.opposite.size || !p.mates.size) return false;
  const rival = content.find(
    (t) => t !== own && (p.opposite.has(t.key) || p.opposite.has(comparableStem(t.word))),
  );
  if (!rival) return false;
  // A point that names the opposite too: only when it says it of other things, in a clause of
  // its own ("…increases the resistance, so the current decreases"); one clause that names both
  // ("increasing the voltage decreases the current") is read as before.
  const named = point.find((q) => q.key === rival.key);
  if (named && p.mates.has(named.key)) return false;
  // Said of the point's thing: the opposite's clause names it, and the word's own does not
  // ("the total resistance decreases, so the current increases"; not "resistance increases, which
  // means the current … decreases").
  const runs = clauseRuns(tokens);
  const [rivalRun, ownRun] = [rival, own].map((t) => runs.find((r) => r.includes(t)) ?? []);
  if (p.theme) {
    const names = (run: Token[]) => run.some((m) => m.key === p.theme);
    if (!names(rivalRun!) || names(ownRun!)) return false;
  }
  const mates = named ? new Set([...p.mates].filter((k) => !named.mates.has(k))) : p.mates;
  if (!mates.size) return false;
  // clearly theirs: two of the clause's words more beside the opposite than beside the word
  return belonging(rivalRun!, mates) >= belonging(ownRun!, mates) + 2;
}

/** How one window reads against the key point. */
function readWindow({ words, quantities }: PointWords, w: Window) {
  const point = words.filter((p) => !p.polar);
  const polars = words.filter((p) => p.polar);
  const content = w.tokens.filter(readable);
  const byKey = new Map<string, Token>();
  const wanted = new Map(point.map((p) => [p.key, p.negated] as const));
  const pointKeys = new Set(words.map((p) => p.key));
  const pointNegated = point.some((p) => p.negated);
  for (const t of content)
    if (
      !byKey.has(t.key) ||
      (byKey.get(t.key)!.negated !== wanted.get(t.key) && t.negated === wanted.get(t.key))
    )
      byKey.set(t.key, t);
  const cmp = new Map(content.map((t) => [comparableStem(t.word), t] as const));
  let credit = 0;
  let ownHits = 0;
  let hits = 0;
  let opposite = 0;
  let flipped = 0;
  let polar = 0;
  let ownFlipped = 0;
  let ownPolar = 0;
  // the point's own denied words ("not connected"), and how many of them the answer affirms
  let deniedPolar = 0;
  let deniedFlipped = 0;
  // the point's own words said the other way round where one side denies the word itself, not
  // only follows a denial
  let deniedWordFlipped = 0;
  let numberClash = false;
  // The point stated by denying its opposite ("not as bright" for "dimmer"): that negation
  // states the point, it does not deny it.
  let doubled = false;
  // "does not complete the circuit" for "creates a gap", or "connected to the negative terminal"
  // for "not separated from the negative terminal": the denial is of the opposite, so it states
  // the point, unless a word denied on either side is said the other way round on the other ("no
  // gap" for "separated by the gap"); the words that only follow the denial do not count.
  let deniedOpposite = false;
  const order: number[] = [];
  // the point's comparatives said the other way round ("lower" for "higher", "less effort" for
  // "more effort"), and those said as the point says them
  const turnedRound: PointWord[] = [];
  let keptComparatives = 0;
  // "after" for the point's "before": read once the rest of the point is there.
  const polarOpposite = polars.some((p) => {
    if (byKey.has(p.key)) return false;
    const opp = content.find((t) => p.opposite.has(t.key));
    return opp !== undefined && !pointKeys.has(opp.key) && !turned(opp, w.tokens, p);
  });
  for (const p of point) {
    const own = byKey.get(p.key);
    // The point's word there, but its opposite is what the answer says of the point's things.
    if (own && p.weight === 1 && rivalBelongs(p, own, content, w.tokens, point)) {
      opposite += p.weight;
      turnedRound.push(p);
      continue;
    }
    // "less bright" for "brighter": the point's own word, graded down, says the opposite; not
    // "less current" for "the current decreases", which says it falls as the point does.
    if (
      own &&
      lesser(own, w.tokens) !== p.lesser &&
      p.weight === 1 &&
      !(lesser(own, w.tokens) && p.falls)
    ) {
      opposite += p.weight;
      turnedRound.push(p);
      continue;
    }
    if (own) {
      if (p.side !== null) keptComparatives++;
      credit += p.weight;
      hits++;
      if (p.weight === 1) ownHits++;
      polar++;
      if (own.negated !== p.negated) flipped++;
      if (p.weight === 1 && own.negated !== p.negated && (own.denied || p.denied))
        deniedWordFlipped++;
      if (p.denied) {
        deniedPolar++;
        if (!own.negated) deniedFlipped++;
      }
      if (p.weight === 1) {
        ownPolar++;
        if (own.negated !== p.negated) ownFlipped++;
      }
      order.push(content.indexOf(own));
      continue;
    }
    const same = content.find((t) => p.same.has(t.key));
    if (same) {
      credit += SYNONYM_CREDIT * p.weight;
      hits++;
      if (p.weight === 1) ownHits++;
      polar++;
      if (same.negated !== p.negated) flipped++;
      if (p.weight === 1 && same.negated !== p.negated && (same.denied || p.denied))
        deniedWordFlipped++;
      if (p.weight === 1) {
        ownPolar++;
        if (same.negated !== p.negated) ownFlipped++;
      }
      continue;
    }
    // An opposite the key point itself names ("inside … or outside") is no contradiction.
    const opp =
      content.find((t) => p.opposite.has(t.key)) ??
      [...p.opposite].map((k) => cmp.get(k)).find(Boolean);
    if (opp && pointKeys.has(opp.key)) continue;
    if (opp) {
      // "not dimmer", "less dim" or "not as dim" for "brighter" state the point; "dimmer"
      // contradicts it.
      if (!turned(opp, w.tokens, p)) {
        opposite += p.weight;
        turnedRound.push(p);
      } else {
        credit += SYNONYM_CREDIT * p.weight;
        hits++;
        if (p.weight === 1) ownHits++;
        // "not as bright", "less bright": the answer's grading down of the opposite states the point
        if (lesser(opp, w.tokens)) doubled = true;
        else if (opp.denied || p.denied) deniedOpposite = true;
      }
    }
  }
  // A relation said with both its quantities turned round says the same: "a longer string makes
  // a lower pitch" for "if the string is shorter, the pitch is higher". Only one comparative on
  // each side of the relation, and none said as the point says it: two claims side by side ("more
  // heat and less light"), both turned in the consequence ("the sea falls and the water gets
  // cooler" when the ice melts), a threshold ("when the load is high") or a third comparative
  // left as it was are not the relation turned round.
  if (
    turnedRound.length === 2 &&
    keptComparatives === 0 &&
    turnedRound.every((p) => p.side !== null) &&
    turnedRound[0]!.side !== turnedRound[1]!.side
  ) {
    opposite = 0;
    for (const p of turnedRound) {
      credit += SYNONYM_CREDIT * p.weight;
      hits++;
      if (p.weight === 1) ownHits++;
    }
  }
  const n = point.reduce((x, p) => x + p.weight, 0) || 1;
  if (polarOpposite && credit / n >= MATCH_SHARE) opposite += 1;
  const matchedTokens = [...byKey.values()].filter((t) => wanted.has(t.key));
  const windowNegated = matchedTokens.some((t) => t.negated);
  const ownCount = point.filter((p) => p.weight === 1).length;
  const owned = ownCount > 0;
  if (quantities.size) {
    const stated = w.tokens.map(quantityOf).filter((q): q is string => q !== null);
    numberClash = stated.length > 0 && !stated.some((q) => quantities.has(q));
  }
  // Polarity is the clause's: "no base case" and "the base case is not included" both deny it.
  // Both the words' own polarity (the point's own words', the question's words aside) and the
  // clause's must differ, in a sentence short enough to read.
  // A point that denies ("the terminals are not connected") is stated backwards when every word
  // it denies is affirmed ("the terminals are connected"), however many words it also names.
  const wordsFlipped =
    (deniedPolar > 0 && deniedFlipped === deniedPolar) ||
    (ownPolar > 0 ? ownFlipped * 2 > ownPolar : flipped * 2 > polar);
  const negation =
    polar > 0 &&
    wordsFlipped &&
    pointNegated !== windowNegated &&
    !doubled &&
    !(deniedOpposite && deniedWordFlipped === 0) &&
    w.tokens.length <= NEGATION_WINDOW;
  // Roles swapped: every word of a short statement there, in the reverse order ("B causes A").
  // Only a statement of the shape "thing does something to thing" has roles to swap: "function
  // members and data members" is the same list either way round.
  const roles =
    point.length >= 3 &&
    point[0]!.role === 'thing' &&
    point[point.length - 1]!.role === 'thing' &&
    point.slice(1, -1).some((p) => p.role === 'action');
  const swapped =
    roles &&
    order.length === point.length &&
    point.length <= 4 &&
    order.every((v, i) => i === 0 || v < order[i - 1]!);
  return {
    // One shared word does not state a point of two or more; the question's words alone state nothing.
    degree: (owned ? ownHits < Math.min(2, ownCount) : hits < Math.min(2, point.length))
      ? Math.min(credit / n, MATCH_SHARE - 0.01)
      : credit / n,
    addressed: Math.min(1, (credit + opposite) / n),
    negation,
    opposite: opposite > 0,
    numberClash: numberClash && credit / n >= MATCH_SHARE,
    swapped: swapped && order.length >= 3,
  };
}

/**
 * Judges `point` against an answer (see the module's comment). Sentences that are lists of terms
 * state nothing unless `listsCount` (the model answer is itself a list).
 */
export function judgePoint(point: KeyPoint, answer: Analysis, listsCount = false): PointJudgment {
  // A point that opens with the option it picks ("A. Dry soil heats more quickly…") is
  // contradicted by an answer that opens with another ("B. The graph helped me…"), whatever it
  // goes on to say or the point's alternatives accept; not by an answer that labels its parts as
  // the model answer does ("A. … B. …"), which names the point's option too.
  const picked = optionOf(point.phrase);
  const text = picked ? answer.sentences.map((x) => x.text).join(' ') : '';
  const chose = picked ? optionOf(text) : null;
  if (picked && chose && chose !== picked && !labels(text, picked))
    return {
      degree: 0,
      contradiction: 1,
      kind: 'choice',
      contradictedIn: answer.sentences[0]!.text,
    };
  // A point that is only the option ("Yes", "No") is stated by an answer that opens with it.
  // "Yes" may stand anywhere ("I think yes", "It lights. Yes, because…") as long as no other
  // option opens the answer; "no" must open it, as "no gas" or "no current" says no "No".
  if (picked && BARE_OPTION.test(point.phrase)) {
    const yes = picked === 'yes' && chose === null && /\byes\b/i.test(text);
    return chose === picked || yes
      ? { degree: 1, contradiction: 0, kind: null, statedIn: answer.sentences[0]!.text }
      : { degree: 0, contradiction: 0, kind: null };
  }
  const own = judgeOne(point, answer, listsCount);
  let best = own;
  for (const alt of point.alternatives ?? []) {
    const j = judgeOne(alt, answer, listsCount);
    if (j.degree > best.degree) {
      const against = j.contradiction <= own.contradiction ? j : own;
      best = { ...j, contradiction: against.contradiction, kind: j.kind };
      if (against.contradictedIn) best.contradictedIn = against.contradictedIn;
      else delete best.contradictedIn;
    }
  }
  return best;
}

function judgeOne(point: KeyPoint, answer: Analysis, listsCount: boolean): PointJudgment {
  const pw = wordsOf(point);
  let degree = 0;
  let contradiction = 0;
  let kind: ContradictionKind | null = null;
  let statedIn: Window | null = null;
  let contradictedIn: Window | null = null;
  // A sentence that states the opposite never states the point, nor does it with a word
  // borrowed from its neighbour ("Chlorophyll gives off light energy. The plant takes in…").
  const clashing = new Set<number>();
  const read = windows(answer, listsCount).map((w) => ({ w, r: readWindow(pw, w) }));
  for (const { w, r } of read) {
    const clash = w.pair || w.clause ? null : clashOf(r);
    if (clash && clash !== 'negation' && r.addressed >= FULL_STATEMENT) clashing.add(w.at);
  }
  // A sentence of clauses that states the point only with words of different clauses does not
  // state it when a clause says its opposite: "a shorter string makes a lower pitch and a longer
  // string makes a higher pitch" holds every word of "the shorter the string, the higher the
  // pitch", and each clause says the opposite. Otherwise the sentence is read whole, as before.
  const mixed = new Set<number>();
  const clauses = read.filter(({ w }) => w.clause);
  for (const at of new Set(clauses.map(({ w }) => w.at))) {
    const whole = read.find(({ w }) => w.at === at && !w.pair && !w.clause)!.r;
    const own = clauses.filter(({ w }) => w.at === at);
    const states = own.some(({ r }) => !clashOf(r) && r.degree >= MATCH_SHARE);
    // Two clauses that each say the opposite, as pairs swapped do; one may say something else
    // ("light surfaces reflect more heat and dark ones absorb it"). A clause's negation is not
    // read: a short clause reads a negation a long sentence would not ("is not initialised every
    // time" for "is initialised only once").
    const saying = own.filter(({ r }) => {
      const clash = clashOf(r);
      return clash && clash !== 'negation' && r.addressed >= FULL_STATEMENT;
    }).length;
    if (!clashOf(whole) && whole.degree >= MATCH_SHARE && saying >= 2 && !states) mixed.add(at);
  }
  // A long sentence whose claim says the opposite does not state the point with its reasons.
  const denied = new Set(
    read
      .filter(({ w, r }) => w.claim && clashOf(r) && r.addressed >= FULL_STATEMENT)
      .map(({ w }) => w.at),
  );
  for (const { w, r } of read) {
    if (w.pair && (clashing.has(w.at) || clashing.has(w.at + 1))) continue;
    if (!w.claim && !clashOf(r) && (denied.has(w.at) || (w.pair && denied.has(w.at + 1)))) continue;
    if (w.clause ? !mixed.has(w.at) : mixed.has(w.at) && !w.pair) continue;
    if (w.pair && (mixed.has(w.at) || mixed.has(w.at + 1))) continue;
    const clash = clashOf(r);
    // A contradiction is read within one sentence: two together may simply say two things.
    if (clash && !w.pair) {
      if (r.addressed > contradiction) {
        contradiction = r.addressed;
        kind = clash;
        contradictedIn = w;
      }
    } else if (!clash && r.degree > degree) {
      degree = r.degree;
      statedIn = w;
    }
  }
  const quote = (w: Window) =>
    answer.sentences
      .slice(w.at, w.at + (w.pair ? 2 : 1))
      .map((s) => s.text)
      .join(' ');
  return {
    degree,
    contradiction,
    kind,
    ...(statedIn ? { statedIn: quote(statedIn) } : {}),
    ...(contradictedIn ? { contradictedIn: quote(contradictedIn) } : {}),
  };
}

/** How a window contradicts the key point, or null when it does not. */
function clashOf(r: ReturnType<typeof readWindow>): ContradictionKind | null {
  if (r.negation !== r.opposite) return r.negation ? 'negation' : 'opposite';
  if (r.numberClash) return 'number';
  return r.swapped ? 'swapped' : null;
}

/** Whether a judgment counts as the point stated, or as the point contradicted. */
export const isStated = (j: Omit<PointJudgment, 'kind'>): boolean =>
  j.degree >= MATCH_SHARE && j.degree >= j.contradiction;
export const isContradicted = (j: Omit<PointJudgment, 'kind'>): boolean =>
  j.contradiction >= MATCH_SHARE && j.contradiction > j.degree;
