import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const SCRIPT = 'console.log("markwise");'.repeat(20);

/** A tiny stand-in for dist/web: index.html, a hashed script (with its .gz) and a file beside index.html. */
function fakeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-dist-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  fs.writeFileSync(path.join(dir, 'assets', 'index-Bx3kQ9aZ.js'), SCRIPT);
  fs.writeFileSync(path.join(dir, 'assets', 'index-Bx3kQ9aZ.js.gz'), zlib.gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  return dir;
}

describe('serving the web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fakeDist();
    t = await buildTestApp('sqlite', { STATIC_DIR: dist });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('caches hashed assets for a year as immutable', async () => {
    const res = await get('/assets/index-Bx3kQ9aZ.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(SCRIPT);
  });

  it('sends the precompressed asset to a browser that accepts gzip', async () => {
    const res = await get('/assets/index-Bx3kQ9aZ.js', { 'accept-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('makes the browser revalidate index.html and other unhashed files', async () => {
    for (const url of ['/', '/index.html', '/favicon.svg']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    expect((await get('/')).body).toBe(INDEX);
  });

  it('answers deep links with the app so the browser router can show them', async () => {
    for (const url of ['/dashboard', '/dashboard/assignment/ABC', '/login?next=1', '/nowhere']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.body, url).toBe(INDEX);
    }
  });

  it('answers an unknown API path with a JSON 404, not the app', async () => {
    const res = await get('/api/nothing-here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: 'not_found', message: 'No route for GET /api/nothing-here.' },
    });
  });

  it('answers a missing asset with 404 instead of the app', async () => {
    const res = await get('/assets/index-OLDHASH1.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<html');
  });

  it('does not serve files outside its folder', async () => {
    const res = await get('/..%2f..%2f..%2fetc%2fpasswd');
    expect(res.body).not.toContain('root:');
  });
});

describe('serving without a built web app', () => {
  it('keeps the API running and says how to build the app', async () => {
    const t = await buildTestApp('sqlite');
    try {
      expect((await t.app.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
      const res = await t.app.inject({ url: '/dashboard' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('npm run build');
    } finally {
      await t.close();
    }
  });
});
