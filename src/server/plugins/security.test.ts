import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, getAs, signUp, type TestApp } from '../test/test-app';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
  });
  afterAll(async () => {
    await t.close();
  });

  it('are sent on API responses', async () => {
    const user = await signUp(t);
    const res = await t.app.inject({ url: '/api/me', headers: { cookie: user.cookie } });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    // Plain HTTP: no HSTS and no upgrade-insecure-requests, which would break a laptop install.
    expect(res.headers['strict-transport-security']).toBeUndefined();
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('keep API answers out of browser and proxy caches, unless a route says otherwise', async () => {
    const teacher = await signUp(t, { role: 'teacher' });
    for (const url of ['/api/assignments', '/api/me', '/api/notices', '/api/health']) {
      const res = await getAs(t, url, teacher);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    const refused = await t.app.inject({ url: '/api/assignments' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
    // The OpenAPI document may be kept, checked again before each use.
    const doc = await t.app.inject({ url: '/api/openapi.json' });
    expect(doc.headers['cache-control']).toBe('no-cache');
  });

  it('allow the form post to the OIDC provider only when one is configured', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(String(res.headers['content-security-policy'])).toContain("form-action 'self';");
    const withOidc = await buildTestApp('sqlite', {
      OIDC_ISSUER: 'https://id.example.edu/realms/school',
      OIDC_CLIENT_ID: 'markwise',
      OIDC_CLIENT_SECRET: 'secret',
    });
    try {
      const csp = (await withOidc.app.inject({ url: '/api/health' })).headers[
        'content-security-policy'
      ];
      expect(String(csp)).toContain("form-action 'self' https://id.example.edu;");
    } finally {
      await withOidc.close();
    }
  });
});
