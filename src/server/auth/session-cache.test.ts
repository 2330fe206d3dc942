import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  dialects,
  signIn,
  signUp,
  TEST_ORIGIN,
  type TestApp,
  type TestUser,
} from '../test/test-app';

const DATA = 'better-auth.session_data';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A browser's cookie jar for one device: it keeps what the server sets and drops what it expires. */
class Device {
  private readonly jar = new Map<string, string>();
  constructor(cookieHeader: string) {
    for (const pair of cookieHeader.split('; ')) {
      const [name, ...value] = pair.split('=');
      this.jar.set(name!, value.join('='));
    }
  }
  get cookie() {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  has(name: string) {
    return this.jar.has(name);
  }
  keep(res: LightMyRequestResponse) {
    for (const c of res.cookies) {
      const gone = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now()) || !c.value;
      if (gone) this.jar.delete(c.name);
      else this.jar.set(c.name, c.value);
    }
    return res;
  }
}

describe.each(dialects)('session cookie cache (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (device: Device, url = '/api/me') =>
    t.app.inject({ url, headers: { cookie: device.cookie } }).then((r) => device.keep(r));
  const post = (
    device: Device,
    url: string,
    payload: object = {},
    method: 'POST' | 'PUT' = 'POST',
  ) =>
    t.app
      .inject({ method, url, headers: { cookie: device.cookie, origin: TEST_ORIGIN }, payload })
      .then((r) => device.keep(r));
  /** Ends the user's sessions behind the server's back, as another instance or an operator would. */
  const deleteSessionsInDatabase = (user: TestUser) =>
    t.db.kysely.deleteFrom('session').where('user_id', '=', user.id).execute();

  it('answers reads from the signed cookie without the database, and refuses writes at once', async () => {
    const user = await signUp(t, { role: 'teacher' });
    const device = new Device(user.cookie);
    expect((await get(device)).statusCode).toBe(200);
    expect(device.has(DATA)).toBe(true);
    await deleteSessionsInDatabase(user);
    expect((await get(device)).json()).toMatchObject({ id: user.id, role: 'teacher' });
    const write = await post(device, '/api/assignments/join', { code: 'ABCDEF' });
    expect(write.statusCode).toBe(401);
  });

  it('refuses every write of a deleted account at once; its reads last at most the cache lifetime', async () => {
    const user = await signUp(t, { role: 'student' });
    const device = new Device(user.cookie);
    await get(device);
    // An operator deletes the account in the database (its sessions go with it).
    await t.db.kysely.deleteFrom('user').where('id', '=', user.id).execute();
    expect((await get(device)).statusCode).toBe(200);
    const write = await post(device, '/api/notices/read');
    expect(write.statusCode).toBe(401);
  });

  it('ignores a session cookie whose signed data was altered', async () => {
    const user = await signUp(t, { role: 'student' });
    const device = new Device(user.cookie);
    await get(device);
    const data = device.cookie.match(/better-auth\.session_data=([^;]+)/)![1]!;
    const decoded = JSON.parse(Buffer.from(data, 'base64url').toString()) as {
      session: { user: { role: string } };
    };
    decoded.session.user.role = 'teacher';
    const forged = Buffer.from(JSON.stringify(decoded)).toString('base64url');
    const cookie = device.cookie.replace(data, forged);
    const res = await t.app.inject({ url: '/api/me', headers: { cookie } });
    expect(res.json()).toMatchObject({ id: user.id, role: 'student' });
  });

  it('signs out at once, even for a copy of the cookies kept from before', async () => {
    const user = await signUp(t, { role: 'student' });
    const device = new Device(user.cookie);
    // The second read is answered from what the first one verified.
    await get(device);
    expect((await get(device)).statusCode).toBe(200);
    const copy = new Device(device.cookie);
    const out = await post(device, '/api/auth/sign-out');
    expect(out.statusCode).toBe(200);
    expect((await get(device)).statusCode).toBe(401);
    expect((await get(copy)).statusCode).toBe(401);
  });

  it("ends at once on better-auth's own endpoints too: replayed cookies change and reveal nothing", async () => {
    const user = await signUp(t, { role: 'student', name: 'Kept Name' });
    const device = new Device(user.cookie);
    // The cache cookie is set, and a copy of everything is kept from before the sign-out.
    await get(device);
    expect(device.has(DATA)).toBe(true);
    const copy = new Device(device.cookie);
    expect((await post(device, '/api/auth/sign-out')).statusCode).toBe(200);
    const rename = await post(copy, '/api/auth/update-user', { name: 'Taken Over' });
    expect(rename.statusCode).toBe(401);
    const sessions = await get(copy, '/api/auth/list-sessions');
    expect(sessions.statusCode).toBe(401);
    expect(sessions.body).not.toContain(user.id);
    const session = await get(copy, '/api/auth/get-session');
    expect(session.body).not.toContain(user.email);
    const row = await t.db.kysely
      .selectFrom('user')
      .select('name')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Kept Name');
  });

  it('ends the other devices at once on every endpoint when one signs out everywhere', async () => {
    const user = await signUp(t, { role: 'student' });
    const laptop = new Device(user.cookie);
    const phone = new Device(await signIn(t, user.email, 'secret123'));
    await get(phone);
    expect(phone.has(DATA)).toBe(true);
    expect((await post(laptop, '/api/auth/revoke-sessions')).statusCode).toBe(200);
    expect((await post(phone, '/api/auth/update-user', { name: 'Phone' })).statusCode).toBe(401);
    expect((await get(phone, '/api/auth/list-sessions')).statusCode).toBe(401);
  });

  it('ends a session revoked from another device at its next request', async () => {
    const user = await signUp(t, { role: 'student' });
    const laptop = new Device(user.cookie);
    const phone = new Device(await signIn(t, user.email, 'secret123'));
    expect((await get(phone)).statusCode).toBe(200);
    expect((await get(phone)).statusCode).toBe(200);
    expect((await post(laptop, '/api/auth/revoke-other-sessions')).statusCode).toBe(200);
    expect((await get(phone)).statusCode).toBe(401);
    expect((await get(laptop)).statusCode).toBe(200);
  });

  it('shows a chosen role on the very next request, on every device', async () => {
    const user = await signUp(t, { role: null });
    const laptop = new Device(user.cookie);
    const phone = new Device(await signIn(t, user.email, 'secret123'));
    expect((await get(phone)).json()).toMatchObject({ role: null });
    expect((await get(laptop, '/api/assignments')).statusCode).toBe(403);
    expect((await post(laptop, '/api/me/role', { role: 'teacher' }, 'PUT')).statusCode).toBe(200);
    expect((await get(laptop, '/api/assignments')).statusCode).toBe(200);
    expect((await get(phone)).json()).toMatchObject({ role: 'teacher' });
    expect((await get(phone, '/api/assignments')).statusCode).toBe(200);
  });

  it("shows a changed name on the user's other devices at once", async () => {
    const user = await signUp(t, { role: 'student', name: 'Old Name' });
    const laptop = new Device(user.cookie);
    const phone = new Device(await signIn(t, user.email, 'secret123'));
    expect((await get(phone)).json()).toMatchObject({ name: 'Old Name' });
    expect((await get(phone)).json()).toMatchObject({ name: 'Old Name' });
    expect((await post(laptop, '/api/auth/update-user', { name: 'New Name' })).statusCode).toBe(
      200,
    );
    expect((await get(phone)).json()).toMatchObject({ name: 'New Name' });
  });
});

