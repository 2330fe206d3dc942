import { describe, expect, it } from 'vitest';
import { analyseAnswer, prepareAssignment, scoreQuestion } from '.';
import {
  finalNumberOf,
  groupAnswers,
  groupScoring,
  stakesOf,
  stanceOf,
  type GroupItem,
} from './groups';
import type { ExtractedDocument } from './types';

const doc = (text: string): Extract<ExtractedDocument, { status: 'ok' }> => ({
  status: 'ok',
  text,
  pages: [],
  ocrConfidence: null,
});

const vec = (words: string): Map<string, number> =>
  new Map(words.split(' ').map((w) => [w, 1] as [string, number]));

const item = (words: string, over: Partial<GroupItem> = {}): GroupItem => ({
  hits: [true, false],
  contradicted: [false, false],
  finalNumber: null,
  vec: vec(words),
  share: 0.5,
  empty: false,
  ...over,
});

describe('groupAnswers', () => {
  it('puts answers with the same points and close words together, biggest group first', () => {
    const groups = groupAnswers([
      item('light energy glucose'),
      item('heat water soil', { hits: [false, false], share: 0 }),
      item('light energy glucose plants'),
      item('light energy glucose'),
      item('water soil heat', { hits: [false, false], share: 0.05 }),
    ]);
    expect(groups.map((g) => [...g.members].sort())).toEqual([
      [0, 2, 3],
      [1, 4],
    ]);
    expect(groups[0]!.points).toEqual(['stated', 'missed']);
    expect(groups[0]!.flag).toBeUndefined();
  });

  it('among groups of one size, puts the one whose proposed mark lies nearest half the marks first', () => {
    const groups = groupAnswers([
      item('sun heats water', { share: 1 }),
      item('moon pulls tides', { share: 0.55 }),
      item('wind moves clouds', { share: 0 }),
      item('rain fills rivers', { share: 0.3 }),
      item('sun heats water', { share: 1 }),
    ]);
    // the pair first whatever its mark, then the single answers from the least sure call on
    expect(groups.map((g) => g.members[0])).toEqual([0, 1, 3, 2]);
    // the order follows the marks proposed now: after a regrade the same answers come otherwise
    const after = groupAnswers([
      item('moon pulls tides', { share: 0.95 }),
      item('wind moves clouds', { share: 0.45 }),
    ]);
    expect(after.map((g) => g.members[0])).toEqual([1, 0]);
  });

  it('keeps apart answers that contradict a point, end on another number, or get far other marks', () => {
    const groups = groupAnswers([
      item('current flows closed path'),
      item('current flows closed path', { contradicted: [false, true] }),
      item('current flows closed path', { finalNumber: '3' }),
      item('current flows closed path', { share: 0.95 }),
      item('current flows closed path', { stance: 'not ' }),
    ]);
    expect(groups).toHaveLength(5);
    expect(groups.every((g) => g.flag === 'ungrouped')).toBe(true);
    expect(groups.find((g) => g.members[0] === 1)!.points).toEqual(['stated', 'contradicted']);
  });

  it('puts an answer alike to no other last, flagged, and every answer in exactly one group', () => {
    const items = [
      item('alpha beta'),
      item('gamma delta'),
      item('alpha beta gamma'),
      item('alpha beta'),
    ];
    const groups = groupAnswers(items);
    expect(groups.at(-1)).toMatchObject({ members: [1], flag: 'ungrouped', sureness: 0 });
    expect(
      groups
        .flatMap((g) => g.members)
        .sort()
        .join(),
    ).toBe('0,1,2,3');
  });

  it('makes the answer most like the others the representative', () => {
    const [g] = groupAnswers([item('a b c d e x'), item('a b c d e'), item('a b c d e y')]);
    expect(g!.representative).toBe(1);
    expect(g!.members[0]).toBe(1);
  });

  it('flags a group whose members the engine marks far apart as uncertain, after the sure ones', () => {
    const groups = groupAnswers(
      [
        item('a b', { share: 0.2 }),
        item('a b', { share: 0.5 }),
        item('c d', { share: 0.5 }),
        item('c d', { share: 0.5 }),
        item('c d e', { share: 0.5 }),
      ],
      { minSimilarity: 0.5, maxShareGap: 0.4, uncertainBelow: 0.8 },
    );
    expect(groups.map((g) => [g.members.length, g.flag ?? null])).toEqual([
      [3, null],
      [2, 'uncertain'],
    ]);
    expect(groups[1]!.sureness).toBeCloseTo(0.7);
  });

  it('groups every empty answer together', () => {
    const groups = groupAnswers([
      item('', { empty: true, vec: new Map(), hits: [false, false], share: 0 }),
      item('a b'),
      item('', { empty: true, vec: new Map(), hits: [false, false], share: 0 }),
    ]);
    expect(groups[0]).toMatchObject({ members: [0, 2], empty: true, sureness: 1 });
  });

  it('groups 500 identical hand-ins as one group, quickly', () => {
    const items = Array.from({ length: 500 }, () => item('the same words every time'));
    const started = performance.now();
    const groups = groupAnswers(items);
    expect(performance.now() - started).toBeLessThan(500);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.members).toHaveLength(500);
    expect(groups[0]!.sureness).toBeCloseTo(1);
  });
});

