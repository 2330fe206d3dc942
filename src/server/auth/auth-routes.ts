import type { FastifyInstance } from 'fastify';
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

/** /api/auth/*: every better-auth endpoint (sign-up, sign-in, sign-out, get-session, providers). */
export async function authRoutes(
  app: FastifyInstance,
  { auth, config }: { auth: Auth; config: Config },
) {
  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rawAuth: true },
    async handler(request, reply) {
      const url = new URL(request.url, config.publicUrl);
      if (NAMED_PATHS.has(url.pathname)) checkName(request.body);
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: authHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
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
