import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noticesResponse, readNoticesBody } from '../../../shared/review';
import { nowIso } from '../../db/database';
import { bodyRefusals, json, noContent, refusals } from '../../openapi/route-schema';
import { requireUser } from '../../plugins/auth';
import { publishDue } from '../review/publishing.service';
import type { ReviewDeps } from '../review/questions.service';

/** A missing body marks every notice read, as `{}` does. */
const readBody = z.preprocess((body) => body ?? {}, readNoticesBody);

/**
 * In-app notices: a student hears when marks are published or changed and when a regrade
 * request is answered. Reading them first publishes what is due at a passed deadline, so the
 * notice is there even before the assignment is opened.
 */
export async function noticeRoutes(fastify: FastifyInstance, deps: ReviewDeps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = deps.db.kysely;
  const tags = ['notices'];

  const listSchema = {
    summary: 'Your newest 50 notices',
    description: 'Publishes first what is due at a passed deadline, so its notice is there.',
    tags,
    response: { 200: json(noticesResponse, 'Notices and the unread count'), ...refusals(401) },
  };
  app.get('/api/notices', { schema: listSchema }, async (request, reply) => {
    const user = requireUser(request);
    const due = await db
      .selectFrom('assignment')
      .innerJoin('enrollment', 'enrollment.assignment_id', 'assignment.id')
      .innerJoin('user as teacher', 'teacher.id', 'assignment.teacher_id')
      .selectAll('assignment')
      .select('teacher.name as teacher_name')
      .where('enrollment.student_id', '=', user.id)
      .where('assignment.auto_publish', '=', 1)
      .where('assignment.deadline', '<', nowIso())
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('submission')
            .select('submission.id')
            .whereRef('submission.assignment_id', '=', 'assignment.id')
            .where('submission.student_id', '=', user.id)
            .where('submission.marks', 'is not', null)
            .where('submission.published', 'is', null),
        ),
      )
      .execute();
    for (const assignment of due) await publishDue(deps, assignment);
    const rows = await db
      .selectFrom('notice')
      .innerJoin('assignment', 'assignment.id', 'notice.assignment_id')
      .select([
        'notice.id',
        'notice.kind',
        'notice.text',
        'notice.created_at',
        'notice.read_at',
        'assignment.code',
        'assignment.title',
      ])
      .where('notice.user_id', '=', user.id)
      .orderBy('notice.created_at', 'desc')
      .limit(50)
      .execute();
    reply.header('cache-control', 'no-store');
    return {
      notices: rows.map((r) => ({
        id: r.id,
        assignmentCode: r.code,
        assignmentTitle: r.title,
        kind: r.kind,
        text: r.text,
        createdAt: r.created_at,
        read: r.read_at !== null,
      })),
      unread: rows.filter((r) => r.read_at === null).length,
    };
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
    const { ids } = request.body;
    let q = db
      .updateTable('notice')
      .set({ read_at: nowIso() })
      .where('user_id', '=', user.id)
      .where('read_at', 'is', null);
    if (ids) q = q.where('id', 'in', ids.length ? ids : ['']);
    await q.execute();
    return reply.status(204).send();
  });
}
