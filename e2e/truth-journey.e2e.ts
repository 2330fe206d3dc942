import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { messages } from '../src/shared/messages';
import { seriousViolations } from './support/axe';
import { releaseBrowser, workerBrowser } from './support/browser';
import { createAssignmentInPage, evaluationFinished, pdfOf } from './support/classroom';
import { scrollsSideways, userPage } from './support/classroom-pages';

/**
 * Issue 21's closing journey: a teacher and four students on a three-question biology paper, at
 * desktop and phone sizes, end to end. On every screen that shows marks, each question's mark and
 * its reasons agree (marksDisagreements), the model answer is not quoted whole while hand-ins are
 * open, and axe finds nothing serious.
 */

const PAPER =
  'Biology: energy in living things\n' +
  'Q1. Describe photosynthesis: what a plant takes in, what it makes and where it happens. [8 marks]\n' +
  'Q2. Explain respiration, and compare aerobic and anaerobic respiration. [8 marks]\n' +
  'Q3. How do substances move in and out of cells by diffusion? [4 marks]';
/** The model answer's statements (its key points), as the teacher wrote them. */
const POINTS = [
  [
    'Photosynthesis takes place in the chloroplasts of leaf cells',
    'Chlorophyll absorbs light energy',
    'The plant takes in carbon dioxide and water and makes glucose',
    'Oxygen is released as a by-product',
  ],
  [
    'Respiration releases energy from glucose in every living cell',
    'Aerobic respiration uses oxygen and produces carbon dioxide and water',
    'Anaerobic respiration happens without oxygen and releases much less energy',
    'In muscles anaerobic respiration produces lactic acid',
  ],
  [
    'Diffusion is the net movement of particles from a high concentration to a low concentration',
    'Oxygen and carbon dioxide diffuse across the cell membrane',
  ],
];
/** As a teacher writes it: numbered like the paper, each question with its marks. */
const MODEL = POINTS.map(
  (points, i) => `${i + 1}. ${points.join('. ')}. [${i < 2 ? 8 : 4} marks]`,
).join('\n');

const STUDENTS = {
  'Asha Excellent': {
    size: 'desktop',
    answer:
      '1. Photosynthesis happens in the chloroplasts of the leaf cells. The chlorophyll absorbs light energy. The plant takes in carbon dioxide and water and uses them to make glucose. Oxygen is released as a by-product.\n' +
      '2. Respiration releases energy from glucose in all living cells. Aerobic respiration uses oxygen and produces carbon dioxide and water. Anaerobic respiration happens without oxygen and releases much less energy. In muscles anaerobic respiration makes lactic acid.\n' +
      '3. Diffusion is the net movement of particles from a high concentration to a low concentration. Oxygen and carbon dioxide diffuse across the cell membrane.',
  },
  'Ben Partial': {
    size: 'phone',
    answer:
      '1. Photosynthesis happens in the chloroplasts. The plant takes in carbon dioxide and water and makes glucose.\n' +
      '2. Respiration releases energy from glucose. Aerobic respiration uses oxygen.\n' +
      '3. Particles move from a high concentration to a low concentration.',
  },
  // States the opposite of the model answer: chlorophyll gives off light, oxygen goes in.
  'Cleo Contrary': {
    size: 'phone',
    answer:
      '1. Chlorophyll gives off light energy. The plant takes in oxygen and gives out carbon dioxide. Photosynthesis happens at night.\n' +
      '2. Aerobic respiration happens without oxygen. Anaerobic respiration releases more energy than aerobic respiration.\n' +
      '3. Particles move from a low concentration to a high concentration.',
  },
  'Dan Weak': {
    size: 'desktop',
    answer:
      '1. Plants are green and grow in the garden when it is sunny.\n' +
      '2. Respiration is breathing in and out with your lungs.\n' +
      '3. I do not know.',
  },
} as const;
type Name = keyof typeof STUDENTS;
const NAMES = Object.keys(STUDENTS) as Name[];

/** One "Question N: x / y" block of a marks view, with the text that follows it up to the next. */
interface QuestionBlock {
  number: string;
  marks: number;
  total: number;
  text: string;
}

