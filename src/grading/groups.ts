import { comparableStem, hasOpposite, isGradable, listedOpposites } from './opposites';
import { stem, words } from './text';
import type { PreparedQuestion } from './types';
import { cosine, PackedVectors, type Vec } from './vectors';

/**
 * Answer groups: the answers to one question that say the same thing, so that a teacher marks
 * each group once. Two answers share a group only when they state, miss and contradict the same
 * key points, end on the same number (or both on none), and their words are close; a group's
 * representative is its medoid. Deterministic: the same answers give the same groups.
 */

/** One answer to a question as grouping sees it. */
export type GroupItem = {
  /** Which key points it states and which it contradicts (in key-point order). */
  hits: boolean[];
  contradicted: boolean[];
  /** The last number it writes, normalised ("3.50" is "3.5"), or null when it writes none. */
  finalNumber: string | null;
  /** Its term vector (any length; compared by cosine). */
  vec: Vec;
  /** The share of the question's marks the engine proposes (0..1). */
  share: number;
  /** An empty answer (nothing written): every empty answer says the same. */
  empty: boolean;
  /** Which way it says it (see stanceOf); answers of different stances never share a group. */
  stance?: string;
};

/** Why a group comes last: one answer alike to no other, or members whose proposals spread. */
export type GroupFlag = 'ungrouped' | 'uncertain';

/** A group of answers that say the same thing. Indices refer to the items given. */
export type AnswerGroup = {
  /** The representative first, then the others from the closest to it. */
  members: number[];
  representative: number;
  /** The engine's proposed share for the group: its members' median (0..1). */
  share: number;
  /** How sure the engine is that one mark fits every member (0..1): closeness times agreement. */
  sureness: number;
  /** Per key point: 'stated', 'missed' or 'contradicted' (shared by every member). */
  points: ('stated' | 'missed' | 'contradicted')[];
  finalNumber: string | null;
  empty: boolean;
  flag?: GroupFlag;
};

/**
 * How alike two answers' words must be (cosine of their term vectors) to share a group, how far
 * apart the engine's proposals for them may be (share of the marks), and the sureness under which
 * a group is flagged uncertain. Chosen on the corpora with bench/groups.ts: looser groups are
 * fewer but carry more answers whose human mark is not their representative's (0.5 → 0.7: Beetle's
 * members with their representative's mark 80% → 85%, the other corpora's curves unchanged).
 */
export const GROUPING = { minSimilarity: 0.7, maxShareGap: 0.2, uncertainBelow: 0.5 };

/** The last number an answer writes, normalised, or null. */
export function finalNumberOf(text: string): string | null {
  const all = text.replace(/(\d),(?=\d{3}\b)/g, '$1').match(/[-+]?\d+(?:\.\d+)?/g);
  if (!all?.length) return null;
  return String(Number(all[all.length - 1]));
}

function pointsOf(it: GroupItem): AnswerGroup['points'] {
  return it.hits.map((h, k) => (it.contradicted[k] ? 'contradicted' : h ? 'stated' : 'missed'));
}

const signatureOf = (it: GroupItem) =>
  it.empty ? 'empty' : `${pointsOf(it).join(',')}|${it.finalNumber ?? ''}|${it.stance ?? ''}`;

/** Words that deny what follows ("not", "no gap", "doesn't"), apostrophes dropped as words() does. */
const NEGATIONS = new Set(
  (
    'not no never none nothing nobody nowhere neither nor without cannot cant dont doesnt didnt ' +
    'isnt arent wasnt werent wont hasnt havent hadnt shouldnt wouldnt couldnt mustnt neednt ' +
    'shant aint'
  ).split(' '),
);

/**
 * Words of opposite pairs that mostly say no direction: the particle of a verb ("heats it up",
 * "slows down", "the upper one") and "all" ("all of it").
 */
const PARTICLES = new Set(['up', 'down', 'all'].map(stem));

/**
 * The key a word of an opposite pair is known by ("separated" → "separ"), or null. A comparative
 * of a degree is read as its base ("dimmer" is "dim", as "dim" and "dimmer" say the same); other
 * words as they are ("after" is no "aft", "heater" no "heat").
 */
function pairKey(word: string): string | null {
  const base = comparableStem(word);
  const key = isGradable(base) && hasOpposite(base) ? base : stem(word);
  return hasOpposite(key) && !PARTICLES.has(key) ? key : null;
}

/**
 * The words of opposite pairs at stake in a question: those its text or model answer (or an
 * accepted answer) uses, and their opposites. An answer's other such words ("the bulb lights",
 * "the first bulb") say nothing for or against it.
 */
