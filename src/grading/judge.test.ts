import { describe, expect, it } from 'vitest';
import { gradeAnswers, prepareAssignment } from '.';
import { ACCEPTED_BY_TEACHER } from './grade';
import { judgePoint, isContradicted, isStated, optionOf } from './judge';
import { keyPoints } from './key-points';
import { analyse } from './nlp';
import { splitAccepted } from './prepare';
import type { AnswerResult, ExtractedDocument } from './types';

const text = (t: string): ExtractedDocument => ({
  status: 'ok',
  text: t,
  pages: [],
  ocrConfidence: null,
});

/** The one key point of a one-sentence model answer, judged against an answer. */
function judge(model: string, question: string, answer: string) {
  const [point] = keyPoints(model, question);
  return judgePoint(point!, analyse(answer));
}

/** A one-question class graded through the app's path; every answer must be graded. */
function gradeTexts(model: string, question: string, totalMarks: number, answers: string[]) {
  const prepared = prepareAssignment({
    modelAnswer: text(model),
    questionPaper: text(question),
    totalMarks,
  });
  return gradeAnswers(
    prepared,
    answers.map((t, i) => ({ id: `s${i}`, document: text(t) })),
  ).map((r) => {
    if (r.status !== 'graded') throw new Error('expected graded results');
    return r;
  });
}