const NUM = String.raw`\d+(?:\.\d+)?`;
/** "Question 2: 7.5 / 8" (the student's view) or "Question 2⏎7.5 / 8" (the teacher's breakdown). */
const QUESTION_MARKS = new RegExp(String.raw`Question (\d+)(?::\s*|\s+)(${NUM}) / (${NUM})`, 'g');

/** The question blocks of a marks view's visible text. */
export function questionBlocks(text: string): QuestionBlock[] {
  const hits = [...text.matchAll(QUESTION_MARKS)];
  return hits.map((m, i) => ({
    number: m[1]!,
    marks: Number(m[2]),
    total: Number(m[3]),
    text: text.slice(m.index + m[0].length, hits[i + 1]?.index ?? text.length),
  }));
}

/**
 * Where a marks view's text says a mark and a reason that disagree: full marks beside something
 * to improve, missing or contradicted; no marks beside something covered; a question shown as
 * "– / N"; "full marks" beside a total that is not. Empty when everything agrees.
 */
export function marksDisagreements(text: string): string[] {
  const out: string[] = [];
  if (/–\s*\/\s*\d/.test(text)) out.push('a mark shown as "– / N"');
  for (const q of questionBlocks(text)) {
    const at = `Question ${q.number}: ${q.marks} / ${q.total}`;
    if (q.marks > q.total) out.push(`${at} is more than the question is worth`);
    if (q.marks === q.total && /to improve|missing|contradicts|your answer should/i.test(q.text))
      out.push(`${at} beside: ${q.text.trim()}`);
    if (q.marks === 0 && /covered|matched key points/i.test(q.text))
      out.push(`${at} beside: ${q.text.trim()}`);
  }
  const total = text.match(new RegExp(String.raw`Your marks\s*(${NUM}) / (${NUM})`));
  if (total && /full marks/i.test(text) && Number(total[1]) !== Number(total[2]))
    out.push(`"full marks" beside ${total[1]} / ${total[2]}`);
  return out;
}

/** Checks a marks view and returns its question blocks (to say how many it must have). */
async function truthfulMarks(view: Locator): Promise<QuestionBlock[]> {
  const text = await view.innerText();
  expect(marksDisagreements(text), text).toEqual([]);
  return questionBlocks(text);
}

/** No key point of the model answer quoted whole (hand-ins are still open). */
async function quotesNoKeyPoint(view: Locator) {
  const text = await view.innerText();
  for (const point of POINTS.flat()) expect(text).not.toContain(point);
}

async function noSeriousViolations(page: Page) {
  expect(await seriousViolations(page)).toEqual([]);
}

describe('the marks checker', () => {
  it('rejects a mark and a reason that disagree', () => {
    expect(marksDisagreements('Question 1: 0 / 4\nYou covered "Cells…".')).toHaveLength(1);
    expect(marksDisagreements('Question 2\n8 / 8\nMissing key points\nOxygen…')).toHaveLength(1);
    expect(marksDisagreements('Question 3: 4 / 4\nTo improve, also explain "X…".')).toHaveLength(1);
    expect(marksDisagreements('Question 1: – / 4\nGood.')).toHaveLength(1);
    expect(
      marksDisagreements('Your marks\n12 / 20\nWell done: full marks.\nQuestion 1: 4 / 8'),
    ).toHaveLength(1);
  });

  it('accepts marks and reasons that agree', () => {
    const text =
      'Your marks\n10.5 / 20\nQuestion 1: 8 / 8\nYou covered "A…".\nQuestion 2: 0 / 8\n' +
      'Your answer should explain "B…".\nQuestion 3: 2.5 / 4\nCovered\nC…\nMissing\nD…';
    expect(marksDisagreements(text)).toEqual([]);
    expect(questionBlocks(text).map((q) => [q.number, q.marks, q.total])).toEqual([
      ['1', 8, 8],
      ['2', 0, 8],
      ['3', 2.5, 4],
    ]);
  });
});

