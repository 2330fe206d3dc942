import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../shared/messages';
import type { Config } from '../config';
import { forbidden } from '../errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether a state-changing request comes from another site: the browser says so
 * (`Sec-Fetch-Site: cross-site`), or its Origin, or failing that its Referer, is not one of ours.
 * A request with none of these (curl, a script, a test) is not a browser's cross-site request.
 */
export function isCrossSite(request: FastifyRequest, trusted: Set<string>): boolean {
  if (request.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = request.headers.origin;
  if (origin !== undefined) return !trusted.has(origin);
  const referer = request.headers.referer;
  return referer !== undefined && !trusted.has(originOf(referer) ?? 'invalid');
}

/**
 * Refuses cross-site writes on every route with a 403, before anything else runs. SameSite=Lax
 * keeps the session cookie off most of them already; this also stops the ones it lets through
 * (top-level POST navigations within two minutes of sign-in, sibling sites).
 */
async function crossSitePlugin(app: FastifyInstance, { config }: { config: Config }) {
  const trusted = new Set(config.trustedOrigins);
  app.addHook('onRequest', async (request) => {
    if (!SAFE_METHODS.has(request.method) && isCrossSite(request, trusted)) {
      throw forbidden(messages.crossSiteRefused);
    }
  });
}

export const crossSite = fp(crossSitePlugin, { name: 'cross-site' });