describe('judgePoint', () => {
  it('reads a phrasal verb as the one word it means: a bulb that goes out is off, not lit', () => {
    const q = 'What happens to bulb A when bulb B burns out in a series circuit?';
    const verdict = (answer: string) => {
      const j = judge('Bulb A goes out.', q, answer);
      return isStated(j) ? 'stated' : isContradicted(j) ? 'contradicted' : 'not addressed';
    };
    expect(verdict('Bulb A goes out too.')).toBe('stated');
    expect(verdict('Bulb A will also switch off.')).toBe('stated');
    expect(verdict('The lamp went out.')).toBe('stated');
    // "goes" alone no longer states it; a bulb still lit, dimmer, brighter or glowing is not off
    expect(verdict('Bulb A goes dimmer.')).toBe('contradicted');
    expect(verdict('Bulb A gets brighter because it gets all the current.')).toBe('contradicted');
    expect(verdict('Bulb A still glows.')).toBe('contradicted');
    expect(verdict('Bulb A stays on.')).toBe('contradicted');
    expect(verdict('Bulb A lights up.')).toBe('contradicted');
    expect(verdict('Bulb A is in the circuit.')).toBe('not addressed');
  });

  it('reads an opposite direction or comparison as a contradiction', () => {
    const j = judge('The bulb gets dimmer.', 'What happens to bulb A?', 'Bulb A gets brighter.');
    expect(isContradicted(j)).toBe(true);
    expect(j.kind).toBe('opposite');
    expect(
      isStated(judge('The bulb gets dimmer.', 'What happens to bulb A?', 'Bulb A gets dimmer.')),
    ).toBe(true);
  });

  it('reads "after" for "before" and "below" for "above" as contradictions, though both are small words', () => {
    const q = 'When must the file be read?';
    const after = judge(
      'The file is read before it is closed.',
      q,
      'The file is read after it is closed.',
    );
    expect(isContradicted(after)).toBe(true);
    expect(after.kind).toBe('opposite');
    expect(after.contradiction).toBeLessThanOrEqual(1);
    const before = judge(
      'The file is read before it is closed.',
      q,
      'It is read before it is closed.',
    );
    expect(isStated(before)).toBe(true);
    expect(isContradicted(before)).toBe(false);
    const below = judge(
      'The warm air rises above the cold air.',
      'What happens to the warm air?',
      'The warm air rises below the cold air.',
    );
    expect(isContradicted(below)).toBe(true);
    // the small word alone, with nothing else of the point, contradicts nothing
    expect(isContradicted(judge('The file is read before it is closed.', q, 'After.'))).toBe(false);
  });

  it('reads "less bright" and "not as bright" as dimmer, and "less dim" as brighter', () => {
    const q = 'What happens to bulb A?';
    for (const a of ['The bulb gets less bright.', 'The bulb is not as bright as before.']) {
      const j = judge('The bulb gets dimmer.', q, a);
      expect(isStated(j), a).toBe(true);
      expect(isContradicted(j), a).toBe(false);
    }
    expect(isStated(judge('The bulb gets brighter.', q, 'The bulb gets less dim.'))).toBe(true);
    // and the other way round they contradict
    expect(isContradicted(judge('The bulb gets brighter.', q, 'The bulb gets less bright.'))).toBe(
      true,
    );
    expect(isContradicted(judge('The bulb gets dimmer.', q, 'The bulb gets more bright.'))).toBe(
      true,
    );
  });

  it('reads the opposite denied as no contradiction, but the point’s own word denied as one', () => {
    const q = 'Why do you get a voltage reading of 1.5 across a damaged bulb?';
    const model = 'A damaged bulb creates a gap.';
    expect(isContradicted(judge(model, q, 'A damaged bulb does not complete the circuit.'))).toBe(
      false,
    );
    expect(judge(model, q, 'The damaged bulb has no gap.').kind).toBe('negation');
  });

  it('reads a WordNet antonym as a contradiction', () => {
    const j = judge(
      'Terminals 1 and 2 are connected.',
      'Why is the voltage 0?',
      'The terminals are separated.',
    );
    expect(isContradicted(j)).toBe(true);
    expect(j.kind).toBe('opposite');
  });

  it('reads a denied statement as a contradiction, and a double negative as stated', () => {
    const gap = judge(
      'There is no gap between them.',
      'Why is the voltage 0?',
      'There is a gap between terminal one and two.',
    );
    expect(isContradicted(gap)).toBe(true);
    expect(gap.kind).toBe('negation');
    const notBrighter = judge(
      'The bulb gets dimmer.',
      'What happens to bulb A?',
      'Bulb A does not get brighter.',
    );
    expect(isContradicted(notBrighter)).toBe(false);
  });

  it('reads a denial affirmed as a contradiction, whatever else the point names', () => {
    // "terminals" is the point's, not denied; "connected" is the word it denies
    const q = 'Why was the voltage not 0?';
    const affirmed = judge('The terminals are not connected.', q, 'The terminals are connected.');
    expect(isContradicted(affirmed)).toBe(true);
    expect(affirmed.kind).toBe('negation');
    const denied = judge('The terminals are not connected.', q, 'The terminals are not connected.');
    expect(isContradicted(denied)).toBe(false);
    expect(isStated(denied)).toBe(true);
    // through the app's path: flagged and named to the teacher
    const model = 'The terminals are not connected.';
    const prepared = prepareAssignment({
      modelAnswer: text(model),
      questionPaper: text(q),
      totalMarks: 4,
    });
    const [r] = gradeAnswers(prepared, [
      { id: 'a', document: text('The terminals are connected.') },
    ]);
    if (r?.status !== 'graded') throw new Error('expected a graded result');
    expect(r.questions[0]!.contradicted).toEqual(['The terminals are not connected']);
    expect(r.reviewReasons).toContain('contradicts-model');
    // the model's words, all but its "not": no copy of the model answer, no full marks
    expect(r.marks).toBeLessThan(4);
  });

  it('reads a relation said with both its quantities turned round as stated, and one turned as contradicted', () => {
    // [model, answer, what a teacher reads]
    const cases: [string, string, 'stated' | 'contradicted'][] = [
      [
        'If the string is shorter, the pitch will be higher.',
        'A longer string makes a lower pitch.',
        'stated',
      ],
      [
        'If the string is shorter, the pitch will be higher.',
        'A shorter string makes a lower pitch.',
        'contradicted',
      ],
      [
        'If the string is shorter, the pitch will be higher.',
        'A longer string makes a higher pitch.',
        'contradicted',
      ],
      [
        'The pitch is higher when the string is shorter.',
        'The pitch is lower when the string is longer.',
        'stated',
      ],
      [
        'The shorter the string, the higher the pitch.',
        'The longer the string, the lower the pitch.',
        'stated',
      ],
      // "less effort" turns the amount round as "lower" does
      [
        'If more effort is applied, the load rises faster.',
        'With less effort the load rises slower.',
        'stated',
      ],
      [
        'If more effort is applied, the load rises faster.',
        'With less effort the load rises faster.',
        'contradicted',
      ],
      // both turned on one side of the relation: the consequence is wrong
      [
        'If the string is shorter and tighter, the pitch is higher.',
        'If the string is longer and looser, the pitch is higher.',
        'contradicted',
      ],
      [
        'When the ice melts, the sea level rises and the water gets warmer.',
        'When the ice melts, the sea level falls and the water gets cooler.',
        'contradicted',
      ],
      [
        'When the ice melts, the water gets warmer and the sea gets higher.',
        'When the ice melts, the water gets cooler and the sea gets lower.',
        'contradicted',
      ],
      // a threshold is no comparative: "when low, smaller" does not follow from "when high, larger"
      [
        'When the load factor is high, the hash table is resized to a larger array.',
        'When the load factor is low, the hash table is resized to a smaller array.',
        'contradicted',
      ],
      // a third comparative left as it was
      [
        'If the temperature is higher, the particles move faster and the pressure is greater.',
        'If the temperature is lower, the particles move slower and the pressure is greater.',
        'contradicted',
      ],
      // two claims side by side are no relation ("the water" is no "the …er" either)
      [
        'The bulb is brighter and the wire is hotter.',
        'The bulb is dimmer and the wire is colder.',
        'contradicted',
      ],
      [
        'The water gets warmer and the ice gets smaller.',
        'The water gets cooler and the ice gets bigger.',
        'contradicted',
      ],
    ];
    for (const [model, answer, want] of cases) {
      const j = judge(model, 'What happens?', answer);
      expect(want === 'stated' ? isStated(j) : isContradicted(j), `${model} / ${answer}`).toBe(
        true,
      );
    }
  });

  it('reads another option picked as a contradiction of the point that names the right one', () => {
    const q = 'Which container, A or B, has the dry soil?';
    const model = 'A. Dry soil heats more quickly than water.';
    const other = judge(model, q, 'B. Dry soil heats more quickly than water.');
    expect(isContradicted(other)).toBe(true);
    expect(other.kind).toBe('choice');
    expect(isStated(judge(model, q, 'A. Dry soil heats more quickly than water.'))).toBe(true);
    // no option named: the words are read as ever
    expect(isStated(judge(model, q, 'Dry soil heats more quickly than water.'))).toBe(true);
    expect(optionOf('(b) because it is dry')).toBe('B');
    expect(optionOf('A lot of heat')).toBeNull();
    // parts labelled as the model answer labels them name each point's own option
    const listed = 'A. Plants need light.\nB. Plants need water.\nC. Plants release oxygen.';
    for (const point of keyPoints(listed, 'What do plants need and release?'))
      expect(isContradicted(judgePoint(point, analyse(listed))), point.phrase).toBe(false);
    // through the app's path: an accepted answer in other words does not make another option right
    const [b, a] = gradeTexts(`${model}\nAlso accept: Dry soil warms up faster than water.`, q, 2, [
      'B. Dry soil warms up faster than water.',
      'A. Dry soil warms up faster than water.',
    ]);
    expect(b!.reviewReasons).toContain('contradicts-model');
    expect(b!.marks).toBeLessThan(1);
    expect(a!.marks).toBe(2);
  });

  it('reads the other answer to a yes-or-no question as a contradiction, and keeps the mark low', () => {
    const q = 'Will the bulb light if the gap is closed with aluminum foil? Explain.';
    const model = 'Yes. Aluminum foil is a metal and all metals conduct electricity.';
    expect(optionOf('No, because it is a metal')).toBe('no');
    expect(optionOf('yes it will light')).toBe('yes');
    expect(optionOf('Yes.')).toBe('yes');
    // "no" that denies what follows answers no question
    expect(optionOf('No gas is produced.')).toBeNull();
    expect(optionOf('Nobody knows')).toBeNull();
    expect(optionOf('No-one can tell')).toBeNull();
    expect(optionOf('No - it will not light')).toBe('no');
    const graded = gradeTexts(model, q, 4, [
      'Yes, because aluminum foil is a metal and metals conduct electricity.',
      'No, because aluminum foil is a metal and metals conduct electricity.',
      'No, foil does not conduct electricity.',
      'yes it will light because the foil is metal',
      'It lights up: foil is a metal and metals conduct.',
    ]);
    // the reasons right but the verdict turned round: a quarter of the marks at most, flagged
    expect(graded[1]!.marks).toBeLessThanOrEqual(1);
    expect(graded[1]!.reviewReasons).toContain('contradicts-model');
    expect(graded[1]!.questions[0]!.contradicted).toEqual(['Yes']);
    expect(graded[2]!.marks).toBeLessThanOrEqual(1);
    expect(graded[0]!.marks).toBe(4);
    // the same verdict, or none given, is read as before
    for (const k of [3, 4]) expect(graded[k]!.reviewReasons).not.toContain('contradicts-model');
    expect(graded[3]!.marks).toBeGreaterThan(2);
    // a teacher who accepts "No" too, for its own reason: that answer is right
    const [coated, wrong] = gradeTexts(
      `${model}\nAlso accept: No, if the foil is coated with plastic it does not conduct.`,
      q,
      4,
      [
        'No, if the foil is coated with plastic it does not conduct.',
        'No, because foil is a metal and metals conduct electricity.',
      ],
    );
    expect(coated!.marks).toBe(4);
    expect(coated!.reviewReasons).not.toContain('contradicts-model');
    expect(wrong!.marks).toBeLessThanOrEqual(1);
  });

  it('reads each clause of a sentence on its own: the pairs swapped contradict, though every word is there', () => {
    const model =
      'If the string is shorter, the pitch will be higher. If the string is longer, the pitch will be lower.';
    const q = 'What happens to the pitch when the string is shorter or longer?';
    const swapped =
      'A shorter string makes a lower pitch and a longer string makes a higher pitch.';
    const right = 'A shorter string makes a higher pitch and a longer string makes a lower pitch.';
    for (const point of keyPoints(model, q)) {
      const w = judgePoint(point, analyse(swapped));
      expect(isContradicted(w), point.phrase).toBe(true);
      expect(w.contradictedIn).toBe(swapped);
      expect(isStated(judgePoint(point, analyse(right))), point.phrase).toBe(true);
      // nor does the sentence state it together with the next
      expect(isStated(judgePoint(point, analyse(`${swapped} I tested it.`))), point.phrase).toBe(
        false,
      );
    }
    // one clause saying something else does not undo the sentence: a teacher credits it
    expect(
      isStated(
        judge(
          'Dark surfaces absorb more heat than light surfaces.',
          'Which absorbs more heat?',
          'Light surfaces reflect more heat and dark ones absorb it.',
        ),
      ),
    ).toBe(true);
    // nor does a clause's own negation, which a long sentence would not read
    const once = judge(
      'The static array is initialised only once when the function is called.',
      'What is a static array?',
      'A static array is one that keeps its values and is not initialised every time a class function is called, its data is not lost at function end.',
    );
    expect(isContradicted(once)).toBe(false);
    // through the app's path: the swapped pairs get no marks for the points and are flagged
    const prepared = prepareAssignment({
      modelAnswer: text(model),
      questionPaper: text(q),
      totalMarks: 4,
    });
    const [bad, good] = gradeAnswers(prepared, [
      { id: 'swapped', document: text(swapped) },
      { id: 'right', document: text(right) },
    ]);
    if (bad?.status !== 'graded' || good?.status !== 'graded')
      throw new Error('expected graded results');
    expect(bad.questions[0]!.contradicted).toHaveLength(2);
    expect(bad.reviewReasons).toContain('contradicts-model');
    expect(bad.marks).toBeLessThanOrEqual(1);
    expect(good.questions[0]!.contradicted ?? []).toEqual([]);
    expect(good.marks).toBeGreaterThanOrEqual(3);
  });

  it('denies only what the negation is about: "not separated from the negative" is no "positive"', () => {
    const q =
      'Explain why you got a voltage reading of 1.5 for terminal 1 and the positive terminal.';
    const model = 'Terminal 1 is not separated from the negative battery terminal.';
    // "negative" follows the negation but is not denied: the positive terminal is its opposite
    const wrong = judge(model, q, 'Terminal 1 is connected to the positive terminal.');
    expect(isContradicted(wrong)).toBe(true);
    expect(wrong.kind).toBe('opposite');
    // "connected" denies "separated"'s opposite: the point stated in other words
    const right = judge(model, q, 'Terminal 1 is connected to the negative battery terminal.');
    expect(isStated(right)).toBe(true);
    expect(isContradicted(right)).toBe(false);
    // the negation's scope still runs on for the clause: "not separated by a gap" says "no gap"
    const noGap = judge(
      'There is no gap between terminals 1 and 2.',
      'Explain why you got a voltage reading of 0 for terminal 1 and terminal 2.',
      'Terminal 1 is not separated by a gap from terminal 2.',
    );
    expect(isStated(noGap)).toBe(true);
    // through the app's path, with the model's accepted answers: the one it contradicts is named
    const prepared = prepareAssignment({
      modelAnswer: text(
        `Terminal 1 and the positive terminal are separated by the gap.\nAlso accept: ${model}`,
      ),
      questionPaper: text(q),
      totalMarks: 4,
    });
    const [r] = gradeAnswers(prepared, [
      { id: 'a', document: text('Terminal 1 is connected to the positive terminal.') },
      { id: 'b', document: text('Terminal 1 is connected to the negative battery terminal.') },
    ]);
    if (r?.status !== 'graded') throw new Error('expected a graded result');
    // a point stated backwards in part: named and flagged for the teacher, never full marks
    expect(r.questions[0]!.contradicted?.length).toBe(1);
    expect(r.reviewReasons).toContain('contradicts-model');
    expect(r.marks).toBeLessThan(4);
  });

  it('reads a model answer that opens with a bare "No." as the option, as it reads "Yes."', () => {
    const q = 'Can she run both the light and the motor at the same time? Why or why not?';
    const [other, same, none] = gradeTexts(
      'No. Only one circuit can be complete at a time.',
      q,
      4,
      [
        'Yes. Because it is a parallel circuit and they can both run well.',
        'No, only one circuit can be complete at a time.',
        // "no" inside the answer picks nothing
        'Only one circuit can be complete at a time, there is no other way.',
      ],
    );
    expect(other!.questions[0]!.contradicted).toEqual(['No']);
    expect(other!.reviewReasons).toContain('contradicts-model');
    expect(other!.marks).toBeLessThanOrEqual(1);
    expect(same!.questions[0]!.contradicted ?? []).toEqual([]);
    expect(same!.marks).toBe(4);
    expect(none!.questions[0]!.contradicted ?? []).toEqual([]);
    expect(none!.marks).toBeLessThan(4);
  });

  it('reads the claim of a long sentence before its reasons for a negation', () => {
    const q = 'Are Fruity Cream cookies pure sugar? What is your evidence?';
    const model =
      'No, Fruity Cream cookies are not pure sugar. The cookies did not produce as much gas as the pure sugar.';
    const long =
      'Fruity Cream cookies are pure sugar, because the volume tube tells if it has sugar and it has sugar because it is sweet.';
    const j = judge('No, Fruity Cream cookies are not pure sugar.', q, long);
    expect(isContradicted(j)).toBe(true);
    expect(j.kind).toBe('negation');
    // the same long sentence with the claim the right way round states it
    const right = judge(
      'No, Fruity Cream cookies are not pure sugar.',
      q,
      long.replace('are pure', 'are not pure'),
    );
    expect(isStated(right)).toBe(true);
    // a negation alone is named and flagged for the teacher, not marked down (see verdict.ts)
    const [wrong] = gradeTexts(model, q, 4, [long]);
    expect(wrong!.questions[0]!.contradicted).toEqual([
      'No, Fruity Cream cookies are not pure sugar',
    ]);
    expect(wrong!.reviewReasons).toContain('contradicts-model');
  });

  it('reads a claim and its reason as two points, so the claim alone can be contradicted', () => {
    const q = 'What will happen to the motor if the light bulb burns out?';
    const model =
      'The motor will continue to run because the motor still has a pathway to the D-cell.';
    expect(keyPoints(model, q).map((p) => p.phrase)).toEqual([
      'The motor will continue to run',
      'Because the motor still has a pathway to the D-cell',
    ]);
    // "stop" for "continue", "softer" for "harder": opposites a science teacher marks wrong
    const stop = judge(model, q, 'The motor will stop working.');
    expect(isContradicted(stop)).toBe(true);
    expect(stop.kind).toBe('opposite');
    expect(
      judge(
        'The harder mineral scratches the other.',
        'Which is harder?',
        'The softer mineral scratches the other.',
      ).kind,
    ).toBe('opposite');
    const [wrong, right] = gradeTexts(model, q, 4, [
      'The motor will stop working.',
      'The motor keeps running because it still has a path to the D-cell.',
    ]);
    expect(wrong!.questions[0]!.contradicted).toEqual(['The motor will continue to run']);
    expect(wrong!.reviewReasons).toContain('contradicts-model');
    expect(right!.marks).toBeGreaterThan(wrong!.marks);
  });

  it("reads the opposite said of the point's things, though the point's own word is there for another", () => {
    const q =
      'Does the bulb get brighter or dimmer when a second identical bulb is added in series? Explain.';
    const model =
      'Dimmer. Adding a second bulb in series increases the total resistance of the circuit. The current is shared and the current through each bulb decreases, so each bulb gets less power and is dimmer.';
    const [swapped, brighter, right, less] = gradeTexts(model, q, 4, [
      // "increases" is there, but of the current: it is the resistance that it says decreases
      'The bulb gets brighter. The second bulb in series decreases the total resistance, so the current increases and each bulb gets more power.',
      // the main point stated backwards, whatever else it shares with the model answer
      'It gets brighter because the resistance goes down and more current flows through each bulb.',
      'The bulb gets dimmer. The second bulb in series increases the total resistance, so the current decreases and each bulb gets less power.',
      // "less current" agrees with "the current … decreases"
      'It gets dimmer because the resistance goes up and less current flows through each bulb.',
    ]);
    expect(swapped!.questions[0]!.contradicted).toContain(
      'Adding a second bulb in series increases the total resistance of the circuit',
    );
    for (const wrong of [swapped!, brighter!]) {
      expect(wrong.marks).toBeLessThanOrEqual(1);
      expect(wrong.reviewReasons).toContain('contradicts-model');
      expect(wrong.questions[0]!.contradicted).toContain('Dimmer');
    }
    expect(right!.marks).toBe(4);
    expect(right!.questions[0]!.contradicted ?? []).toEqual([]);
    expect(less!.questions[0]!.contradicted ?? []).toEqual([]);
    expect(less!.marks).toBeGreaterThanOrEqual(3);
  });

  it('keeps right answers that only look like they state an opposite', () => {
    const marksOf = (model: string, q: string, answers: string[]) =>
      gradeTexts(model, q, 4, answers).map((r) => ({
        marks: r.marks,
        flagged: r.reviewReasons.includes('contradicts-model'),
      }));
    // a later part's bare "No." is not the option the whole answer picks
    const parts =
      'Yes. Bulb B has its own path to the battery.\nNo. The motor is on a separate branch.';
    expect(marksOf(parts, 'Does bulb B stay on? Does the motor stop?', [parts])).toEqual([
      { marks: 4, flagged: false },
    ]);
    // "yes" without a comma after it, or not first, still says yes
    expect(
      marksOf('Yes. The foil is a metal, so it conducts electricity.', 'Will the bulb light?', [
        'Yes foil is a metal so it conducts electricity.',
        'I think yes. The foil is a metal, so it conducts electricity.',
      ]),
    ).toEqual([
      { marks: 4, flagged: false },
      { marks: 4, flagged: false },
    ]);
    // the opposite said of another thing than the point's ("…the current … decreases")
    const series =
      'Adding a second bulb in series increases the total resistance of the circuit. The current through each bulb decreases, so each bulb is dimmer.';
    for (const m of marksOf(series, 'What happens when a second bulb is added in series?', [
      'Resistance increases, which means the current through each bulb in the series circuit decreases when a second bulb is added.',
      'Resistance increases so adding a second bulb to the series circuit decreases the current and each bulb is dimmer.',
    ]))
      expect(m).toEqual({ marks: 4, flagged: false });
    // "less current" where the point says "more current" is still its opposite
    const [less, more] = marksOf(
      'Reducing the length of the wire lets more current flow.',
      'What does a shorter wire do?',
      [
        'Reducing the length of the wire lets less current flow.',
        'Reducing the length of the wire lets more current flow.',
      ],
    );
    expect(less!.flagged).toBe(true);
    expect(more).toEqual({ marks: 4, flagged: false });
  });

  it('reads a different number as a contradiction', () => {
    const j = judge(
      'The walls are only one cell thick.',
      'Why are alveoli good at exchange?',
      'The walls are several cells thick.',
    );
    expect(isContradicted(j)).toBe(true);
    expect(j.kind).toBe('number');
  });

  it('reads swapped roles as a contradiction, and a list either way round as the same', () => {
    const j = judge('The sun heats the water.', 'What happens?', 'The water heats the sun.');
    expect(isContradicted(j)).toBe(true);
    expect(j.kind).toBe('swapped');
    const list = judge(
      'Function members and data members.',
      'What does a class hold?',
      'Data members and function members.',
    );
    expect(isContradicted(list)).toBe(false);
  });

  it('reads a phrasal verb as the word it means ("gives off" against "absorbs")', () => {
    const j = judge(
      'Chlorophyll absorbs light energy.',
      'What does chlorophyll do?',
      'Chlorophyll gives off light.',
    );
    expect(isContradicted(j)).toBe(true);
  });

  it('never credits a sentence that states the opposite, even with a word from the next one', () => {
    // "takes in" in the next sentence means "absorbs": read together, the two sentences hold
    // every word of the key point, but the first says the opposite of it.
    const j = judge(
      'Chlorophyll absorbs light energy.',
      'What does chlorophyll do?',
      'Chlorophyll gives off light energy. The plant takes in carbon dioxide and water.',
    );
    expect(isStated(j)).toBe(false);
    expect(isContradicted(j)).toBe(true);
    // A point stated over two sentences, neither of which contradicts it, is still stated.
    expect(
      isStated(
        judge(
          'Chlorophyll absorbs light energy.',
          'What does chlorophyll do?',
          'Leaves contain chlorophyll. It absorbs light energy.',
        ),
      ),
    ).toBe(true);
  });

  it('credits a statement in other words and states nothing from the topic alone', () => {
    expect(
      isStated(
        judge(
          'The water was evaporated, leaving the salt.',
          'How did you separate the salt from the water?',
          'Let the water evaporate and the salt is left behind.',
        ),
      ),
    ).toBe(true);
    const vague = judge(
      'The water was evaporated, leaving the salt.',
      'How did you separate the salt from the water?',
      'The salt and the water.',
    );
    expect(isStated(vague)).toBe(false);
    expect(isContradicted(vague)).toBe(false);
  });
});