describe('session cookie cache lifetime', () => {
  it('reads the database again once SESSION_CACHE_SECONDS have passed', async () => {
    const t = await buildTestApp('sqlite', { SESSION_CACHE_SECONDS: '1' });
    try {
      const user = await signUp(t, { role: 'teacher' });
      const device = new Device(user.cookie);
      await t.app
        .inject({ url: '/api/me', headers: { cookie: device.cookie } })
        .then((r) => device.keep(r));
      await t.db.kysely.deleteFrom('session').where('user_id', '=', user.id).execute();
      const soon = await t.app.inject({ url: '/api/me', headers: { cookie: device.cookie } });
      expect(soon.statusCode).toBe(200);
      await sleep(1100);
      const later = await t.app.inject({ url: '/api/me', headers: { cookie: device.cookie } });
      expect(later.statusCode).toBe(401);
      // The expired session's cookies are cleared in the browser.
      device.keep(later);
      expect(device.has('better-auth.session_token')).toBe(false);
    } finally {
      await t.close();
    }
  });

  it('is off with SESSION_CACHE_SECONDS=0: every request reads the database', async () => {
    const t = await buildTestApp('sqlite', { SESSION_CACHE_SECONDS: '0' });
    try {
      const user = await signUp(t, { role: 'teacher' });
      const device = new Device(user.cookie);
      const first = await t.app.inject({ url: '/api/me', headers: { cookie: device.cookie } });
      expect(first.statusCode).toBe(200);
      device.keep(first);
      expect(device.has(DATA)).toBe(false);
      await t.db.kysely.deleteFrom('session').where('user_id', '=', user.id).execute();
      const res = await t.app.inject({ url: '/api/me', headers: { cookie: device.cookie } });
      expect(res.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});
