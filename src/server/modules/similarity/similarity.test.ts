import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeReading } from '../../../grading';
import type { SimilarityReport, SimilarPairDetail } from '../../../shared/similarity';
import type { CurrentUser } from '../../auth/current-user';
import type { AssignmentRow } from '../assignments/assignments.service';
import { assignmentForm, join, postAssignment, submit } from '../../test/classroom';
import { makePdf } from '../../test/uploads';
import {
  buildTeacherApp,
  dialects,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { forgetPapers, papersOf } from './similarity-papers';
import { forgetReports, reportsMade } from './similarity-reports';
import { compareHandIns, presentReport } from './similarity.service';
import { BEFORE_READ_ON_ARRIVAL } from '../../db/migrations/2026_12_02_0900_read_on_arrival';

// Similar hand-ins through the routes, on real hand-ins (PDFs read as they were checked): a pair
// that copied, students who quote the model answer and the question (no pair), a hand-in with
// no text and one not read yet, the same assignment set earlier in another class of the teacher,
// and who may see any of it.
const PAPER = ['1. Explain how a green plant makes its food and what it needs to do so.'];
const MODEL = [
  '1. Plants make their food by photosynthesis: chlorophyll in the leaves absorbs sunlight and turns carbon dioxide and water into glucose and oxygen.',
];
const COPIED =
  'The green stuff inside each leaf catches the morning light and my uncle says it works like a tiny kitchen that cooks sugar out of thin air and puddle water all day long.';
const ANSWERS: Record<string, string> = {
  Ada: `1. ${COPIED} That is why a plant kept in a dark cupboard goes pale and weak.`,
  Ben: `1. I think ${COPIED.replace('my uncle says', 'people say')} So plants need light.`,
  Cy: `1. ${MODEL[0]!.slice(3)} Without light there is no food for the plant at all.`,
  Di: `1. Explain how a green plant makes its food and what it needs to do so. ${MODEL[0]!.slice(3)}`,
  Eve: '1. Roots pull minerals from the soil while the shoots reach towards the window glass.',
};
const LAST_YEAR =
  'Our class grew cress on wet tissue paper beside the radiator and measured how tall each shoot grew every single morning for two whole weeks.';

/** A PDF of the text, ten words a page (a longer line would run off the page and not be read). */
function pdfOf(text: string) {
  const words = text.split(' ');
  const pages: string[] = [];
  for (let i = 0; i < words.length; i += 10) pages.push(words.slice(i, i + 10).join(' '));
  return makePdf(pages);
}

describe.each(dialects)('similar hand-ins (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let other: TestUser;
  let student: TestUser;
  let outsider: TestUser;
  let code: string;
  const ids: Record<string, string> = {};

  const get = (user: TestUser | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: user ? { cookie: user.cookie } : {} });
  const pairNames = (r: SimilarityReport) => r.pairs.map((p) => [p.a.studentName, p.b.studentName]);
  const report = async (c = code) => {
    const res = await get(teacher, `/api/assignments/${c}/similarity`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SimilarityReport;
  };

  /** An assignment of `owner` on these exact papers, with one hand-in per entry. */
  async function assignment(
    owner: TestUser,
    papers: { paper: Buffer; model: Buffer },
    answers: Record<string, string>,
    fields: Record<string, string> = {},
  ) {
    const form = await assignmentForm(
      { totalMarks: '5', diagramKeywords: undefined, ...fields },
      {
        questionPaper: { filename: 'paper.pdf', content: papers.paper },
        modelAnswer: { filename: 'model.pdf', content: papers.model },
        diagram: undefined,
      },
    );
    const created = await postAssignment(t, owner, form);
    expect(created.statusCode, created.body).toBe(201);
    const made = created.json().code as string;
    for (const [name, text] of Object.entries(answers)) {
      const s = await signUp(t, { role: 'student', name });
      expect((await join(t, s, made)).statusCode).toBe(200);
      const res = await submit(t, s, made, { filename: 'a.pdf', content: await pdfOf(text) });
      expect(res.statusCode, res.body).toBe(201);
      ids[name] = res.json().id as string;
      if (name === 'Ada') student = s;
    }
    return made;
  }

  beforeAll(async () => {
    ({ t, teacher } = await buildTeacherApp(dialect, { name: 'Ms Rao' }));
    other = await signUp(t, { role: 'teacher', name: 'Mr Other' });
    outsider = await signUp(t, { role: 'student', name: 'Outsider' });
    const papers = { paper: await pdfOf(PAPER[0]!), model: await pdfOf(MODEL[0]!) };
    // Last year's class, on the same papers: made first, in a class of its own.
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/classes',
      headers: { cookie: teacher.cookie },
      payload: { name: 'Biology 2025' },
    });
    expect(made.statusCode, made.body).toBe(201);
    await assignment(
      teacher,
      papers,
      { Old: `1. ${LAST_YEAR}` },
      { title: 'Plants 2025', classId: made.json().id as string },
    );
    // Another teacher set the same papers: her class is never compared.
    await assignment(other, papers, { Stranger: `1. ${COPIED}` });
    code = await assignment(teacher, papers, {
      ...ANSWERS,
      Fay: `1. ${LAST_YEAR} And that is all I know.`,
      Gus: '1. placeholder',
      Hal: '1. placeholder',
    });
    // Gus's hand-in had no text; Hal's scanned pages have not been read yet.
    const empty = encodeReading({
      status: 'unreadable',
      reason: 'empty',
      message: 'No text.',
      pages: [],
    });
    await t.db.kysely
      .updateTable('submission')
      .set({ reading: empty })
      .where('id', '=', ids.Gus!)
      .execute();
    // (left to a run: the arrival reader does not read it meanwhile)
    await t.db.kysely
      .updateTable('submission')
      .set({ reading: null, arrival_read_at: BEFORE_READ_ON_ARRIVAL })
      .where('id', '=', ids.Hal!)
      .execute();
  });
  afterAll(() => t.close());

  it('refuses anyone but the assignment’s teachers', async () => {
    const url = `/api/assignments/${code}/similarity`;
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(student, url)).statusCode).toBe(403);
    expect((await get(outsider, url)).statusCode).toBe(404);
    expect((await get(other, url)).statusCode).toBe(404);
    expect((await get(teacher, '/api/assignments/NOPE999/similarity')).statusCode).toBe(404);
    const pair = `${url}/pairs/${ids.Ada}/${ids.Ben}`;
    expect((await get(null, pair)).statusCode).toBe(401);
    expect((await get(student, pair)).statusCode).toBe(403);
    expect((await get(other, pair)).statusCode).toBe(404);
  });

  it('lists the copied pair and last year’s, not the students who quote the papers, and says what was not compared', async () => {
    const r = await report();
    const pairs = r.pairs.map((p) => [p.a.studentName, p.b.studentName]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['Ada', 'Ben'],
        ['Fay', 'Old'],
      ]),
    );
    expect(pairs).toHaveLength(2);
    const adaBen = r.pairs.find((p) => p.a.studentName === 'Ada')!;
    expect(adaBen.a.share).toBeGreaterThan(0.5);
    expect(adaBen.b.share).toBeGreaterThan(0.5);
    expect(adaBen.a.earlier).toBeNull();
    expect(adaBen.passages).toBeGreaterThanOrEqual(1);
    const fay = r.pairs.find((p) => p.a.studentName === 'Fay')!;
    expect(fay.b.earlier).toEqual({ title: 'Plants 2025', className: 'Biology 2025' });
    expect(r.earlier).toEqual([{ title: 'Plants 2025', className: 'Biology 2025', handIns: 1 }]);
    // Di handed in the question and the model answer only: nothing of her own to compare.
    expect(r.empty.map((h) => h.studentName)).toEqual(['Di', 'Gus']);
    expect(r.unread.map((h) => h.studentName)).toEqual(['Hal']);
    expect(r.compared).toBe(5);
    expect(r.identical).toEqual([]);
    expect(r.flagLine).toEqual({ share: 0.2, words: 20 });
  });

  it('shows a pair’s two texts with the shared passages, and only a listed pair', async () => {
    const url = `/api/assignments/${code}/similarity/pairs/${ids.Ada}/${ids.Ben}`;
    const res = await get(teacher, url);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json() as SimilarPairDetail;
    expect(d.a.studentName).toBe('Ada');
    expect(d.b.studentName).toBe('Ben');
    expect(d.a.passages.length).toBe(d.b.passages.length);
    const shown = d.a.passages.map(([s, e]) => d.a.text.slice(s, e)).join(' ');
    expect(shown).toContain('green stuff inside each leaf');
    expect(shown).not.toContain('dark cupboard');
    expect(d.b.text).toContain('people say');
    const refused = async (path: string) => {
      const r = await get(teacher, `/api/assignments/${code}/similarity/pairs/${path}`);
      expect(r.statusCode).toBe(404);
    };
    await refused(`${ids.Cy}/${ids.Di}`);
    await refused(`${ids.Ben}/${ids.Ada}`);
    // The other teacher's student copied too, but her class is not this teacher's to read.
    await refused(`${ids.Ada}/${ids.Stranger}`);
    await refused(`${ids.Ada}/nope`);
  });

  it('names students by pseudonym while the teacher marks anonymously', async () => {
    await t.db.kysely
      .updateTable('assignment')
      .set({ anonymous_marking: 1, anonymous_salt: 'salt' })
      .where('code', '=', code)
      .execute();
    try {
      const r = await report();
      const names = r.pairs.flatMap((p) => [p.a.studentName, p.b.studentName]);
      expect(names).not.toContain('Ada');
      expect(names).not.toContain('Ben');
      expect(names.filter((n) => n.startsWith('Student '))).toHaveLength(3);
      expect(JSON.stringify(r)).not.toContain('Gus');
    } finally {
      await t.db.kysely
        .updateTable('assignment')
        .set({ anonymous_marking: 0 })
        .where('code', '=', code)
        .execute();
    }
  });

  it('leaves the papers out only once the reader has read them, and says when it could not', async () => {
    forgetPapers();
    const { reading } = t.config;
    const limit = reading.gradeTimeoutMs;
    // The reader runs over its time limit on both papers (as on a slow day, or a heavy scan).
    reading.gradeTimeoutMs = 1;
    let r: SimilarityReport;
    try {
      r = await report();
    } finally {
      reading.gradeTimeoutMs = limit;
    }
    expect(r.papersIgnored).toBe(false);
    expect(r.papers.map((p) => [p.paper, p.ignored])).toEqual([
      ['question-paper', false],
      ['model-answer', false],
    ]);
    expect(r.papers[0]!.reason).toMatch(/took longer than .* read again the next time/);
    // Nothing left out: Cy and Di, who quote the model answer, are a pair this time.
    expect(pairNames(r)).toContainEqual(['Cy', 'Di']);
    // Not kept as papers without text: the next report reads them and leaves them out.
    const again = await report();
    expect(again.papersIgnored).toBe(true);
    expect(again.papers.every((p) => p.ignored && p.reason === null)).toBe(true);
    expect(pairNames(again)).not.toContainEqual(['Cy', 'Di']);
    expect(pairNames(again)).toHaveLength(2);
  });

  it('keeps the report until a hand-in is read, and a pair’s detail makes none', async () => {
    forgetReports();
    const before = reportsMade();
    const first = await report();
    await report();
    const pair = await get(
      teacher,
      `/api/assignments/${code}/similarity/pairs/${ids.Ada}/${ids.Ben}`,
    );
    expect(pair.statusCode).toBe(200);
    expect(reportsMade() - before).toBe(1);
    // Hal's scanned pages are read now: he copied Ada. The report is made again and lists him.
    const read = encodeReading({
      status: 'ok',
      text: `${ANSWERS.Ada} I wrote this at home.`,
      ocrConfidence: 0.9,
      pages: [],
    });
    await t.db.kysely
      .updateTable('submission')
      .set({ reading: read })
      .where('id', '=', ids.Hal!)
      .execute();
    try {
      const r = await report();
      expect(reportsMade() - before).toBe(2);
      expect(pairNames(r)).toContainEqual(['Ada', 'Hal']);
      expect(r.unread).toEqual([]);
      expect(first.unread.map((h) => h.studentName)).toEqual(['Hal']);
    } finally {
      await t.db.kysely
        .updateTable('submission')
        .set({ reading: null })
        .where('id', '=', ids.Hal!)
        .execute();
    }
    expect(pairNames(await report())).not.toContainEqual(['Ada', 'Hal']);
  });

  it('compares at most so many hand-ins, this class’s first, and says how many were left out', async () => {
    const assignment = (await t.db.kysely
      .selectFrom('assignment')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow()) as AssignmentRow;
    const deps = { db: t.db, store: t.store, checker: { pool: t.pool, reading: t.config.reading } };
    const me = { id: teacher.id, name: teacher.name, role: 'teacher' } as CurrentUser;
    const compare = async (limit: number) =>
      presentReport(
        await compareHandIns(
          { db: t.db, pool: t.pool },
          me,
          assignment,
          await papersOf(deps, assignment),
          limit,
        ),
      );
    // Seven of this class's hand-ins are read (Hal's is not) and one of last year's.
    const three = await compare(3);
    expect(three.overLimit).toEqual({ limit: 3, thisClass: 4, earlier: 1 });
    expect(pairNames(three)).toEqual([['Ada', 'Ben']]);
    expect(three.compared).toBe(3);
    const seven = await compare(7);
    expect(seven.overLimit).toEqual({ limit: 7, thisClass: 0, earlier: 1 });
    expect(pairNames(seven)).not.toContainEqual(['Fay', 'Old']);
    expect((await compare(8)).overLimit).toBeNull();
    expect((await report()).overLimit).toBeNull();
  });
});