export function stakesOf(reference: string): Set<string> {
  const keys = new Set<string>();
  for (const w of words(reference)) {
    const key = pairKey(w);
    if (!key) continue;
    keys.add(key);
    for (const o of listedOpposites(key)) keys.add(o);
  }
  return keys;
}

/**
 * Which way an answer says what it says: the "yes" or "no" it opens with, whether it denies
 * anything after that ("not", "no gap", "doesn't"), and which words of the opposite pairs at stake
 * (`stakes`, see stakesOf; all when null) it uses ("connected" or "separated", "positive" or
 * "negative", "brighter" or "dimmer"). "The terminal is not connected to the positive terminal"
 * and "the terminal is connected to the positive terminal" share nearly every word and say the
 * opposite; "Yes, because the path is closed" and "No, because the path is closed" too. A
 * teacher marks them apart, so they are never one group.
 */
export function stanceOf(text: string, stakes: Set<string> | null = null): string {
  const ws = words(text);
  const opening = ws[0] === 'yes' || ws[0] === 'no' ? ws[0] : '';
  const rest = opening ? ws.slice(1) : ws;
  const denied = rest.some((w) => NEGATIONS.has(w));
  const polar = new Set<string>();
  for (const w of rest) {
    const key = pairKey(w);
    if (key && (!stakes || stakes.has(key))) polar.add(key);
  }
  return `${opening}|${denied ? 'not' : ''}|${[...polar].sort().join(' ')}`;
}

/** A stable text of a vector, so identical answers are compared once (500 copies cost one). */
function vecKey(v: Vec): string {
  return [...v]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, x]) => `${k}:${x.toFixed(6)}`)
    .join(' ');
}

/** The middle of some numbers (the mean of the two middle ones for an even count). */
export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Cosines of every two vectors of a block (a row each). */
function cosines(vecs: Vec[]): Float64Array[] {
  const packed = new PackedVectors(vecs);
  const norms = vecs.map((v) => Math.sqrt([...v.values()].reduce((s, x) => s + x * x, 0)));
  return vecs.map((_, i) => {
    const row = new Float64Array(vecs.length);
    packed.dotsWith(i, row);
    for (let j = 0; j < row.length; j++)
      row[j] = norms[i]! && norms[j]! ? row[j]! / (norms[i]! * norms[j]!) : i === j ? 1 : 0;
    return row;
  });
}

/**
 * Splits one block of answers with the same signature into groups of close wording: the answer
 * with the most weight of close neighbours leads, takes its unclaimed close neighbours, and so on
 * (leader clustering in order of density). `weight` counts identical copies.
 */
function clusterBlock(
  vecs: Vec[],
  shares: number[],
  weight: number[],
  empty: boolean,
  params: typeof GROUPING,
): number[][] {
  if (empty) return [vecs.map((_, i) => i)];
  const min = params.minSimilarity;
  const sim = cosines(vecs);
  // Answers whose proposed marks lie far apart do not say the same thing, whatever their words.
  sim.forEach((row, i) =>
    row.forEach((_, j) => {
      if (Math.abs(shares[i]! - shares[j]!) > params.maxShareGap)
        row[j] = Math.min(row[j]!, min - 1);
    }),
  );
  const density = sim.map((row) => row.reduce((s, c, j) => s + (c >= min ? weight[j]! : 0), 0));
  const order = vecs.map((_, i) => i).sort((a, b) => density[b]! - density[a]! || a - b);
  const owner = new Array<number>(vecs.length).fill(-1);
  const clusters: number[][] = [];
  for (const lead of order) {
    if (owner[lead] !== -1) continue;
    const members = order.filter((j) => owner[j] === -1 && (j === lead || sim[lead]![j]! >= min));
    for (const j of members) owner[j] = clusters.length;
    clusters.push(members);
  }
  return clusters.map((c) => medoidFirst(c, sim, weight));
}

/** The cluster with its medoid first, then the others by closeness to it. */
function medoidFirst(c: number[], sim: Float64Array[], weight: number[]): number[] {
  const total = (i: number) => c.reduce((s, j) => s + weight[j]! * sim[i]![j]!, 0);
  const medoid = c.reduce((best, i) => (total(i) > total(best) + 1e-12 ? i : best), c[0]!);
  return [
    medoid,
    ...c.filter((i) => i !== medoid).sort((a, b) => sim[medoid]![b]! - sim[medoid]![a]! || a - b),
  ];
}

/**
 * Groups the answers to one question (see GroupItem), in the order of compareGroups: biggest group
 * first, then the groups the engine is unsure of, then answers alike to no other, each flagged.
 * Every item is in exactly one group.
 */
