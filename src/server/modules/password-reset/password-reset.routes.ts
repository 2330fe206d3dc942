import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { messages } from '../../../shared/messages';
import type { Config } from '../../config';
import { AppError } from '../../errors';
import { RequestLimiter } from './request-limiter';

/** better-auth's endpoint that sends the reset email. */
export const REQUEST_RESET_PATH = '/api/auth/request-password-reset';

/** better-auth's endpoint that sends the address verification email again. */
export const SEND_VERIFICATION_PATH = '/api/auth/send-verification-email';

const HOUR = 60 * 60 * 1000;

/**
 * Limits password reset requests, and requests for the verification email again, before
 * better-auth sees them: `config.mail.resetRateLimit` per email address per hour, whether the
 * address has an account or not (so the limit tells nothing about it), and ten times that per
 * client address, each endpoint counted on its own. One address cannot be flooded with emails.
 */
async function passwordResetLimitsPlugin(app: FastifyInstance, { config }: { config: Config }) {
  const limiters = (message: string) => ({
    perAddress: new RequestLimiter(HOUR, config.mail.resetRateLimit),
    perClient: new RequestLimiter(HOUR, config.mail.resetRateLimit * 10),
    code: message === messages.tooManyResetRequests ? 'too_many_reset_requests' : 'too_many_emails',
    message,
  });
  const limited = new Map([
    [REQUEST_RESET_PATH, limiters(messages.tooManyResetRequests)],
    [SEND_VERIFICATION_PATH, limiters(messages.tooManyVerificationEmails)],
  ]);
  app.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST') return;
    const pathname = new URL(request.url, 'http://markwise').pathname.replace(/\/+$/, '');
    const limits = limited.get(decodeURIComponent(pathname));
    if (!limits) return;
    const { perAddress, perClient } = limits;
    const email = (request.body as { email?: unknown } | undefined)?.email;
    const checks = [perClient.hit(request.ip)];
    if (typeof email === 'string') checks.push(perAddress.hit(email.trim().toLowerCase()));
    const refused = checks.find((c) => !c.allowed);
    if (refused && !refused.allowed) {
      reply.header('retry-after', String(refused.retryAfterSeconds));
      throw new AppError(429, limits.code, limits.message);
    }
  });
}

export const passwordResetLimits = fp(passwordResetLimitsPlugin, { name: 'password-reset-limits' });
