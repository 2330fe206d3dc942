import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './better-auth';
import { toCurrentUser } from './current-user';
import type { SessionChanges } from './session-changes';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Headers for better-auth: the node headers plus the client address Fastify resolved (proxy-aware). */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-markwise-client-ip', request.ip);
  return headers;
}

/** Reads the session (from the cookie cache when `cached`), passing better-auth's cookies on to the reply. */
async function readSession(auth: Auth, headers: Headers, reply: FastifyReply, cached: boolean) {
  const { headers: out, response } = await auth.api.getSession({
    headers,
    query: cached ? {} : { disableCookieCache: true },
    returnHeaders: true,
  });
  // A fresh cache cookie after a database read, or cleared cookies for an ended session.
  const cookies = out.getSetCookie();
  if (cookies.length) void reply.header('set-cookie', cookies);
  return response;
}

/**
 * The onRequest hook that puts the signed-in user on every /api request. The signed session
 * cookie cache answers reads; the database answers
 * - every request that may change something (not GET, HEAD or OPTIONS), so an ended session, a
 *   deleted account or a role never acts on stale rights;
 * - a cached user without a role: the role is chosen once, so it shows at once on every device;
 * - a user whose sessions or account changed in this process within the cache's lifetime.
 */
export function sessionHook(auth: Auth, changes: SessionChanges) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/auth/') || !request.headers.cookie) return;
    const headers = authHeaders(request);
    const cached = READS.has(request.method);
    let session = await readSession(auth, headers, reply, cached);
    if (session && cached) {
      const u = session.user as typeof session.user & { role?: unknown };
      if (u.role == null || changes.changedRecently(u.id)) {
        session = await readSession(auth, headers, reply, false);
      }
    }
    if (session) request.user = toCurrentUser(session.user);
  };
}