describe('accepted answers', () => {
  it('splits "Also accept:" lines from the model answer', () => {
    expect(
      splitAccepted('Terminals 1 and 2 are connected.\nAlso accept: There is no gap between them.'),
    ).toEqual({
      main: 'Terminals 1 and 2 are connected.',
      accepted: ['There is no gap between them.'],
    });
  });

  it('grades an answer that states an accepted answer as stating it, and names a contradiction', () => {
    const prepared = prepareAssignment({
      modelAnswer: text(
        'Terminals 1 and 2 are connected.\nAlso accept: There is no gap between terminals 1 and 2.',
      ),
      questionPaper: text(
        'Explain why you got a voltage reading of 0 for terminal 1 and terminal 2.',
      ),
      totalMarks: 4,
    });
    expect(prepared.questions[0]!.accepted).toHaveLength(1);
    const answers = [
      'There is no gap between terminal 1 and terminal 2.',
      'Terminal 1 is connected to terminal 2.',
      'There is a gap between terminal 1 and terminal 2.',
      'The battery is in the circuit.',
      'Terminal 1 and terminal 2 are connected to each other.',
    ];
    const results = gradeAnswers(
      prepared,
      answers.map((a, i) => ({ id: `s${i}`, document: text(a) })),
    );
    const q = (r: AnswerResult | undefined) => {
      if (r?.status !== 'graded') throw new Error('expected a graded result');
      return r.questions[0]!;
    };
    expect(q(results[0]).matched).toEqual(['There is no gap between terminals 1 and 2']);
    expect(q(results[1]).matched).toEqual(['Terminals 1 and 2 are connected']);
    const wrong = results[2]!;
    expect(q(wrong).contradicted).toEqual(['There is no gap between terminals 1 and 2']);
    expect(wrong.status === 'graded' && wrong.reviewReasons).toContain('contradicts-model');
    expect(wrong.status === 'graded' && wrong.feedback).toContain(
      'Contradicts: "There is no gap between terminals 1 and 2"',
    );
    expect(q(results[3]).matched).toEqual([]);
    expect(q(results[3]).contradicted).toBeUndefined();
  });

  it("credits an answer like one the teacher accepted, only on that answer's question", () => {
    const paper = text(
      '1. Why does the puddle dry up on a sunny day? [2 marks]\n2. What is a standard in an experiment? [2 marks]',
    );
    const model = text(
      '1. The water evaporates because the sun heats it.\n2. The standard is what every trial is compared with.',
    );
    const answers = [
      '1. The puddle turns into a gas and goes up into the air.\n2. The boat with no marbles.',
      '1. It soaks into the ground.\n2. The control that the others are measured against.',
    ];
    const grade = (accepted?: Record<string, string[]>) => {
      const prepared = prepareAssignment({
        modelAnswer: model,
        questionPaper: paper,
        totalMarks: 4,
        accepted,
      });
      return gradeAnswers(
        prepared,
        answers.map((a, i) => ({ id: `s${i}`, document: text(a) })),
      ).map((r) => (r.status === 'graded' ? r.questions : []));
    };
    const before = grade();
    expect(before[0]![0]!.matched).toEqual([]);
    const after = grade({ '1': ['The puddle turns into a gas that rises into the air.'] });
    // named, never quoted: the accepted answer's words are a student's
    expect(after[0]![0]!.matched).toEqual([ACCEPTED_BY_TEACHER]);
    expect(JSON.stringify(after)).not.toContain('rises into the air');
    expect(after[0]![0]!.marks).toBeGreaterThan(before[0]![0]!.marks);
    // the other answer to question 1, and every answer to question 2, are read as before
    expect(after[1]![0]!.matched).toEqual([]);
    expect(after.map((qs) => qs[1])).toEqual(before.map((qs) => qs[1]));
  });

  it('tells an answer that says none of an accepted answer what the model answer asks for', () => {
    const prepared = prepareAssignment({
      modelAnswer: text('1. The water evaporates because the sun heats it.'),
      questionPaper: text('1. Why does the puddle dry up on a sunny day? [2 marks]'),
      totalMarks: 2,
      accepted: { '1': ['The puddle turns into a gas that rises into the air.'] },
    });
    // closer in words to the accepted answer than to the model answer, and stating neither
    const [r] = gradeAnswers(prepared, [
      { id: 's', document: text('1. The puddle goes down into the ground as a gas.') },
    ]);
    if (r?.status !== 'graded') throw new Error('not graded');
    expect(r.questions[0]!.matched).toEqual([]);
    expect(r.questions[0]!.missing).toEqual(['The water evaporates', 'Because the sun heats it']);
    expect(r.feedback).not.toContain(ACCEPTED_BY_TEACHER);
  });
});
