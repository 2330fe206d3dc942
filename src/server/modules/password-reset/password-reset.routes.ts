import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../../shared/messages';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { RequestLimiter } from './request-limiter';

/** better-auth's endpoint that sends the reset email. */
export const REQUEST_RESET_PATH = '/api/auth/request-password-reset';

const HOUR = 60 * 60 * 1000;

/**
 * Limits password reset requests before better-auth sees them: `config.mail.resetRateLimit` per
 * email address per hour, whether the address has an account or not (so the limit tells nothing
 * about it), and ten times that per client address. One address cannot be flooded with emails.
 */
async function passwordResetLimitsPlugin(app: FastifyInstance, { config }: { config: Config }) {
  const perAddress = new RequestLimiter(HOUR, config.mail.resetRateLimit);
  const perClient = new RequestLimiter(HOUR, config.mail.resetRateLimit * 10);
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const pathname = new URL(request.url, 'http://markwise').pathname.replace(/\/+$/, '');
    if (decodeURIComponent(pathname) !== REQUEST_RESET_PATH) return;
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const checks = [perClient.hit(request.ip)];
    if (typeof email === 'string') checks.push(perAddress.hit(email.trim().toLowerCase()));
    const refused = checks.find((c) => !c.allowed);
    if (refused && !refused.allowed) {
      reply.header('retry-after', String(refused.retryAfterSeconds));
      throw new AppError(429, 'too_many_reset_requests', messages.tooManyResetRequests);
    }
  });
}

export const passwordResetLimits = fp(passwordResetLimitsPlugin, { name: 'password-reset-limits' });