export function groupAnswers(items: GroupItem[], params = GROUPING): AnswerGroup[] {
  // Identical answers (same signature and words) are one unique item with a weight.
  const unique = new Map<string, number[]>();
  items.forEach((it, i) => {
    const key = `${signatureOf(it)}#${it.share.toFixed(4)}#${it.empty ? '' : vecKey(it.vec)}`;
    unique.set(key, [...(unique.get(key) ?? []), i]);
  });
  const blocks = new Map<string, number[][]>();
  for (const copies of unique.values()) {
    const sig = signatureOf(items[copies[0]!]!);
    blocks.set(sig, [...(blocks.get(sig) ?? []), copies]);
  }
  const groups: AnswerGroup[] = [];
  for (const block of blocks.values()) {
    const first = items[block[0]![0]!]!;
    const clusters = clusterBlock(
      block.map((copies) => items[copies[0]!]!.vec),
      block.map((copies) => items[copies[0]!]!.share),
      block.map((copies) => copies.length),
      first.empty,
      params,
    );
    for (const c of clusters)
      groups.push(
        groupOf(
          items,
          c.flatMap((u) => block[u]!),
        ),
      );
  }
  return groups
    .map((g) =>
      g.members.length > 1 && g.sureness < params.uncertainBelow
        ? { ...g, flag: 'uncertain' as const }
        : g,
    )
    .sort(compareGroups);
}

/** How far a group's proposal lies from half the marks, to 1e-9 (an unknown one: furthest). */
const doubt = (g: Ordered) =>
  Number.isFinite(g.share) ? Math.round(Math.abs(g.share - 0.5) * 1e9) / 1e9 : 1;

/** What the order of groups looks at. */
type Ordered = Pick<AnswerGroup, 'flag' | 'members' | 'share' | 'representative'>;

const flagRank = (g: Ordered) => (g.flag === 'ungrouped' ? 2 : g.flag === 'uncertain' ? 1 : 0);

/**
 * The order groups are shown in: the biggest first, then the uncertain ones, then the single
 * answers; among groups of one size, the one whose proposed mark lies nearest half the question's
 * marks first.
 * That is the engine's least sure call, where the teacher's mark teaches it most, and as her marks
 * move the proposals (the groups are made anew after "Regrade the rest with your marks"), what
 * comes first follows them. On bench/groups.ts, marking in this order with a regrade after each
 * step raised the agreement at a third of the actions on every corpus (see docs/grading.md).
 */
export function compareGroups(a: Ordered, b: Ordered): number {
  return (
    flagRank(a) - flagRank(b) ||
    b.members.length - a.members.length ||
    doubt(a) - doubt(b) ||
    a.representative - b.representative
  );
}

function groupOf(items: GroupItem[], members: number[]): AnswerGroup {
  const rep = items[members[0]!]!;
  const shares = members.map((i) => items[i]!.share);
  const spread = Math.max(...shares) - Math.min(...shares);
  const closeness = rep.empty
    ? 1
    : members.reduce((s, i) => s + cosine(rep.vec, items[i]!.vec), 0) / members.length;
  return {
    members,
    representative: members[0]!,
    share: median(shares),
    sureness: members.length > 1 ? Math.max(0, closeness * (1 - spread)) : 0,
    points: pointsOf(rep),
    finalNumber: rep.finalNumber,
    empty: rep.empty,
    ...(members.length > 1 ? {} : { flag: 'ungrouped' as const }),
  };
}

/** What grouping needs of a question's class scoring (QuestionScoring, see scoreQuestion). */
export type ScoringOfQuestion = {
  scores: { share: number; hits: boolean[]; contradicted?: boolean[] }[];
  suggest: ({ vec: Array<[string, number]> } | null)[];
};

/**
 * The groups of one question from its class scoring (see scoreQuestion) and the answers' text
 * for that question: what the server stores for a run and the benchmark marks by.
 */
export function groupScoring(
  scoring: ScoringOfQuestion,
  texts: string[],
  question: Pick<PreparedQuestion, 'questionText' | 'modelText' | 'accepted'> | null = null,
  params = GROUPING,
): AnswerGroup[] {
  const stakes = question
    ? stakesOf(
        [
          question.questionText,
          question.modelText,
          ...(question.accepted ?? []).map((a) => a.text),
        ].join('\n'),
      )
    : null;
  return groupAnswers(
    scoring.scores.map((s, i) => {
      const suggest = scoring.suggest[i];
      return {
        hits: s.hits,
        contradicted: s.contradicted ?? s.hits.map(() => false),
        finalNumber: finalNumberOf(texts[i] ?? ''),
        vec: new Map(suggest?.vec ?? []),
        share: s.share,
        empty: suggest === null || suggest === undefined,
        stance: stanceOf(texts[i] ?? '', stakes),
      };
    }),
    params,
  );
}
