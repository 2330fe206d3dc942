import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  outboxMessage,
  outboxQuery,
  outboxResponse,
  type OutboxItem,
} from '../../../shared/notifications';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { requireUser } from '../../auth/guards';
import { json, refusals } from '../../openapi/route-schema';
import * as mail from '../mail/mail.service';
import { assertOperator } from './operator.policy';

const toItem = (r: mail.MailRow): OutboxItem => ({
  id: r.id,
  kind: r.kind,
  to: r.to_address,
  subject: r.subject,
  status: r.status,
  attempts: Number(r.attempts),
  lastError: r.last_error,
  createdAt: r.created_at,
  sentAt: r.sent_at,
});

/**
 * The operator's outbox: every message Markwise queued, sent or gave up on, and each one whole.
 * Only for the instance's operators (OPERATOR_EMAILS, address confirmed); 404 for anyone else.
 */
export async function operatorRoutes(
  fastify: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['email'];

  app.get(
    '/api/operator/mail',
    {
      schema: {
        summary: 'The outbox (operators only)',
        description:
          'The newest messages (queued, sent or failed), optionally of one status, and how many there are of each.',
        tags,
        querystring: outboxQuery,
        response: { 200: json(outboxResponse, 'The messages'), ...refusals(400, 401, 404) },
      },
    },
    async (request) => {
      assertOperator(config, requireUser(request));
      const list = await mail.outboxList(db.kysely, request.query);
      return { messages: list.messages.map(toItem), counts: list.counts };
    },
  );

  app.get(
    '/api/operator/mail/:id',
    {
      schema: {
        summary: 'One message of the outbox (operators only)',
        tags,
        params: z.object({ id: z.string().max(100) }),
        response: { 200: json(outboxMessage, 'The message'), ...refusals(401, 404) },
      },
    },
    async (request) => {
      assertOperator(config, requireUser(request));
      const row = await mail.outboxMessage(db.kysely, request.params.id);
      if (!row) throw notFound('No such message.');
      return { ...toItem(row), text: row.text_body, html: row.html_body };
    },
  );
}
