import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, dialects, TEST_ORIGIN, type TestApp } from '../test/test-app';

// better-auth keeps its in-memory counters per process, not per app: each case uses its own addresses.
describe.each(dialects)('login rate limit (%s)', (dialect) => {
  const net = dialect === 'sqlite' ? '10.0.1' : '10.0.2';
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, { LOGIN_RATE_LIMIT: '3' });
  });
  afterAll(async () => {
    await t.close();
  });

  const signIn = (remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress,
      headers: { origin: TEST_ORIGIN, ...headers },
      payload: { email: 'nobody@example.com', password: 'guess-123' },
    });

  it('refuses the 4th sign-in attempt within a minute from one address with 429', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(`${net}.1`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });

  it('counts each client address separately', async () => {
    expect((await signIn(`${net}.2`)).statusCode).toBe(401);
  });

  it('cannot be bypassed with a forged X-Forwarded-For or client-address header', async () => {
    for (let i = 0; i < 3; i++) await signIn(`${net}.3`);
    const forged: Array<Record<string, string>> = [
      { 'x-forwarded-for': '203.0.113.7' },
      { 'x-real-ip': '203.0.113.8' },
      { 'x-markwise-client-ip': '203.0.113.9' },
    ];
    for (const headers of forged) {
      expect((await signIn(`${net}.3`, headers)).statusCode, JSON.stringify(headers)).toBe(429);
    }
  });

  it('limits sign-up attempts too', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: `${net}.4`,
        headers: { origin: TEST_ORIGIN },
        payload: { name: 'N', email: `n${i}@example.com`, password: 'secret1' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('external sign-in rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The issuer is never reached: starting a sign-in only needs the provider to be configured.
    t = await buildTestApp('sqlite', {
      LOGIN_RATE_LIMIT: '5',
      OIDC_ISSUER: 'http://127.0.0.1:9/unreachable',
      OIDC_CLIENT_ID: 'markwise',
      OIDC_CLIENT_SECRET: 'secret',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('follows LOGIN_RATE_LIMIT (not a stricter built-in limit) for starting a provider sign-in', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/social',
        remoteAddress: '10.0.3.1',
        headers: { origin: TEST_ORIGIN },
        payload: { provider: 'oidc', callbackURL: `${TEST_ORIGIN}/role` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);
  });
});

describe.each([
  ['TRUST_PROXY=true', 'true', '198.51.100'],
  ['the proxy addresses', '10.0.0.0/8', '192.0.2'],
])('login rate limit behind a proxy trusted by %s', (_name, trust, net) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { LOGIN_RATE_LIMIT: '1', TRUST_PROXY: trust });
  });
  afterAll(async () => {
    await t.close();
  });

  /** A sign-in through the proxy at 10.0.0.1, which appends the client's address to X-Forwarded-For. */
  const signIn = (forwardedFor: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.0.0.1',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwardedFor },
      payload: { email: 'nobody@example.com', password: 'guess-123' },
    });

  it('keys on the address the proxy reports, so users behind one proxy are not throttled together', async () => {
    expect((await signIn(`${net}.1`)).statusCode).toBe(401);
    expect((await signIn(`${net}.1`)).statusCode).toBe(429);
    expect((await signIn(`${net}.2`)).statusCode).toBe(401);
  });

  it("ignores addresses the client itself put in front of the proxy's entry", async () => {
    expect((await signIn(`${net}.3`)).statusCode).toBe(401);
    expect((await signIn(`203.0.113.1, ${net}.3`)).statusCode).toBe(429);
    expect((await signIn(`203.0.113.2, ${net}.3`)).statusCode).toBe(429);
  });
});

describe('session cookie behind HTTPS', () => {
  let t: TestApp;
  const origin = 'https://markwise.example';
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { PUBLIC_URL: origin });
  });
  afterAll(async () => {
    await t.close();
  });

  it('is Secure (and __Secure- prefixed) when PUBLIC_URL starts with https://', async () => {
    const payload = { name: 'S', email: 'secure@example.com', password: 'secret1' };
    const headers = { origin };
    await t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers, payload });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email: payload.email, password: payload.password },
    });
    expect(res.statusCode).toBe(200);
    const session = res.cookies.find((c) => c.name.endsWith('session_token'));
    expect(session).toMatchObject({
      name: '__Secure-better-auth.session_token',
      secure: true,
      httpOnly: true,
      sameSite: 'Lax',
    });
  });
});

describe('a body nested too deeply for better-auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['sign-in/email', 'sign-up/email', 'update-user', 'sign-in/social'])(
    'is refused on %s with 400, as every other route refuses it, and signs nobody up',
    async (endpoint) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auth/${endpoint}`,
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        payload: '['.repeat(100_000) + ']'.repeat(100_000),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        error: { code: 'bad_request', message: 'The request body is nested too deeply.' },
      });
      expect(await t.db.kysely.selectFrom('user').select('id').execute()).toEqual([]);
    },
  );
});
