import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, type TestApp, localFilesDir } from '../../test/test-app';
import { signUp } from '../../test/test-app';
import { createAssignment } from '../../test/classroom';
import { filesUnder } from '../../test/uploads';
import { contentDisposition } from './content-disposition';
import { cleanTempDir, sweepOrphanFiles } from './orphan-sweep';
import { cleanFileName } from './upload-form';

describe('contentDisposition', () => {
  it('keeps plain names and encodes the rest (RFC 6266 / 8187)', () => {
    expect(contentDisposition('inline', 'answer.pdf')).toBe(
      `inline; filename="answer.pdf"; filename*=UTF-8''answer.pdf`,
    );
    expect(contentDisposition('attachment', 'a "quoted"; name\\ñ.pdf')).toBe(
      `attachment; filename="a _quoted__ name__.pdf"; filename*=UTF-8''a%20%22quoted%22%3B%20name%5C%C3%B1.pdf`,
    );
    expect(contentDisposition('inline', "x'(y).pdf")).toContain(`filename*=UTF-8''x%27%28y%29.pdf`);
    expect(contentDisposition('inline', 'évaluation\r\n.pdf')).not.toMatch(/[\r\n]/);
  });
});

describe('cleanFileName', () => {
  it('keeps the last path segment without control characters', () => {
    expect(cleanFileName('C:\\Users\\me\\answer.pdf', 'x')).toBe('answer.pdf');
    expect(cleanFileName('../../etc/passwd', 'x')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u001f.pdf', 'x')).toBe('ab.pdf');
    expect(cleanFileName('   ', 'document.pdf')).toBe('document.pdf');
    expect(cleanFileName(undefined, 'document.pdf')).toBe('document.pdf');
    expect(cleanFileName('n'.repeat(300), 'x')).toHaveLength(200);
  });
});

describe.each(dialects)('orphan sweep (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  it('removes old stored files without a row and keeps known and recent ones', async () => {
    const teacher = await signUp(t, { role: 'teacher' });
    await createAssignment(t, teacher);
    const known = filesUnder(localFilesDir(t));
    const orphan = path.join(localFilesDir(t), 'answer', 'orphan-1');
    const fresh = path.join(localFilesDir(t), 'answer', 'orphan-2');
    fs.mkdirSync(path.dirname(orphan), { recursive: true });
    fs.writeFileSync(orphan, 'lost');
    fs.writeFileSync(fresh, 'in flight');
    const old = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(orphan, old, old);
    const result = await sweepOrphanFiles(t.db.kysely, t.store);
    expect(result).toEqual({ checked: known.length + 2, removed: 1 });
    expect(filesUnder(localFilesDir(t)).sort()).toEqual([...known, 'answer/orphan-2'].sort());
  });

  it('removes stale upload temp files', async () => {
    fs.mkdirSync(t.config.tmpDir, { recursive: true });
    const stale = path.join(t.config.tmpDir, 'stale.upload');
    const live = path.join(t.config.tmpDir, 'live.upload');
    fs.writeFileSync(stale, 'x');
    fs.writeFileSync(live, 'x');
    const old = new Date(Date.now() - 2 * 3600_000);
    fs.utimesSync(stale, old, old);
    expect(await cleanTempDir(t.config.tmpDir)).toBe(1);
    expect(fs.readdirSync(t.config.tmpDir)).toEqual(['live.upload']);
  });
});
