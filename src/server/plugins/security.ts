import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';

/** Security headers (a strict CSP for the SPA) and the rate limiter that routes opt into. */
async function securityPlugin(app: FastifyInstance, { config }: { config: Config }) {
  const oidcOrigin = config.oidc ? new URL(config.oidc.issuer).origin : undefined;
  await app.register(helmet, {
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
  });
  await app.register(rateLimit, { global: false });
}

export const security = fp(securityPlugin, { name: 'security' });
