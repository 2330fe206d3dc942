import { Validator } from '@seriousme/openapi-schema-validator';
import type { RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, type TestApp } from '../test/test-app';
import { contractProblems, isAllowedWithoutSchema } from '../test/route-contract';
import { undocumentedRoutes } from './openapi';

type Operation = {
  summary?: string;
  tags?: string[];
  security?: unknown[];
  responses: Record<string, unknown>;
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
  parameters?: Array<{ name: string; in: string }>;
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

describe('the API contract', () => {
  let t: TestApp;
  const routes: RouteOptions[] = [];
  let doc: Doc;

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {}, { onRoute: (route) => void routes.push(route) });
    doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('GET /api/openapi.json', () => {
    it('is a valid OpenAPI 3.1 document whose references all resolve', async () => {
      const validator = new Validator();
      const result = await validator.validate(structuredClone(doc));
      expect(result.errors ?? []).toEqual([]);
      expect(result.valid).toBe(true);
      expect(validator.version).toBe('3.1');
      expect(() => validator.resolveRefs()).not.toThrow();
    });

    it('describes the operations with summaries, tags and the session cookie', () => {
      const list = doc.paths['/api/assignments']!.get!;
      expect(list.summary).toBeTruthy();
      expect(list.tags).toEqual(['assignments']);
      expect(list.security).toBeUndefined(); // the document's default: the session cookie
      expect(doc.paths['/api/health']!.get!.security).toEqual([]);
      const detail = doc.paths['/api/assignments/{code}']!.get!;
      expect(detail.parameters).toMatchObject([{ name: 'code', in: 'path' }]);
      expect(Object.keys(detail.responses)).toEqual(
        expect.arrayContaining(['200', '401', '403', '404', '500']),
      );
    });

    it('shows the multipart forms with their files', () => {
      const create = doc.paths['/api/assignments']!.post!;
      const form = create.requestBody!.content['multipart/form-data']!.schema;
      expect(Object.keys(form.properties!)).toEqual(
        expect.arrayContaining(['title', 'deadline', 'questionPaper', 'modelAnswer', 'diagram']),
      );
      const submit = doc.paths['/api/assignments/{code}/submission']!.post!;
      expect(submit.requestBody!.content['multipart/form-data']).toBeDefined();
    });

    it('documents better-auth’s sign-in by hand and hides its catch-all handler', () => {
      expect(doc.paths['/api/auth/sign-in/email']!.post!.requestBody).toBeDefined();
      expect(doc.paths['/api/auth/request-password-reset']!.post!.requestBody).toBeDefined();
      expect(doc.paths['/api/auth/reset-password']!.post!.responses).toHaveProperty('400');
      expect(doc.paths['/api/auth/*']).toBeUndefined();
      expect(doc.paths['/*']).toBeUndefined();
    });
  });

  describe('every route', () => {
    it('declares its schema (params, replies, summary, tag), apart from the allow-list', () => {
      expect(routes.length).toBeGreaterThan(40);
      const problems = routes
        .filter((r) => !isAllowedWithoutSchema(r.url))
        .flatMap((r) => contractProblems(r));
      expect(problems).toEqual([]);
    });

    it('names in the allow-list only routes that exist', () => {
      const stale = undocumentedRoutes.filter((a) => !routes.some((r) => a.url.test(r.url)));
      expect(stale).toEqual([]);
    });

    it('is in the OpenAPI document, apart from the allow-list', () => {
      const missing = routes
        .filter((r) => !isAllowedWithoutSchema(r.url))
        .flatMap((r) => ([] as string[]).concat(r.method).map((m) => [m, r.url] as const))
        .filter(([method]) => method !== 'HEAD')
        .filter(([method, url]) => {
          const path = url.replace(/:(\w+)/g, '{$1}');
          return !doc.paths[path]?.[method.toLowerCase()];
        });
      expect(missing).toEqual([]);
    });

    it('the check finds a route without a schema, or without its parameters or replies', () => {
      expect(contractProblems({ method: 'GET', url: '/api/things/:id' })).toEqual([
        'GET /api/things/:id: no schema',
      ]);
      expect(
        contractProblems({
          method: 'POST',
          url: '/api/things/:id',
          schema: { summary: 'x', tags: ['site'], response: {} },
        }),
      ).toEqual([
        'POST /api/things/:id: path parameters not declared',
        'POST /api/things/:id: no success reply',
        'POST /api/things/:id: no 500 reply',
      ]);
    });
  });

  describe('validation by the declared schemas', () => {
    it('answers a refused body in the product’s error format, naming the field', async () => {
      const u = await signUp(t, { role: null });
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/me/role',
        headers: { cookie: u.cookie },
        payload: { role: 'admin' },
      });
      expect(res.statusCode).toBe(400);
      const { error } = res.json();
      expect(error.code).toBe('validation_failed');
      expect(error.message).toMatch(/^role: /);
      expect(error.details).toEqual([{ path: 'role', message: expect.any(String) }]);
    });

    it('sends only what the reply schema declares', async () => {
      const u = await signUp(t, { role: 'teacher' });
      const me = (await t.app.inject({ url: '/api/me', headers: { cookie: u.cookie } })).json();
      expect(Object.keys(me).sort()).toEqual([
        'email',
        'emailVerified',
        'id',
        'image',
        'name',
        'operator',
        'role',
      ]);
    });
  });

  describe('GET /api/docs', () => {
    it('serves the reference page and its script from this server, under our CSP', async () => {
      const page = await t.app.inject({ url: '/api/docs' });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toMatch(/text\/html/);
      expect(page.body).toContain('swagger-ui-bundle.js');
      expect(page.body).not.toMatch(/https?:\/\//);
      expect(page.headers['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
      const script = await t.app.inject({ url: '/api/docs/static/swagger-ui-bundle.js' });
      expect(script.statusCode).toBe(200);
      expect(script.headers['content-type']).toMatch(/javascript/);
    });
  });
});
