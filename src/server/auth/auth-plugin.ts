import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { authRoutes } from './auth-routes';
import type { Auth } from './better-auth';
import type { SessionChanges } from './session-changes';
import { sessionHook } from './session-hook';

/** Accounts: the better-auth endpoints and the hook that puts the signed-in user on each request. */
async function authPlugin(
  app: FastifyInstance,
  opts: { auth: Auth; config: Config; changes: SessionChanges },
) {
  app.decorateRequest('user', null);
  app.addHook('onRequest', sessionHook(opts.auth, opts.changes));
  await app.register(authRoutes, opts);
}

export const auth = fp(authPlugin, { name: 'auth' });
