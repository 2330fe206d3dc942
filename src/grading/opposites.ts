import { stem } from './text';
import { antonymsOf, synonymsOf } from './wordnet';

/**
 * Which words mean the same as a key point's word, and which mean its opposite: WordNet's
 * synonyms and antonyms, and the opposite directions and comparisons a science teacher marks
 * wrong that WordNet does not list as antonyms ("series" and "parallel", "brighter" and "dimmer").
 * Everything is compared on Porter2 stems, as key points are.
 */

/** Opposites a teacher reads as contradicting each other; each pair works both ways. */
const OPPOSITE_PAIRS: [string, string][] = [
  ['increase', 'decrease'],
  ['increase', 'reduce'],
  ['rise', 'fall'],
  ['raise', 'lower'],
  ['more', 'less'],
  ['more', 'fewer'],
  ['most', 'least'],
  ['higher', 'lower'],
  ['high', 'low'],
  ['bigger', 'smaller'],
  ['larger', 'smaller'],
  ['big', 'small'],
  ['large', 'small'],
  ['greater', 'smaller'],
  ['greater', 'less'],
  ['longer', 'shorter'],
  ['long', 'short'],
  ['faster', 'slower'],
  ['fast', 'slow'],
  ['hotter', 'colder'],
  ['hot', 'cold'],
  ['warm', 'cool'],
  ['heavier', 'lighter'],
  ['heavy', 'light'],
  ['brighter', 'dimmer'],
  ['bright', 'dim'],
  ['stronger', 'weaker'],
  ['strong', 'weak'],
  ['before', 'after'],
  ['first', 'last'],
  ['open', 'closed'],
  ['open', 'close'],
  ['on', 'off'],
  // a light that is off is not bright, dim or glowing: "gets brighter", "goes dimmer" and "still
  // glows" say it is on
  ['off', 'bright'],
  ['off', 'dim'],
  ['off', 'glow'],
  ['off', 'shine'],
  ['series', 'parallel'],
  ['positive', 'negative'],
  ['attract', 'repel'],
  ['absorb', 'reflect'],
  ['absorb', 'emit'],
  ['absorb', 'release'],
  ['gain', 'lose'],
  ['add', 'remove'],
  ['same', 'different'],
  ['connected', 'separated'],
  ['connected', 'disconnected'],
  ['complete', 'incomplete'],
  ['closed', 'broken'],
  ['conductor', 'insulator'],
  ['aerobic', 'anaerobic'],
  ['inside', 'outside'],
  ['up', 'down'],
  ['above', 'below'],
  ['push', 'pull'],
  ['expand', 'contract'],
  ['heat', 'cool'],
  ['melt', 'freeze'],
  ['evaporate', 'condense'],
  ['dissolve', 'precipitate'],
  ['acid', 'base'],
  ['acidic', 'alkaline'],
  ['true', 'false'],
  ['always', 'never'],
  ['all', 'none'],
  ['thin', 'thick'],
  ['shallow', 'deep'],
  ['wet', 'dry'],
  ['empty', 'full'],
  ['north', 'south'],
  ['east', 'west'],
  ['left', 'right'],
  ['clockwise', 'anticlockwise'],
  ['clockwise', 'counterclockwise'],
  ['input', 'output'],
  ['import', 'export'],
  ['producer', 'consumer'],
  ['predator', 'prey'],
  ['dominant', 'recessive'],
  ['renewable', 'nonrenewable'],
  ['vertebrate', 'invertebrate'],
  ['oxidation', 'reduction'],
  ['exothermic', 'endothermic'],
  ['solid', 'liquid'],
  ['liquid', 'gas'],
  ['solid', 'gas'],
  ['sink', 'float'],
  ['living', 'nonliving'],
  ['alive', 'dead'],
  ['continue', 'stop'],
  ['start', 'stop'],
  ['hard', 'soft'],
  ['harder', 'softer'],
  ['easy', 'difficult'],
  ['rough', 'smooth'],
  ['near', 'far'],
  ['closer', 'farther'],
  ['nearer', 'farther'],
  ['visible', 'invisible'],
  ['soluble', 'insoluble'],
  ['magnetic', 'nonmagnetic'],
  ['transparent', 'opaque'],
  ['physical', 'chemical'],
  ['erosion', 'deposition'],
  ['erode', 'deposit'],
  ['uphill', 'downhill'],
  ['upstream', 'downstream'],
  ['early', 'late'],
  ['sooner', 'later'],
];

