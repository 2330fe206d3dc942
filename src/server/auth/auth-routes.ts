import type { FastifyInstance, FastifyRequest } from 'fastify';
import { personName } from '../../shared/api';
import type { Config } from '../config';
import { AppError } from '../errors';
import type { Auth } from './better-auth';
import { authHeaders } from './session-hook';

/** better-auth endpoints that take a person's name, checked before better-auth sees them. */
const NAMED_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

/** Refuses a name that is too long or holds control characters (better-auth takes any string). */
function checkName(body: unknown) {
  if (!body || typeof body !== 'object' || !('name' in body)) return;
  const parsed = personName.safeParse((body as { name: unknown }).name);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError(400, 'invalid_name', message, [{ path: 'name', message }]);
  }
}

/**
 * The request's headers for better-auth without the signed session cache cookie (`dataCookie`).
 * better-auth trusts that cookie on its own endpoints for its whole lifetime, so after a sign-out,
 * a password reset or "sign out everywhere" a replayed one still renamed the user or listed her
 * other sessions for up to a minute. Without it every better-auth endpoint looks the session up in
 * the database, which ended sessions have left. Markwise's own routes have their own check
 * (session-hook.ts).
 */
export function withoutSessionCache(request: FastifyRequest, dataCookie: string): Headers {
  const headers = authHeaders(request);
  const cookie = headers.get('cookie');
  if (!cookie) return headers;
  const kept = cookie
    .split(';')
    .filter((pair) => pair.split('=', 1)[0]!.trim() !== dataCookie)
    .join(';');
  if (kept.trim()) headers.set('cookie', kept);
  else headers.delete('cookie');
  return headers;
}

/**
 * The body as better-auth reads it: JSON again. A body nested too deeply to write back (Fastify
 * parses 100,000 levels of `[`) is refused as every other route refuses a malformed body.
 */
function bodyText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch (err) {
    if (err instanceof RangeError) {
      throw new AppError(400, 'bad_request', 'The request body is nested too deeply.');
    }
    throw err;
  }
}

/** Query parameters better-auth redirects the browser to after a GET (verify-email, reset-password). */
const REDIRECT_PARAMS = ['callbackURL', 'errorCallbackURL', 'newUserCallbackURL', 'redirectTo'];

/**
 * Refuses a link whose address to go back to is not on this instance. better-auth follows such
 * a parameter of a GET as given, even with a wrong token, so without this
 * /api/auth/verify-email?token=x&callbackURL=https://elsewhere was a redirect from Markwise's
 * address to any site (and "//elsewhere" failed with a 500).
 */
function checkRedirects(url: URL, publicUrl: string) {
  const origin = new URL(publicUrl).origin;
  for (const name of REDIRECT_PARAMS) {
    for (const value of url.searchParams.getAll(name)) {
      let target: URL | undefined;
      try {
        target = new URL(value, origin);
      } catch {
        target = undefined;
      }
      if (target?.origin !== origin)
        throw new AppError(
          400,
          'bad_request',
          'This link leads away from Markwise: it is not valid.',
        );
    }
  }
}

/** /api/auth/*: every better-auth endpoint (sign-up, sign-in, sign-out, get-session, providers). */
export async function authRoutes(
  app: FastifyInstance,
  { auth, config, dataCookie }: { auth: Auth; config: Config; dataCookie: string },
) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rawAuth: true },
    async handler(request, reply) {
      const url = new URL(request.url, config.publicUrl);
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const body = hasBody ? bodyText(request.body) : undefined;
      if (NAMED_PATHS.has(url.pathname)) checkName(request.body);
      if (request.method === 'GET') checkRedirects(url, config.publicUrl);
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: withoutSessionCache(request, dataCookie),
          body,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });
}