describe('a biology class, end to end: every screen tells the truth', () => {
  const baseURL = inject('baseURL');
  let browser: Browser;
  let teacher: Page;
  let code: string;
  const students = {} as Record<Name, Page>;

  beforeAll(async () => {
    browser = await workerBrowser();
    ({ page: teacher } = await userPage(browser, baseURL, {
      name: 'Ms Achebe',
      role: 'teacher',
    }));
    code = await createAssignmentInPage(teacher, baseURL, {
      title: 'Energy in living things',
      totalMarks: 20,
      questionPaper: await pdfOf(PAPER),
      modelAnswer: await pdfOf(MODEL),
    });
    await Promise.all(
      NAMES.map(async (name) => {
        const { page } = await userPage(browser, baseURL, {
          name,
          role: 'student',
          size: STUDENTS[name].size,
        });
        students[name] = page;
      }),
    );
  });
  afterAll(async () => {
    if (browser) await releaseBrowser(browser);
  });

  const row = (name: string) =>
    teacher
      .getByRole('row')
      .filter({ has: teacher.getByRole('button', { name: `Details for ${name}` }) });
  const details = () => teacher.getByRole('dialog', { name: 'Answer details' });
  const breakdown = () => details().locator('section[aria-labelledby="breakdown-h"]');
  const openDetails = async (name: string) => {
    await row(name)
      .getByRole('button', { name: `Details for ${name}` })
      .click();
    await details()
      .getByRole('heading', { name: `What ${name} will see` })
      .waitFor();
  };
  /** Opens the student's view in the details panel and returns it. */
  const preview = async (name: string) => {
    const region = details().getByRole('region', { name: `What ${name} will see` });
    const button = details().getByRole('button', { name: 'Preview what the student will see' });
    if (await button.count()) await button.click();
    await region.getByText('Your marks', { exact: true }).waitFor();
    return region;
  };
  const closeDetails = async () => {
    await details().getByRole('button', { name: 'Close' }).click();
    await details().waitFor({ state: 'detached' });
  };
  /** A question's card in a student's view (or the teacher's preview of it). */
  const card = (view: Locator, n: number) =>
    view
      .getByRole('listitem')
      .filter({ has: view.page().getByRole('heading', { name: new RegExp(`^Question ${n}\\b`) }) });

  it('four students join with the code and hand in, each after a second look', async () => {
    await Promise.all(
      NAMES.map(async (name) => {
        const page = students[name];
        await page.goto('/dashboard/join-assignment');
        await page.getByLabel('Enter class code provided by teacher.').fill(code);
        await page.getByRole('button', { name: 'Join Assignment' }).click();
        await page.waitForURL((url) => url.pathname === '/dashboard');
        await page.goto(`/dashboard/assignment/${code}`);
        await page.getByLabel('Your answer (PDF)').setInputFiles({
          name: `${name.split(' ')[0]!.toLowerCase()}.pdf`,
          mimeType: 'application/pdf',
          buffer: await pdfOf(STUDENTS[name].answer),
        });
        await page.getByRole('button', { name: 'Submit Assignment' }).click();
        const confirm = page.getByRole('dialog', { name: 'Hand in this answer?' });
        await confirm.getByText(/\b1 page\b/).waitFor();
        await confirm.getByRole('button', { name: 'Hand in this answer' }).click();
        await page.getByText(messages.submitted).waitFor();
      }),
    );
  });

  /** Each answer's AI marks per question, as the teacher's breakdown shows them after the run. */
  const aiMarks = {} as Record<Name, QuestionBlock[]>;

  it('the teacher evaluates: the table, each answer’s details and its preview agree', async () => {
    await teacher.goto(`/dashboard/gradetable/${code}`);
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    await evaluationFinished(teacher);
    await noSeriousViolations(teacher);

    for (const name of NAMES) {
      const total = (await row(name).innerText()).match(/(\d+(?:\.\d+)?) \/ 20/);
      expect(total, name).not.toBeNull();
      const flagged = (await row(name).getByText('Needs review').count()) > 0;
      await openDetails(name);
      const blocks = await truthfulMarks(breakdown());
      expect(blocks.map((q) => q.total)).toEqual([8, 8, 4]);
      // The row's total is the sum of the questions it is made of.
      expect(blocks.reduce((s, q) => s + q.marks, 0)).toBe(Number(total![1]));
      aiMarks[name] = blocks;
      // The table flags exactly the answers whose details give a reason to look.
      expect(await details().getByText('Needs review').count(), name).toBe(flagged ? 1 : 0);
      const shown = await preview(name);
      expect(await truthfulMarks(shown)).toHaveLength(3);
      await quotesNoKeyPoint(shown);
      if (name === 'Asha Excellent') await noSeriousViolations(teacher);
      await closeDetails();
    }

    // Every key point stated: full marks, nothing listed as missing.
    expect(aiMarks['Asha Excellent'].map((q) => q.marks)).toEqual([8, 8, 4]);
    // The answer that says chlorophyll gives off light: a low mark, and it says what it contradicts.
    expect(aiMarks['Cleo Contrary'][0]!.marks).toBeLessThanOrEqual(2);
    expect(await row('Cleo Contrary').getByText('Needs review').count()).toBe(1);
    await openDetails('Cleo Contrary');
    await details()
      .getByText(/states the opposite of a key point of the model answer/)
      .waitFor();
    await details()
      .getByText(/Contradicts: "Chlorophyll absorbs light energy"/)
      .first()
      .waitFor();
    const first = card(await preview('Cleo Contrary'), 1);
    await first.getByText(/Contradicts: "Chlorophyll…"/).waitFor();
    await closeDetails();
  });

  /** The answer the teacher marks per question, the question she sets to 0, and the others. */
  let marked: Name;
  let zeroed: number;

  it('the teacher marks a suggested answer herself: 0 on a question, her own words, one hidden', async () => {
    const first = teacher.getByRole('region', { name: 'Mark these first' });
    const suggested = await first.getByRole('button').allInnerTexts();
    expect(suggested.length).toBeGreaterThan(0);
    // The first suggested answer the engine gave marks on a question it did not give in full.
    marked = NAMES.find(
      (n) => suggested.includes(n) && aiMarks[n].some((q) => q.marks > 0 && q.marks < q.total),
    )!;
    expect(marked, `suggested: ${suggested.join(', ')}`).toBeDefined();
    zeroed = Number(aiMarks[marked].find((q) => q.marks > 0)!.number);
    await first.getByRole('button', { name: marked, exact: true }).click();
    await details()
      .getByRole('heading', { name: `What ${marked} will see` })
      .waitFor();

    await details().locator(`#q-${zeroed}-marks`).fill('0');
    await details().locator(`#q-${zeroed}-comment`).fill('Revise this topic from chapter four.');
    await details()
      .getByRole('button', { name: `Save question ${zeroed}` })
      .click();
    await details().locator(`#q-${zeroed}-marks[value="0"]`).waitFor();

    const [own, hidden] = [1, 2, 3].filter((n) => n !== zeroed);
    await details()
      .getByLabel(`Feedback the student reads on question ${own}`)
      .fill('Good start: now name where each step happens.');
    await details()
      .getByRole('button', { name: `Save feedback on question ${own}` })
      .click();
    await details().getByText('Your own words.').waitFor();
    await details().getByLabel(`Hide the feedback on question ${hidden}`).check();
    await details()
      .getByRole('button', { name: `Save feedback on question ${hidden}` })
      .click();
    await details().getByText('Hidden: the student reads no feedback on this question.').waitFor();

    const shown = await preview(marked);
    await shown
      .getByRole('heading', { name: `Question ${zeroed}: 0 / ${zeroed === 3 ? 4 : 8}` })
      .waitFor();
    expect(await truthfulMarks(shown)).toHaveLength(3);
    await card(shown, own!).getByText('Good start: now name where each step happens.').waitFor();
    expect(await card(shown, hidden!).innerText()).not.toMatch(
      /covered|To improve|should explain/i,
    );
    await card(shown, zeroed).getByText('Comment: Revise this topic from chapter four.').waitFor();
    await noSeriousViolations(teacher);
    await closeDetails();
  });

  /** The answer whose total the teacher types over. */
  let whole: Name;

  it('the teacher types a total over another answer; its preview shows no marks per question', async () => {
    whole = NAMES.find((n) => n !== marked && n !== 'Cleo Contrary' && n !== 'Asha Excellent')!;
    await teacher.getByRole('button', { name: `Edit marks of ${whole}` }).click();
    await teacher.getByLabel(`Marks for ${whole} (0 to 20)`).fill('12');
    await teacher.keyboard.press('Enter');
    await row(whole).getByText('12 / 20').waitFor();
    await openDetails(whole);
    const shown = await preview(whole);
    await shown
      .getByText(
        'Your teacher marked your answer as a whole, so the questions have no marks of their own.',
      )
      .waitFor();
    expect(await truthfulMarks(shown)).toHaveLength(0);
    expect(await shown.innerText()).toMatch(/Your marks\s*12 \/ 20/);
    expect(await shown.innerText()).not.toMatch(/You covered|To improve|should explain/);
    await closeDetails();
  });

  it('the teacher evaluates again, checks what would change, confirms, and publishes', async () => {
    const before = await row(marked).innerText();
    await teacher.getByRole('button', { name: 'Evaluate Now!' }).click();
    const changes = teacher.getByRole('region', { name: /before they are saved/ });
    await changes.or(teacher.getByText(messages.evaluationDone)).first().waitFor();
    if (await changes.isVisible()) {
      // Her own marks are never listed; every change says why.
      for (const name of [marked, whole])
        expect(await changes.getByRole('row').filter({ hasText: name }).count()).toBe(0);
      await noSeriousViolations(teacher);
      await changes.getByRole('button', { name: /^Apply/ }).click();
      await evaluationFinished(teacher);
    }
    expect(await row(marked).innerText()).toBe(before);
    await row(whole).getByText('12 / 20').waitFor();

    // After the re-run, every answer's details and preview still agree.
    for (const name of NAMES) {
      await openDetails(name);
      await truthfulMarks(breakdown());
      const shown = await preview(name);
      await truthfulMarks(shown);
      await quotesNoKeyPoint(shown);
      await closeDetails();
    }

    await teacher.getByRole('button', { name: 'Publish marks' }).click();
    // Named by its own title, not by the Undo dialog's on the same page.
    const ask = teacher.getByRole('dialog', { name: 'Publish marks?' });
    await ask.getByRole('heading', { name: 'Publish marks?' }).waitFor();
    expect(await ask.innerText()).toMatch(/4 students will see their marks/);
    await noSeriousViolations(teacher);
    await ask.getByRole('button', { name: 'Publish marks' }).click();
    await teacher.getByText(/^Published 4\b/).waitFor();
  });

  it('each student reads marks and feedback that agree, on a phone or a desktop', async () => {
    for (const name of NAMES) {
      const page = students[name];
      await page.goto(`/dashboard/gradetable/${code}`);
      await page.getByRole('button', { name: 'View feedback' }).click();
      const panel = page.getByRole('dialog', { name: 'Your marks and feedback' });
      await panel.getByText(/^Published /).waitFor();
      const blocks = await truthfulMarks(panel);
      await quotesNoKeyPoint(panel);
      expect(await scrollsSideways(page), name).toBe(false);
      await noSeriousViolations(page);
      if (name === whole) {
        expect(blocks).toHaveLength(0);
        expect(await panel.innerText()).toMatch(/Your marks\s*12 \/ 20/);
      } else
        expect(
          blocks.map((q) => q.total),
          name,
        ).toEqual([8, 8, 4]);
      if (name === marked) expect(blocks[zeroed - 1]!.marks).toBe(0);
      if (name === 'Asha Excellent') {
        expect(blocks.map((q) => q.marks)).toEqual([8, 8, 4]);
        await panel.getByText('Well done: full marks.').waitFor();
      }
      if (name === 'Cleo Contrary') {
        expect(blocks[0]!.marks).toBeLessThanOrEqual(2);
        await card(panel, 1)
          .getByText(/Contradicts: "Chlorophyll…"/)
          .waitFor();
      }
    }
  });
});
