import { describe, expect, it } from 'vitest';
import { seededRandom } from '../shared/seeded-random';
import { findSimilar, type SimilarityDoc } from './similarity';

// Prose of random words from a few hundred: two texts share a five-word run only by copying.
const VOCABULARY = (
  'water light energy plant root leaf cell sun heat gas liquid solid rock soil air cloud rain ' +
  'river sea salt sugar acid base metal wire bulb battery current circuit switch magnet force ' +
  'push pull speed mass weight gravity moon earth planet star orbit day night season summer ' +
  'winter animal bird fish insect food chain eat grow seed flower fruit tree forest desert ' +
  'ice steam boil melt freeze cool warm hot cold wet dry heavy light strong weak fast slow ' +
  'because when then after before so but and or if the a of to in on with from by at makes ' +
  'turns moves holds keeps gives takes shows helps stops starts changes measures compares ' +
  'table graph number result test trial sample control variable data pattern model shadow'
).split(' ');

function prose(seed: number, words: number) {
  const random = seededRandom(seed);
  const out: string[] = [];
  for (let i = 0; i < words; i++) {
    const w = VOCABULARY[Math.floor(random() * VOCABULARY.length)]!;
    out.push(i % 12 === 11 ? `${w}.` : w);
  }
  return out.join(' ');
}

const doc = (id: string, text: string, more: Partial<SimilarityDoc> = {}): SimilarityDoc => ({
  id,
  text,
  person: id,
  current: true,
  ...more,
});

const MODEL =
  'Plants make their food by photosynthesis: chlorophyll in the leaves absorbs sunlight and turns carbon dioxide and water into glucose and oxygen.';
const QUESTION =
  'Explain in your own words how a green plant makes its food and what it needs to do so.';
const COPIED =
  'The green stuff inside each leaf catches the morning light and my uncle says it works like a tiny kitchen that cooks sugar out of thin air and puddle water all day long.';

/** A class of `n` hand-ins of their own words. */
const classOf = (n: number, words = 120) =>
  Array.from({ length: n }, (_, i) => doc(`s${i}`, prose(100 + i, words)));

