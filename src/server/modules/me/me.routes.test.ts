import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  signIn,
  signUp,
  TEST_ORIGIN,
  type TestApp,
} from '../../test/test-app';

describe.each(dialects)('accounts and roles (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const post = (
    url: string,
    payload: object,
    headers: Record<string, string> = { origin: TEST_ORIGIN },
  ) => t.app.inject({ method: 'POST', url, headers, payload });

  describe('POST /api/auth/sign-up/email', () => {
    it('creates an account with a generated avatar and no role', async () => {
      const res = await post('/api/auth/sign-up/email', {
        name: 'Asha',
        email: 'asha@example.com',
        password: 'secret1',
      });
      expect(res.statusCode).toBe(200);
      const { user } = res.json();
      expect(user).toMatchObject({ name: 'Asha', email: 'asha@example.com', role: null });
      expect(user.image).toMatch(/^\/api\/avatars\/[A-Za-z0-9]{10}\.svg$/);
    });

    it('refuses a password shorter than 6 characters', async () => {
      const res = await post('/api/auth/sign-up/email', {
        name: 'B',
        email: 'short@example.com',
        password: '12345',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('PASSWORD_TOO_SHORT');
    });

    it('refuses an email that already has an account', async () => {
      await post('/api/auth/sign-up/email', {
        name: 'C',
        email: 'twice@example.com',
        password: 'secret1',
      });
      const res = await post('/api/auth/sign-up/email', {
        name: 'C',
        email: 'twice@example.com',
        password: 'secret1',
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toMatch(/USER_ALREADY_EXISTS/);
    });

    it('refuses a request without a trusted Origin', async () => {
      const res = await post(
        '/api/auth/sign-up/email',
        { name: 'D', email: 'd@example.com', password: 'secret1' },
        { origin: 'http://evil.example' },
      );
      expect(res.statusCode).toBe(403);
    });
  });

  describe('POST /api/auth/sign-in/email', () => {
    it('sets an httpOnly, SameSite=Lax session cookie', async () => {
      await post('/api/auth/sign-up/email', {
        name: 'E',
        email: 'e@example.com',
        password: 'secret1',
      });
      const res = await post('/api/auth/sign-in/email', {
        email: 'e@example.com',
        password: 'secret1',
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === 'better-auth.session_token');
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
      expect(cookie?.secure).toBeFalsy();
    });

    it('answers a wrong password with INVALID_EMAIL_OR_PASSWORD', async () => {
      await post('/api/auth/sign-up/email', {
        name: 'F',
        email: 'f@example.com',
        password: 'secret1',
      });
      const res = await post('/api/auth/sign-in/email', {
        email: 'f@example.com',
        password: 'wrong-one',
      });
      expect(res.statusCode).toBe(401);
      expect(res.json().code).toBe('INVALID_EMAIL_OR_PASSWORD');
    });
  });

  describe('GET /api/me', () => {
    it('is 401 without a session', async () => {
      const res = await t.app.inject({ url: '/api/me' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'unauthorized', message: 'Please log in.' } });
    });

    it('is 401 with a forged session cookie', async () => {
      const res = await t.app.inject({
        url: '/api/me',
        headers: { cookie: 'better-auth.session_token=forged.value' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('returns the signed-in user with a null role until one is chosen', async () => {
      const u = await signUp(t, { name: 'Gita', role: null });
      const res = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: u.id, name: 'Gita', email: u.email, role: null });
      expect(res.json()).toMatchObject({ emailVerified: false, operator: false });
      expect(Object.keys(res.json()).sort()).toEqual([
        'email',
        'emailVerified',
        'id',
        'image',
        'name',
        'operator',
        'role',
      ]);
    });

    it('forgets the user after sign-out', async () => {
      const u = await signUp(t, { role: 'student' });
      const out = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-out',
        headers: { cookie: u.cookie, origin: TEST_ORIGIN },
      });
      expect(out.statusCode).toBe(200);
      expect(
        (await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).statusCode,
      ).toBe(401);
    });
  });

  describe('GET /api/session', () => {
    it('is 200 with a null user without a session, and never cached', async () => {
      const res = await t.app.inject({ url: '/api/session' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ user: null });
      expect(res.headers['cache-control']).toBe('no-store');
    });

    it('is a null user with a forged session cookie', async () => {
      const res = await t.app.inject({
        url: '/api/session',
        headers: { cookie: 'better-auth.session_token=forged.value' },
      });
      expect(res.json()).toEqual({ user: null });
    });

    it('returns the same user as /api/me, role included', async () => {
      const u = await signUp(t, { name: 'Hari', role: 'teacher' });
      const session = await t.app.inject({ url: '/api/session', headers: { cookie: u.cookie } });
      const me = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
      expect(session.json()).toEqual({ user: me.json() });
      expect(session.json().user).toMatchObject({ id: u.id, name: 'Hari', role: 'teacher' });
    });
  });

  describe('PUT /api/me/role', () => {
    it('sets the role once and refuses a second choice with 409', async () => {
      const u = await signUp(t, { role: null });
      const put = (role: string) =>
        t.app.inject({
          method: 'PUT',
          url: '/api/me/role',
          headers: { cookie: u.cookie },
          payload: { role },
        });
      const first = await put('teacher');
      expect(first.statusCode).toBe(200);
      expect(first.json().role).toBe('teacher');
      const second = await put('student');
      expect(second.statusCode).toBe(409);
      expect(second.json().error.code).toBe('role_already_chosen');
      const me = await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } });
      expect(me.json().role).toBe('teacher');
    });

    it('refuses an unknown role and changes nothing', async () => {
      const u = await signUp(t, { role: null });
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/role',
        headers: { cookie: u.cookie },
        payload: { role: 'admin' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('validation_failed');
      expect(
        (await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json().role,
      ).toBeNull();
    });

    it('is 401 without a session', async () => {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/role',
        payload: { role: 'teacher' },
      });
      expect(res.statusCode).toBe(401);
    });

    it('cannot be set through sign-up', async () => {
      const res = await post('/api/auth/sign-up/email', {
        name: 'H',
        email: 'h@example.com',
        password: 'secret1',
        role: 'teacher',
      });
      expect(res.statusCode).toBe(400);
      const cookie = await signIn(t, 'h@example.com', 'secret1').catch(() => '');
      if (cookie)
        expect(
          (await t.app.inject({ url: '/api/me', headers: { cookie } })).json().role,
        ).toBeNull();
    });

    it('refuses a write from an untrusted Origin', async () => {
      const u = await signUp(t, { role: null });
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/role',
        headers: { cookie: u.cookie, origin: 'http://evil.example' },
        payload: { role: 'teacher' },
      });
      expect(res.statusCode).toBe(403);
    });
  });
});
