import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { authRoutes } from './auth-routes';
import type { Auth } from './better-auth';
import type { SessionChanges } from './session-changes';
import { sessionHook } from './session-hook';
import { VerifiedSessions } from './verified-sessions';

/** Accounts: the better-auth endpoints and the hook that puts the signed-in user on each request. */
async function authPlugin(
  app: FastifyInstance,
  opts: { auth: Auth; config: Config; changes: SessionChanges },
) {
  const { authCookies } = await opts.auth.$context;
  app.decorateRequest('user', null);
  app.addHook(
    'onRequest',
    sessionHook({
      auth: opts.auth,
      changes: opts.changes,
      verified: new VerifiedSessions(),
      cookieNames: { token: authCookies.sessionToken.name, data: authCookies.sessionData.name },
    }),
  );
  await app.register(authRoutes, { ...opts, dataCookie: authCookies.sessionData.name });
}

// The session hook reads request.cookies, which @fastify/cookie parses.
export const auth = fp(authPlugin, { name: 'auth', dependencies: ['@fastify/cookie'] });
