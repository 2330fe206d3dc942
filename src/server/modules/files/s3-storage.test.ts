import crypto from 'node:crypto';
import path from 'node:path';
import { DeleteObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../../shared/messages';
import { createS3Client } from '../../storage/s3-file-store';
import {
  assignmentForm,
  createAssignment,
  join,
  postAssignment,
  rowCounts,
  submit,
} from '../../test/classroom';
import { S3RVER_CREDENTIALS, startS3Server, type TestS3Server } from '../../test/s3-server';
import { buildTestApp, dialects, signUp, type TestApp, type TestUser } from '../../test/test-app';
import { filesUnder, makePdf } from '../../test/uploads';
import { sweepOrphanFiles } from './orphan-sweep';

describe('files kept in S3 (FILES_URL=s3://…, against s3rver)', () => {
  let s3: TestS3Server;
  let raw: ReturnType<typeof createS3Client>;
  beforeAll(async () => {
    s3 = await startS3Server();
    raw = createS3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
  });
  afterAll(async () => {
    raw?.destroy();
    await s3?.close();
  });

  /** Every object in the bucket under `prefix/`, read with the SDK directly (one page is plenty). */
  const objectsUnder = async (prefix: string) => {
    const page = await raw.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${prefix}/` }),
    );
    return (page.Contents ?? []).map((o) => o.Key!.slice(prefix.length + 1)).sort();
  };
  const rowKeys = async (t: TestApp) =>
    (await t.db.kysely.selectFrom('file').select('storage_key').execute())
      .map((r) => r.storage_key)
      .sort();

  describe.each(dialects)('on %s', (dialect) => {
    let t: TestApp;
    let prefix: string;
    let teacher: TestUser;
    beforeEach(async () => {
      prefix = `school-${crypto.randomBytes(4).toString('hex')}`;
      t = await buildTestApp(dialect, s3.env(prefix));
      teacher = await signUp(t, { role: 'teacher' });
    });
    afterEach(async () => {
      await t.close();
    });

    it('stores uploads in the bucket, serves them back identically, and nothing on disk', async () => {
      const code = await createAssignment(t, teacher);
      const student = await signUp(t, { role: 'student' });
      expect((await join(t, student, code)).statusCode).toBe(200);
      const pdf = await makePdf(['My answer about osmosis.'], 200_000);
      const sent = await submit(t, student, code, { filename: 'mine.pdf', content: pdf });
      expect(sent.statusCode, sent.body).toBe(201);

      const keys = await rowKeys(t);
      expect(keys).toHaveLength(4);
      expect(await objectsUnder(prefix)).toEqual(keys);
      expect(filesUnder(path.join(t.dataDir, 'files'))).toEqual([]);
      expect(filesUnder(t.config.tmpDir)).toEqual([]);

      const file = await t.app.inject({
        url: `/api/assignments/${code}/submissions/${sent.json().id}/file?download=1`,
        headers: { cookie: teacher.cookie },
      });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(pdf)).toBe(true);
      expect(file.headers).toMatchObject({
        'content-type': 'application/pdf',
        'content-length': String(pdf.length),
        'content-disposition': `attachment; filename="mine.pdf"; filename*=UTF-8''mine.pdf`,
        'cache-control': 'private, no-store',
      });
      const paper = await t.app.inject({
        url: `/api/assignments/${code}/files/question-paper`,
        headers: { cookie: student.cookie },
      });
      const row = await t.db.kysely
        .selectFrom('file')
        .select('sha256')
        .where('original_name', '=', 'question.pdf')
        .executeTakeFirstOrThrow();
      expect(crypto.createHash('sha256').update(paper.rawPayload).digest('hex')).toBe(row.sha256);
    });

    it('says 404 when a row names an object that is gone', async () => {
      const code = await createAssignment(t, teacher);
      const key = (await rowKeys(t)).find((k) => k.startsWith('question-paper/'))!;
      await raw.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${key}` }));
      const res = await t.app.inject({
        url: `/api/assignments/${code}/files/question-paper`,
        headers: { cookie: teacher.cookie },
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toMatchObject({ message: messages.fileNotFound });
    });

    it("deleting an assignment deletes its objects and no one else's", async () => {
      const keep = await createAssignment(t, teacher);
      const keptKeys = await rowKeys(t);
      const code = await createAssignment(t, teacher);
      const student = await signUp(t, { role: 'student' });
      await join(t, student, code);
      expect((await submit(t, student, code)).statusCode).toBe(201);
      expect(await objectsUnder(prefix)).toHaveLength(keptKeys.length + 4);
      const res = await t.app.inject({
        method: 'DELETE',
        url: `/api/assignments/${code}`,
        headers: { cookie: teacher.cookie },
      });
      expect(res.statusCode).toBe(204);
      expect(await objectsUnder(prefix)).toEqual(keptKeys);
      expect(await rowKeys(t)).toEqual(keptKeys);
      expect(
        (
          await t.app.inject({
            url: `/api/assignments/${keep}/files/model-answer`,
            headers: { cookie: teacher.cookie },
          })
        ).statusCode,
      ).toBe(200);
    });

    it('the orphan sweep removes old objects without a row and keeps the rest', async () => {
      await createAssignment(t, teacher);
      const known = await rowKeys(t);
      await raw.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/answer/orphan-1`, Body: 'x' }),
      );
      // S3 sets LastModified itself: a young orphan is kept, then one "two hours later" is not
      expect(await sweepOrphanFiles(t.db.kysely, t.store)).toEqual({
        checked: known.length + 1,
        removed: 0,
      });
      const later = new Date(Date.now() + 2 * 3600_000);
      expect(await sweepOrphanFiles(t.db.kysely, t.store, { now: later })).toEqual({
        checked: known.length + 1,
        removed: 1,
      });
      expect(await objectsUnder(prefix)).toEqual(known);
    });
  });

  it('refuses uploads with a 500 and keeps nothing when the access key is wrong', async () => {
    const t = await buildTestApp('sqlite', {
      ...s3.env('wrong-key'),
      AWS_ACCESS_KEY_ID: 'NOT-OURS',
    });
    try {
      const teacher = await signUp(t, { role: 'teacher' });
      const res = await postAssignment(t, teacher, await assignmentForm());
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toContain('InvalidAccessKeyId');
      expect(await rowCounts(t.db.kysely)).toMatchObject({ assignment: 0, file: 0 });
      expect(filesUnder(t.config.tmpDir)).toEqual([]);
      expect(await objectsUnder('wrong-key')).toEqual([]);
    } finally {
      await t.close();
    }
  });

  it('grades answers read from S3; an answer whose object is gone is unreadable, never zero', async () => {
    const prefix = `grading-${crypto.randomBytes(4).toString('hex')}`;
    const t = await buildTestApp('sqlite', s3.env(prefix));
    try {
      const teacher = await signUp(t, { role: 'teacher' });
      const code = await createAssignment(t, teacher, { totalMarks: '10' });
      const answers = [
        'Answer 1. Plants use light energy from the sun to make glucose from carbon dioxide and water.',
        'Answer 1. Light is used by chlorophyll to make sugar and release oxygen.',
        'Answer 1. Photosynthesis makes food using sunlight, water and carbon dioxide.',
      ];
      for (const text of answers) {
        const s = await signUp(t, { role: 'student' });
        await join(t, s, code);
        const content = await makePdf([text]);
        expect((await submit(t, s, code, { filename: 'a.pdf', content })).statusCode).toBe(201);
      }
      const lost = (await rowKeys(t)).find((k) => k.startsWith('answer/'))!;
      await raw.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `${prefix}/${lost}` }));
      // Read from the store when graded, as answers with pages to OCR are.
      await t.db.kysely.updateTable('submission').set({ reading: null }).execute();
      const headers = { cookie: teacher.cookie };
      const url = `/api/assignments/${code}/evaluations`;
      expect((await t.app.inject({ method: 'POST', url, headers })).statusCode).toBe(202);
      let run: { status: string; done: number; failed: number } | null = null;
      for (let i = 0; i < 300 && !['finished', 'failed'].includes(run?.status ?? ''); i++) {
        await new Promise((r) => setTimeout(r, 50));
        run = (await t.app.inject({ url: `${url}/latest`, headers })).json().run;
      }
      expect(run).toMatchObject({ status: 'finished', done: 2, failed: 1 });
      const rows = (
        await t.app.inject({ url: `/api/assignments/${code}/submissions`, headers })
      ).json().submissions as Array<{ aiStatus: string; marks: number | null }>;
      expect(rows.filter((r) => r.aiStatus === 'graded' && r.marks !== null)).toHaveLength(2);
      expect(rows.filter((r) => r.aiStatus === 'unreadable' && r.marks === null)).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});
