import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from './better-auth';
import { toCurrentUser, type CurrentUser } from './current-user';
import type { SessionChanges } from './session-changes';
import type { VerifiedSessions } from './verified-sessions';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Headers for better-auth: the node headers plus the client address Fastify resolved (proxy-aware). */
export function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-markwise-client-ip', request.ip);
  return headers;
}

/** What the session hook needs: better-auth, what changed recently, verified cookies, the cookie names. */
export interface SessionHookOptions {
  auth: Auth;
  changes: SessionChanges;
  verified: VerifiedSessions;
  cookieNames: { token: string; data: string };
}

/**
 * The onRequest hook that puts the signed-in user on every /api request. The signed session
 * cookie cache answers reads; the database answers
 * - every request that may change something (not GET, HEAD or OPTIONS), so an ended session, a
 *   deleted account or a role never acts on stale rights;
 * - a cached user without a role: the role is chosen once, so it shows at once on every device;
 * - a user whose sessions or account changed in this process within the cache's lifetime.
 */
export function sessionHook({ auth, changes, verified, cookieNames }: SessionHookOptions) {
  const needsDatabase = (user: CurrentUser) =>
    user.role === null || changes.changedRecently(user.id);

  /** Reads the session (from the cookie cache when `cached`), passing better-auth's cookies on to the reply. */
  async function read(request: FastifyRequest, reply: FastifyReply, cached: boolean) {
    const { headers, response } = await auth.api.getSession({
      headers: authHeaders(request),
      query: cached ? {} : { disableCookieCache: true },
      returnHeaders: true,
    });
    // A fresh cache cookie after a database read, or cleared cookies for an ended session.
    const cookies = headers.getSetCookie();
    if (cookies.length) void reply.header('set-cookie', cookies);
    return { response, fromCache: cached && cookies.length === 0 };
  }

  async function currentUser(request: FastifyRequest, reply: FastifyReply) {
    if (!READS.has(request.method)) {
      const { response } = await read(request, reply, false);
      return response ? toCurrentUser(response.user) : null;
    }
    const token = request.cookies[cookieNames.token];
    const data = request.cookies[cookieNames.data];
    const known = token && data ? verified.get(token, data) : undefined;
    if (known && !needsDatabase(known)) return known;
    const { response, fromCache } = await read(request, reply, true);
    if (!response) return null;
    const user = toCurrentUser(response.user);
    if (!needsDatabase(user)) {
      if (fromCache && token && data && changes.cacheSeconds > 0) {
        verified.remember(token, data, user, response.session.expiresAt);
      }
      return user;
    }
    const fresh = fromCache ? (await read(request, reply, false)).response : response;
    return fresh ? toCurrentUser(fresh.user) : null;
  }

  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/auth/') || !request.headers.cookie) return;
    request.user = await currentUser(request, reply);
  };
}
