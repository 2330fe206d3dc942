import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanPersonName } from '../../shared/api';
import { messages } from '../../shared/messages';
import { createAssignment, join, rowCounts, submit } from '../test/classroom';
import {
  buildTestApp,
  dialects,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../test/test-app';
import { makePdf } from '../test/uploads';

describe.each(dialects)('clear refusals (%s)', (dialect) => {
  let t: TestApp;
  let teacher: TestUser;
  let student: TestUser;
  let code: string;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    teacher = await signUp(t, { role: 'teacher' });
    student = await signUp(t, { role: 'student' });
    code = await createAssignment(t, teacher, { totalMarks: '20' });
    await join(t, student, code);
  });
  afterAll(() => t.close());

  describe('malformed multipart', () => {
    const send = (contentType: string, body: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/assignments/${code}/submission`,
        headers: { cookie: student.cookie, 'content-type': contentType },
        payload: body,
      });

    it('is a 400 with a message when the boundary is missing', async () => {
      const before = await rowCounts(t.db.kysely);
      const res = await send(
        'multipart/form-data',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--\r\n',
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toMatch(/./);
      expect(await rowCounts(t.db.kysely)).toEqual(before);
    });

    it('is a 400 with a message when the body stops before the closing boundary', async () => {
      const pdf = (await makePdf()).toString('latin1');
      const cut =
        '--b\r\nContent-Disposition: form-data; name="answer"; filename="a.pdf"\r\n' +
        `Content-Type: application/pdf\r\n\r\n${pdf.slice(0, 300)}`;
      const res = await send('multipart/form-data; boundary=b', cut);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'malformed_multipart',
        message: 'The form arrived incomplete or malformed. Please send it again.',
      });
    });
  });

  describe('names', () => {
    const signUpAs = (name: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: TEST_ORIGIN },
        payload: {
          name,
          email: `n${Math.random().toString(36).slice(2)}@example.com`,
          password: 'secret1',
        },
      });

    it('takes up to 100 characters at sign-up, and refuses more or control characters', async () => {
      expect((await signUpAs('A'.repeat(100))).statusCode).toBe(200);
      const long = await signUpAs('A'.repeat(900_000));
      expect(long.statusCode).toBe(400);
      expect(long.json().error).toMatchObject({
        code: 'invalid_name',
        message: messages.nameTooLong,
      });
      const control = await signUpAs('Eve\u0000\nAdmin');
      expect(control.statusCode).toBe(400);
      expect(control.json().error.message).toBe(messages.nameControlCharacters);
      expect((await signUpAs('   ')).json().error.message).toBe(messages.nameRequired);
    });

    it('refuses the same names on a profile update', async () => {
      const update = (name: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/update-user',
          headers: { origin: TEST_ORIGIN, cookie: student.cookie },
          payload: { name },
        });
      expect((await update('B'.repeat(101))).statusCode).toBe(400);
      expect((await update('Tab\there')).statusCode).toBe(400);
      expect((await update('Anita Rao')).statusCode).toBe(200);
      const me = await t.app.inject({ url: '/api/me', headers: { cookie: student.cookie } });
      expect(me.json().name).toBe('Anita Rao');
    });

    it('cleans names from an identity provider instead of refusing the sign-in', () => {
      expect(cleanPersonName('  Ada\n\u0007Lovelace\u2028 ')).toBe('Ada Lovelace');
      expect(cleanPersonName('x'.repeat(500))).toHaveLength(100);
    });
  });

  describe('marks', () => {
    it('take two decimals exactly', async () => {
      const s = await signUp(t, { role: 'student' });
      await join(t, s, code);
      const id = (await submit(t, s, code)).json().id;
      const put = (marks: number) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/assignments/${code}/submissions/${id}/marks`,
          headers: { cookie: teacher.cookie },
          payload: { marks },
        });
      for (const bad of [19.999999999, 7.001, 0.125]) {
        const res = await put(bad);
        expect({ bad, status: res.statusCode }).toEqual({ bad, status: 400 });
        expect(res.json().error.message).toContain(messages.marksInvalid);
      }
      for (const good of [7.25, 0.1, 19.99, 20]) expect((await put(good)).statusCode).toBe(200);
    });
  });

  describe('cross-site writes', () => {
    const join = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/assignments/join',
        headers: { cookie: student.cookie, ...headers },
        payload: { code },
      });

    it('are refused when the browser says cross-site, or the Origin or Referer is foreign', async () => {
      const cases: Record<string, string>[] = [
        { 'sec-fetch-site': 'cross-site' },
        { origin: 'https://evil.example' },
        { origin: 'null' },
        { referer: 'https://evil.example/page' },
        { 'sec-fetch-site': 'cross-site', origin: TEST_ORIGIN },
      ];
      for (const headers of cases) {
        const res = await join(headers);
        expect({ headers, status: res.statusCode }).toEqual({ headers, status: 403 });
        expect(res.json().error.message).toBe(messages.crossSiteRefused);
      }
    });

    it('are refused on every route, sign-in and contact included', async () => {
      for (const url of ['/api/auth/sign-in/email', '/api/contact', '/api/me/role', '/anything']) {
        const res = await t.app.inject({
          method: 'POST',
          url,
          headers: { 'sec-fetch-site': 'cross-site' },
          payload: {},
        });
        expect({ url, status: res.statusCode }).toEqual({ url, status: 403 });
      }
    });

    it('pass from our own pages and from clients that are not browsers', async () => {
      const cases: Record<string, string>[] = [
        { origin: TEST_ORIGIN, 'sec-fetch-site': 'same-origin' },
        { referer: `${TEST_ORIGIN}/dashboard` },
        {},
      ];
      for (const headers of cases) {
        expect((await join(headers)).statusCode).toBe(200);
      }
    });
  });
});

describe('the default install', () => {
  it('trusts both localhost and 127.0.0.1 on its port', async () => {
    const t = await buildTestApp('sqlite', { PUBLIC_URL: '', PORT: '3999' });
    try {
      for (const origin of ['http://localhost:3999', 'http://127.0.0.1:3999']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          headers: { origin },
          payload: {
            name: 'Local',
            email: `${origin.length}${Math.random()}@example.com`,
            password: 'secret1',
          },
        });
        expect({ origin, status: res.statusCode }).toEqual({ origin, status: 200 });
      }
      const foreign = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { origin: 'http://127.0.0.1:4000' },
        payload: { name: 'Other', email: 'other@example.com', password: 'secret1' },
      });
      expect(foreign.statusCode).toBe(403);
    } finally {
      await t.close();
    }
  });
});
