import fs from 'node:fs';
import swagger, { type SwaggerTransform } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { OpenAPIV3_1 } from 'openapi-types';
import { z } from 'zod';
import type { Config } from '../config';
import { betterAuthPaths } from './better-auth-paths';
import { addComponents, zodTransform } from './components';
import { referenceThemeCss } from './reference-theme';
import { apiTags, json, publicRoute, refusals } from './route-schema';

/**
 * Routes that declare no schema of their own and stay out of the OpenAPI document, each with
 * the reason. Every other route declares its params, query, body and replies (a test checks).
 */
export const undocumentedRoutes: ReadonlyArray<{ url: RegExp; why: string }> = [
  {
    url: /^\/api\/auth\/\*$/,
    why: 'better-auth’s own handler: it validates its bodies itself; its endpoints are written into the document by hand (better-auth-paths.ts)',
  },
  {
    url: /^\/\*$/,
    why: 'the web app: index.html for any other path and the built files, not an API',
  },
  {
    url: /^\/api\/docs(\/.*)?$/,
    why: 'this reference page itself: swagger-ui’s HTML, script and assets, and its own copies of the document (/api/docs/json, /api/docs/yaml)',
  },
];

const isUndocumented = (url: string) => undocumentedRoutes.some((r) => r.url.test(url));

const transform: SwaggerTransform = (input) =>
  isUndocumented(input.url) ? { schema: { hide: true }, url: input.url } : zodTransform(input);

const packageVersion = (): string => {
  const pkg = new URL('../../../package.json', import.meta.url);
  return (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { version: string }).version;
};

const description = `The HTTP API of Markwise, generated from the schemas every route declares.

**Authentication.** Sign in with \`POST /api/auth/sign-in/email\`; the reply sets the session
cookie that every other call sends. Identity always comes from that cookie, never from an id in
a URL or body. Writes (POST, PUT, PATCH, DELETE) from a browser must come from a trusted
\`Origin\` (PUBLIC_URL); a cross-site write is refused with 403.

**Errors** are \`{"error": {"code", "message", "details"?}}\` with the status that fits (400
invalid, 401 not signed in, 403 not allowed, 404 not found or not yours, 409 conflict, 413 too
large, 415 wrong type, 429 too many). \`details\` lists \`{path, message}\` for refused fields.
A 5xx never shows internals. better-auth's own endpoints answer errors as \`{code, message}\`.

**Conventions.** JSON in and out unless noted; times are ISO-8601 UTC instants; class codes
ignore case and spaces. See docs/api.md in the repository for the rules in words.`;

/**
 * The API contract as a document: OpenAPI 3.1 generated from the routes' zod schemas at
 * GET /api/openapi.json, and a reference page that reads it at /api/docs (swagger-ui, served
 * from the package: no CDN). Register before the routes so it sees them all.
 */
async function openapiPlugin(app: FastifyInstance, { config }: { config: Config }) {
  const secure = config.publicUrl.startsWith('https://');
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Markwise API', version: packageVersion(), description },
      tags: apiTags.map((t) => ({ ...t })),
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: `${secure ? '__Secure-' : ''}better-auth.session_token`,
            description: 'The session cookie set by signing in (HttpOnly, SameSite=Lax).',
          },
        },
      },
      security: [{ session: [] }],
      // Hand-written path items (better-auth's); the generated operations are added beside them.
      paths: betterAuthPaths() as OpenAPIV3_1.PathsObject,
    },
    transform,
    transformObject: addComponents,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // BaseLayout: no top bar (its logo and its "explore another URL" box are not ours to show).
    // No deep links: they put a link inside each operation's toggle button (nested controls).
    // No syntax colours: their inline colours fail contrast on the dark example boxes.
    uiConfig: {
      layout: 'BaseLayout',
      deepLinking: false,
      syntaxHighlight: false,
      docExpansion: 'list',
      defaultModelsExpandDepth: 0,
    },
    theme: {
      title: 'Markwise API reference',
      css: [{ filename: 'markwise.css', content: referenceThemeCss }],
    },
  });

  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/openapi.json',
    {
      schema: {
        summary: 'This API as an OpenAPI 3.1 document',
        tags: ['site'],
        ...publicRoute,
        response: {
          200: json(z.record(z.string(), z.unknown()), 'The OpenAPI 3.1 document'),
          ...refusals(),
        },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-cache');
      return app.swagger() as unknown as Record<string, unknown>;
    },
  );
}

export const openapi = fp(openapiPlugin, { name: 'openapi' });