describe('findSimilar', () => {
  it('finds a copied passage, reworded in part, with the share of each and where it stands', () => {
    const docs = classOf(20);
    docs[3] = doc('s3', `${prose(3, 40)} ${COPIED} ${prose(4, 30)}`);
    // Reworded in part: a word changed and one dropped, the rest copied.
    const reworded = COPIED.replace('my uncle says', 'my aunt says').replace(' tiny', '');
    docs[7] = doc('s7', `${prose(7, 20)} ${reworded} ${prose(8, 50)}`);
    const report = findSimilar(docs);
    expect(report.pairs).toHaveLength(1);
    const [pair] = report.pairs;
    expect([pair!.a, pair!.b]).toEqual(['s3', 's7']);
    expect(pair!.sharedWords).toBeGreaterThanOrEqual(28);
    expect(pair!.shareA).toBeGreaterThan(0.25);
    expect(pair!.shareB).toBeGreaterThan(0.25);
    // The changed words are inside the passage: one passage, from the first copied word to the last.
    expect(pair!.passages).toHaveLength(1);
    const [first] = pair!.passages;
    expect(docs[3]!.text.slice(...first!.a)).toBe(COPIED.slice(0, -1));
    expect(docs[7]!.text.slice(...first!.b)).toBe(reworded.slice(0, -1));
  });

  it('ignores what the question paper and the model answer say, and finds the copy when they are not given', () => {
    const docs = classOf(10);
    docs[1] = doc('s1', `${QUESTION} ${MODEL} ${prose(1, 60)}`);
    docs[2] = doc('s2', `${prose(2, 40)} ${QUESTION} ${MODEL}`);
    expect(findSimilar(docs, { ignore: [QUESTION, MODEL] }).pairs).toEqual([]);
    // Without the papers the same two are a pair: the test above can fail.
    const unaware = findSimilar(docs).pairs;
    expect(unaware.map((p) => [p.a, p.b])).toEqual([['s1', 's2']]);
  });

  it('ignores phrases much of the class uses, and still finds a rarer copied passage among them', () => {
    const phrase =
      'as our teacher showed us in the lab with the lamp and the jar of pond water last week';
    const docs = classOf(40).map((d) => ({ ...d, text: `${d.text} ${phrase}` }));
    docs[5] = doc('s5', `${prose(5, 80)} ${phrase} ${COPIED}`);
    docs[9] = doc('s9', `${COPIED} ${phrase} ${prose(9, 90)}`);
    const report = findSimilar(docs);
    expect(report.commonPhrases).toBeGreaterThan(0);
    expect(report.pairs.map((p) => [p.a, p.b])).toEqual([['s5', 's9']]);
    // The common phrase is not part of what the pair shares.
    const pair = report.pairs[0]!;
    for (const p of pair.passages) expect(docs[5]!.text.slice(...p.a)).not.toContain('pond water');
  });

  it('makes one group of 500 identical hand-ins, not 124,750 pairs, quickly', () => {
    const text = `${QUESTION} ${prose(1, 300)}`;
    const docs = Array.from({ length: 500 }, (_, i) => doc(`s${i}`, text));
    docs.push(doc('other', prose(2, 200)));
    const t0 = performance.now();
    const report = findSimilar(docs, { ignore: [QUESTION] });
    expect(performance.now() - t0).toBeLessThan(5000);
    expect(report.identical).toHaveLength(1);
    expect(report.identical[0]).toHaveLength(500);
    expect(report.pairs).toEqual([]);
  });

  it('lists identical small groups and their pairs with a copier', () => {
    const docs = classOf(12);
    docs[0] = doc('s0', `${prose(50, 40)} ${COPIED}`);
    docs[1] = doc('s1', docs[0]!.text.toUpperCase().replace(/\./g, '!'));
    docs[2] = doc('s2', `${COPIED} ${prose(51, 40)}`);
    const report = findSimilar(docs);
    expect(report.identical).toEqual([['s0', 's1']]);
    expect(report.pairs.map((p) => [p.a, p.b]).sort()).toEqual([
      ['s0', 's2'],
      ['s1', 's2'],
    ]);
  });

  it('lists a hand-in with no text, or with nothing but the papers, as empty, and compares the rest', () => {
    const docs = [
      ...classOf(5),
      doc('blank', ''),
      doc('spaces', '  \n\n  . , ; '),
      doc('only-model', `${MODEL}\n${QUESTION}`),
    ];
    const report = findSimilar(docs, { ignore: [QUESTION, MODEL] });
    expect(report.empty).toEqual(['blank', 'spaces', 'only-model']);
    expect(report.pairs).toEqual([]);
    expect(report.identical).toEqual([]);
    expect(findSimilar([]).pairs).toEqual([]);
  });

  it('compares with earlier classes’ hand-ins: never two earlier ones, never a student with herself', () => {
    const docs = classOf(8);
    docs[2] = doc('s2', `${prose(60, 30)} ${COPIED}`);
    const earlier = { current: false };
    docs.push(doc('old1', `${COPIED} ${prose(61, 30)}`, earlier));
    docs.push(doc('old2', `${prose(62, 10)} ${COPIED} ${prose(63, 10)}`, earlier));
    // The same student handed in the same text last year: no pair with herself.
    docs.push(doc('old3', docs[4]!.text, { ...earlier, person: 's4' }));
    const report = findSimilar(docs);
    expect(report.pairs.map((p) => [p.a, p.b]).sort()).toEqual([
      ['s2', 'old1'],
      ['s2', 'old2'],
    ]);
  });

  it('never compares two earlier classes’ hand-ins, however much they share', () => {
    const docs = classOf(6);
    // Two earlier classes copied among themselves (a whole class of copies, in a large school):
    // none of this is this class's, so none of it is work to do.
    for (let i = 0; i < 6; i++)
      docs.push(
        doc(`old${i}`, `${prose(70 + i, 20)} ${COPIED} ${prose(80 + i, 20)}`, { current: false }),
      );
    const report = findSimilar(docs);
    expect(report.pairs).toEqual([]);
    expect(report.checkedPairs).toBe(0);
    // One hand-in of this class with the same passage: its six pairs are checked, no more.
    docs[0] = doc('s0', `${prose(90, 20)} ${COPIED}`);
    const found = findSimilar(docs);
    expect(found.pairs.map((p) => p.a)).toEqual(Array(6).fill('s0'));
    expect(found.checkedPairs).toBe(6);
  });
});
