import type { IncomingMessage, ServerResponse } from 'node:http';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config';

/** Helmet's options for Markwise: a strict CSP for the SPA, HSTS only behind HTTPS. */
function helmetOptions(config: Config): HelmetOptions {
  const oidcOrigin = config.oidc ? new URL(config.oidc.issuer).origin : undefined;
  return {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        objectSrc: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'", ...(oidcOrigin ? [oidcOrigin] : [])],
        upgradeInsecureRequests: config.publicUrl.startsWith('https://') ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: config.publicUrl.startsWith('https://'),
  };
}

/**
 * The headers helmet sets with these options, worked out once: they never depend on the
 * request, and building helmet's middleware for every request (what @fastify/helmet does)
 * cost about as much as answering a request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * Security headers on every response (a strict CSP for the SPA) and the rate limiter that routes
 * opt into. API answers are one user's data: no browser or proxy may keep them (`no-store`),
 * unless a route says otherwise (an avatar, the OpenAPI document).
 */
async function securityPlugin(app: FastifyInstance, { config }: { config: Config }) {
  const headers = securityHeaders(helmetOptions(config));
  const apiHeaders = { ...headers, 'cache-control': 'no-store' };
  app.addHook('onRequest', (request, reply, done) => {
    void reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    done();
  });
  await app.register(rateLimit, { global: false });
}

export const security = fp(securityPlugin, { name: 'security' });