/**
 * Words of amount, size, speed and degree: a relation between two of them ("the shorter the
 * string, the higher the pitch") says the same with both turned round ("a longer string makes a
 * lower pitch"). Compared on the stems of their bases ("higher" is "high").
 */
const GRADABLE = new Set(
  (
    'increase decrease reduce rise fall raise lower more less fewer high low big small large great ' +
    'long short fast slow quick hot cold warm cool heavy light bright dim strong weak thin thick ' +
    'shallow deep close far near tight loose much many few'
  )
    .split(' ')
    .map(stem),
);

/** Whether a word (its stem, or its comparative's) names an amount or a degree (see GRADABLE). */
export const isGradable = (key: string): boolean =>
  GRADABLE.has(key) ||
  GRADABLE.has(stem(positiveOf(key))) ||
  GRADABLE.has(stem(`${positiveOf(key)}e`));

const OPPOSITES = new Map<string, Set<string>>();
for (const [a, b] of OPPOSITE_PAIRS) {
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const k = stem(x);
    OPPOSITES.set(k, (OPPOSITES.get(k) ?? new Set()).add(stem(y)));
  }
}

/** Whether a stem (see comparableStem) has an opposite a teacher marks wrong ("dim", "connect"). */
export const hasOpposite = (key: string): boolean => OPPOSITES.has(key);

/** The stems listed as opposite to a stem ("dim" → "bright"), none when it has none. */
export const listedOpposites = (key: string): ReadonlySet<string> =>
  OPPOSITES.get(key) ?? new Set();

/** "dimmer" → "dim", "heavier" → "heavy", "biggest" → "big": the base of a comparative. */
export function positiveOf(word: string): string {
  const m = word.match(/^(.{2,}?)(er|est)$/);
  if (!m) return word;
  const base = m[1]!;
  if (/(.)\1$/.test(base)) return base.slice(0, -1);
  if (base.endsWith('i')) return `${base.slice(0, -1)}y`;
  return base;
}

/** Single words only: WordNet's multi-word entries ("pass off") do not match one token. */
const singleStems = (ws: Iterable<string>): string[] =>
  [...ws].filter((w) => /^[a-z]+$/.test(w)).map(stem);

const lexicon = new Map<string, { same: Set<string>; opposite: Set<string> }>();

/**
 * Stems that state the same as `lemma` and stems that state its opposite. The stem of the word
 * itself is never among either. Cached per lemma.
 */
export function relatedStems(lemma: string): { same: Set<string>; opposite: Set<string> } {
  const hit = lexicon.get(lemma);
  if (hit) return hit;
  const own = stem(lemma);
  const base = positiveOf(lemma);
  const bases = base === lemma ? [lemma] : [lemma, base];
  const same = new Set(bases.flatMap((b) => singleStems(synonymsOf(b))));
  const opposite = new Set<string>();
  for (const b of bases) {
    for (const s of singleStems(antonymsOf(b))) opposite.add(s);
    for (const s of OPPOSITES.get(stem(b)) ?? []) opposite.add(s);
  }
  // A word WordNet lists both ways ("close" is near and shut) is no evidence either way.
  for (const s of [...opposite]) {
    if (!same.has(s)) continue;
    same.delete(s);
    opposite.delete(s);
  }
  same.delete(own);
  opposite.delete(own);
  const out = { same, opposite };
  if (lexicon.size > 50_000) lexicon.clear();
  lexicon.set(lemma, out);
  return out;
}

/** The stem an answer's word is compared on for opposites: comparatives read as their base. */
export function comparableStem(word: string): string {
  return stem(positiveOf(word));
}
