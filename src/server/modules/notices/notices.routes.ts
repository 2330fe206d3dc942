import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticesResponse, readNoticesBody } from '../../../shared/review';
import { bodyRefusals, json, noContent, refusals } from '../../openapi/route-schema';
import { requireUser } from '../../auth/guards';
import type { QuestionDeps } from '../assignments/questions.service';
import { noticesOf, readNotices } from './notices.service';

/** A missing body marks every notice read, as `{}` does. */
const readBody = z.preprocess((body) => body ?? {}, readNoticesBody);

/**
 * In-app notices: a student hears when marks are published or changed and when a regrade
 * request is answered. Reading them first publishes what is due at a passed deadline, so the
 * notice is there even before the assignment is opened.
 */
export async function noticeRoutes(fastify: FastifyInstance, deps: QuestionDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;
  const tags = ['notices'];

  const listSchema = {
    summary: 'Your newest 50 notices',
    tags,
    response: { 200: json(noticesResponse, 'Notices and the unread count'), ...refusals(401) },
  };
  app.get('/api/notices', { schema: listSchema }, async (request) => {
    const user = requireUser(request);
    return noticesOf(db, user.id);
  });

  const readSchema = {
    summary: 'Mark notices read',
    description: 'The ones listed in `ids`, or every unread one when `ids` is absent.',
    tags,
    body: readBody,
    response: { 204: noContent('Marked read'), ...refusals(...bodyRefusals, 401, 403) },
  };
  app.post('/api/notices/read', { schema: readSchema }, async (request, reply) => {
    const user = requireUser(request);
    await readNotices(db, user.id, request.body.ids);
    return reply.status(204).send();
  });
}
