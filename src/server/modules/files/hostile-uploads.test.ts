import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostilePdfs, xrefBomb } from '../../../grading/testing/hostile-pdfs';
import { createAssignment, join, rowCounts, submit } from '../../test/classroom';
import { buildTestApp, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { filesUnder, makePdf } from '../../test/uploads';

/** What the uploader of each crafted file is told: status, code and the start of the message. */
const REFUSALS: Record<string, [number, string, RegExp]> = {
  'xref-bomb': [400, 'pdf_over_limit', /^This PDF unpacks to more than 64 MB of data/],
  'huge-image-12000': [
    400,
    'pdf_over_limit',
    /an image of 12,000 × 12,000 pixels; the limit is 25 megapixels/,
  ],
  'shared-38mb-stream': [400, 'pdf_too_many_pages', /has 100 pages; the limit is 50/],
  'shared-38mb-stream-50-pages': [400, 'pdf_over_limit', /took longer than 3 seconds to read/],
  'many-image-draws': [400, 'pdf_too_many_pages', /has 100 pages; the limit is 50/],
  'deep-nesting': [400, 'corrupt_pdf', /could not be read/],
  'cyclic-page-tree': [400, 'corrupt_pdf', /could not be read/],
  encrypted: [400, 'encrypted_pdf', /protected by a password/],
  javascript: [400, 'pdf_has_javascript', /contains JavaScript/],
  '2500-pages': [400, 'pdf_too_many_pages', /has 2,500 pages; the limit is 50/],
  'count-2^31-1': [400, 'pdf_too_many_pages', /has 2,147,483,647 pages/],
};
/** Crafted but readable within the limits: stored, and read (scaled down, once) at grading. */
const ACCEPTED = ['big-image-4000', 'many-image-draws-50-pages'];

describe('crafted PDFs at upload', () => {
  let t: TestApp;
  let teacher: TestUser;
  let code: string;
  let files: Record<string, Buffer>;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { CHECK_TIMEOUT_SECONDS: '3' });
    teacher = await signUp(t, { role: 'teacher' });
    code = await createAssignment(t, teacher);
    files = await hostilePdfs();
  });
  afterAll(() => t.close());

  const student = async () => {
    const s = await signUp(t, { role: 'student' });
    await join(t, s, code);
    return s;
  };

  it('refuses each over-limit or unsafe file with a 4xx that names the problem, storing nothing', async () => {
    expect(Object.keys(files).sort()).toEqual([...Object.keys(REFUSALS), ...ACCEPTED].sort());
    for (const [name, [status, errorCode, message]] of Object.entries(REFUSALS)) {
      const s = await student();
      const before = await rowCounts(t.db.kysely);
      const res = await submit(t, s, code, { filename: `${name}.pdf`, content: files[name]! });
      expect({ name, status: res.statusCode, code: res.json().error.code }).toEqual({
        name,
        status,
        code: errorCode,
      });
      expect(res.json().error.message).toMatch(message);
      expect(res.json().error.details).toEqual([
        { path: 'answer', message: res.json().error.message },
      ]);
      expect(await rowCounts(t.db.kysely)).toEqual(before);
    }
    expect(filesUnder(`${t.dataDir}/files/answer`)).toEqual([]);
    expect(filesUnder(`${t.dataDir}/tmp`)).toEqual([]);
  }, 120_000);

  it('stores crafted files that keep within the limits', async () => {
    for (const name of ACCEPTED) {
      const res = await submit(t, await student(), code, {
        filename: `${name}.pdf`,
        content: files[name]!,
      });
      expect({ name, status: res.statusCode }).toEqual({ name, status: 201 });
    }
  });
});

describe('a student sending a PDF that kills its reader, again and again', () => {
  it('never fails another user’s upload', async () => {
    // The decoded-size budget is off, so every bomb reaches pdf.js and its reader dies of memory
    // (300 MB: each dies sooner than at the default, and honest files need far less).
    const t = await buildTestApp('sqlite', {
      PDF_MAX_DECODED_MB: '1000000',
      READER_PROCESSES: '2',
      READER_MEMORY_MB: '300',
    });
    try {
      const teacher = await signUp(t, { role: 'teacher' });
      const code = await createAssignment(t, teacher);
      const attacker = await signUp(t, { role: 'student' });
      await join(t, attacker, code);
      const honest = await Promise.all(
        Array.from({ length: 12 }, async () => {
          const s = await signUp(t, { role: 'student' });
          await join(t, s, code);
          return s;
        }),
      );
      const bomb = await xrefBomb();
      let honestDone = false;
      const attacks: number[] = [];
      const attack = async () => {
        do {
          const res = await submit(t, attacker, code, { filename: 'bomb.pdf', content: bomb });
          attacks.push(res.statusCode);
          expect(res.json().error).toMatchObject({
            code: 'pdf_over_limit',
            message: expect.stringMatching(/needed more than 300 MB of memory|took longer than/),
          });
        } while (!honestDone);
      };
      const attackers = [attack(), attack()];
      await new Promise((r) => setTimeout(r, 500));
      const results = await Promise.all(
        honest.map(async (s, i) =>
          submit(t, s, code, { filename: 'mine.pdf', content: await makePdf([`Answer ${i}.`]) }),
        ),
      );
      honestDone = true;
      await Promise.all(attackers);
      expect(results.map((r) => r.statusCode)).toEqual(Array(12).fill(201));
      expect(attacks.length).toBeGreaterThanOrEqual(2);
      expect(new Set(attacks)).toEqual(new Set([400]));
    } finally {
      await t.close();
    }
  }, 120_000);
});

describe('upload attempts', () => {
  it('are limited per user, with the usual message', async () => {
    const t = await buildTestApp('sqlite', { UPLOAD_RATE_LIMIT: '2' });
    try {
      const teacher = await signUp(t, { role: 'teacher' });
      const code = await createAssignment(t, teacher);
      const s = await signUp(t, { role: 'student' });
      await join(t, s, code);
      const bad = { filename: 'a.pdf', content: Buffer.from('%PDF-1.4 broken') };
      expect((await submit(t, s, code, bad)).statusCode).toBe(400);
      expect((await submit(t, s, code, bad)).statusCode).toBe(400);
      const third = await submit(t, s, code);
      expect(third.statusCode).toBe(429);
      // Another student is not held back by this one's attempts.
      const other = await signUp(t, { role: 'student' });
      await join(t, other, code);
      expect((await submit(t, other, code)).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});
