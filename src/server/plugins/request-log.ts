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
      { req: request, res: reply, responseTime: reply.elapsedTime },
      'request completed',
    );
  }
}
