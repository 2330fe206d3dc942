import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Fastify's request logging with one line per request instead of two: "request completed"
 * carries the request (method, address, client) beside the status and the time. Writing the
 * "incoming request" line as well cost about as much as answering a small route. Errors are
 * logged as Fastify logs them.
 */
export class OneLineRequestLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
  ): void {
    if (error || this.isLogDisabled(request)) {
      super.requestCompleted(error, request, reply);
      return;
    }
    reply.log.info(
      { req: withoutSecrets(request), res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}

/** A calendar feed's address is its key: the log keeps `/api/calendar/…` without the token. */
const SECRET_PATH = /^(\/api\/calendar\/)[^/?#]+/;

/**
 * The request as Fastify's `req` serializer reads it (method, url, headers, host, ip, socket),
 * with a secret in its path replaced by "…".
 */
function withoutSecrets(request: FastifyRequest) {
  if (!SECRET_PATH.test(request.url)) return request;
  const { method, headers, host, ip, socket } = request;
  return { method, url: request.url.replace(SECRET_PATH, '$1…'), headers, host, ip, socket };
}
