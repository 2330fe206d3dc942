import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';

/** The one error kind the server throws on purpose: a status, a stable snake_case code and a message for people. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found.') => new AppError(404, 'not_found', message);
export const forbidden = (message = 'You are not allowed to do that.') =>
  new AppError(403, 'forbidden', message);
export const unauthorized = (message = 'Please log in.') =>
  new AppError(401, 'unauthorized', message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const badRequest = (message: string, details?: unknown) =>
  new AppError(400, 'validation_failed', message, details);

const fastifyCodes: Record<number, string> = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  406: 'not_acceptable',
  413: 'file_too_large',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
};

/** The 400 reply for refused fields: one message naming each field, and the fields in `details`. */
function validationFailed(details: Array<{ path: string; message: string }>) {
  const message = details.map((d) => (d.path ? `${d.path}: ${d.message}` : d.message)).join('; ');
  return { error: { code: 'validation_failed', message, details } };
}

/** Installs the single error handler: every failure leaves as `{error: {code, message, details?}}`; 5xx hide their internals. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError | AppError | ZodError, request, reply) => {
    if (err instanceof AppError) {
      return reply
        .status(err.status)
        .send({ error: { code: err.code, message: err.message, details: err.details } });
    }
    if (err instanceof ZodError) {
      const details = err.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      return reply.status(400).send(validationFailed(details));
    }
    // A route's declared params, query or body refused by its zod schema: the same reply.
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: v.instancePath.split('/').filter(Boolean).join('.'),
        message: v.message ?? 'Invalid value.',
      }));
      return reply.status(400).send(validationFailed(details));
    }
    const status = err.statusCode && err.statusCode >= 400 ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send({
        error: {
          code: 'internal_error',
          message: 'Something went wrong on our side. Please try again.',
        },
      });
    }
    const code = fastifyCodes[status] ?? 'bad_request';
    const message = status === 413 ? 'File size exceeds 500kb limit.' : err.message;
    return reply.status(status).send({ error: { code, message } });
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({
      error: {
        code: 'not_found',
        message: `No route for ${request.method} ${request.url.split('?')[0]}.`,
      },
    });
  });
}