describe('finalNumberOf', () => {
  it('reads the last number written, normalised', () => {
    expect(finalNumberOf('v = 2 x 3 = 6.50 m/s')).toBe('6.5');
    expect(finalNumberOf('about 1,200 people')).toBe('1200');
    expect(finalNumberOf('no number here')).toBeNull();
  });
});

describe('stanceOf', () => {
  it('reads a denial and the words of opposite pairs, not the rest of the wording', () => {
    expect(stanceOf('The terminal is not connected to the positive terminal')).toBe(
      '|not|connect posit',
    );
    expect(stanceOf('the terminal is connected to a positive battery terminal')).toBe(
      '||connect posit',
    );
    expect(stanceOf("the bulb doesn't get dimmer")).toBe('|not|dim');
    expect(stanceOf('Plants grow in soil')).toBe('||');
    // a denial is a denial however many negations say it
    expect(stanceOf("neither bulb isn't near a gap")).toBe(stanceOf('the bulb is not near a gap'));
  });

  it('keeps the yes or no an answer opens with apart from what follows', () => {
    const no = stanceOf('No, bulb B does not stay on because the path is broken');
    expect(no).toBe('no|not|broken on');
    expect(no).not.toBe(stanceOf('Bulb B stays on because the path is broken'));
    expect(stanceOf('Yes, because the path is closed')).not.toBe(
      stanceOf('No, because the path is closed'),
    );
  });

  it('reads comparatives by their base only when it is a degree, and skips particles', () => {
    expect(stanceOf('the current is greater')).toBe('||greater');
    expect(stanceOf('the bulb is brighter after that')).toBe('||after bright');
    expect(stanceOf('the heater was on')).toBe('||on');
    expect(stanceOf('the sun heats it up')).toBe(stanceOf('the sun heats it'));
    expect(stanceOf('the upper bulb')).toBe('||');
  });

  it('counts only the opposite pairs at stake in the question', () => {
    const stakes = stakesOf('Terminal 1 and the positive terminal are separated by the gap');
    expect([...stakes].sort()).toEqual(['connect', 'negat', 'posit', 'separ']);
    // "lights" and "closed" say nothing for or against this model answer; "connected" does
    expect(stanceOf('bulb A lights because it is in a closed path', stakes)).toBe('||');
    expect(stanceOf('the terminal is connected to the battery', stakes)).toBe('||connect');
  });
});

/** A one-question class read and scored as a grading run does. */
function scoredClass(model: string, question: string, texts: string[]) {
  const prepared = prepareAssignment({
    modelAnswer: doc(model),
    questionPaper: doc(question),
    totalMarks: 4,
  });
  const answers = texts.map((t, i) => ({ id: `s${i}`, analysis: analyseAnswer(prepared, doc(t)) }));
  return { answers, scoring: scoreQuestion(prepared, 0, answers) };
}

describe('groupScoring', () => {
  it('never groups an answer with its denial, however alike the words', () => {
    const texts = [
      'bulb A is in a closed path with the battery',
      'bulb A is not in a closed path with the battery',
      'Bulb A is in a closed path with the battery.',
      'bulb A is in an open path with the battery',
    ];
    const { scoring } = scoredClass(
      'Terminal 2 and the positive terminal are separated by the gap',
      'Why was the voltage 1.5 between terminal 2 and the positive terminal?',
      texts,
    );
    // the engine reads them alike: without the stance they would share a group
    const plain = groupAnswers(
      scoring.scores.map((s, i) => ({
        hits: s.hits,
        contradicted: s.contradicted ?? s.hits.map(() => false),
        finalNumber: null,
        vec: new Map(scoring.suggest[i]!.vec),
        share: s.share,
        empty: false,
      })),
    );
    expect([...plain[0]!.members].sort()).toEqual([0, 1, 2]);
    const groups = groupScoring(scoring, texts);
    const of = (i: number) => groups.findIndex((g) => g.members.includes(i));
    expect(of(0)).toBe(of(2));
    expect(new Set([of(0), of(1), of(3)]).size).toBe(3);
  });

  it('groups a real class by what the engine read in each answer', () => {
    const { scoring, answers } = scoredClass(
      'Photosynthesis uses light energy to make glucose from carbon dioxide and water.',
      'What is photosynthesis?',
      [
        'Plants use light energy to make glucose from carbon dioxide and water.',
        'Plants grow in soil and need water.',
        'Plants use light energy to make glucose from carbon dioxide and water.',
        '',
        'Light energy is used to make glucose from water and carbon dioxide.',
        'Plants grow in the soil.',
      ],
    );
    const groups = groupScoring(
      scoring,
      answers.map((a) => a.analysis.questions[0]!.text),
    );
    const of = (i: number) => groups.findIndex((g) => g.members.includes(i));
    expect(of(0)).toBe(of(2));
    expect(of(0)).not.toBe(of(1));
    expect(groups[of(3)]!.empty).toBe(true);
    expect(groups[of(0)]!.points.every((p) => p === 'stated')).toBe(true);
    expect(groups[of(0)]!.share).toBeGreaterThan(groups[of(1)]!.share);
  });
});
