import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { calendarLinkResponse, calendarLinkState } from '../../../shared/calendar';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { notFound } from '../../errors';
import { requireUser } from '../../auth/guards';
import { binary, json, publicRoute, refusals } from '../../openapi/route-schema';
import * as calendar from './calendar.service';

/**
 * The secret calendar link of each user (GET and POST /api/me/calendar-link) and the feed it
 * points to (GET /api/calendar/<token>.ics), which calendar apps fetch without a session.
 */
export async function calendarRoutes(
  fastify: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['assignments'];

  app.get(
    '/api/me/calendar-link',
    {
      schema: {
        summary: 'Whether you have a calendar link',
        description:
          'The link itself is shown only when it is made; this says since when one exists.',
        tags,
        response: {
          200: json(calendarLinkState, 'When the link was made, or null'),
          ...refusals(401),
        },
      },
    },
    async (request) => calendar.calendarLinkState(db.kysely, requireUser(request).id),
  );

  app.post(
    '/api/me/calendar-link',
    {
      schema: {
        summary: 'Make a new calendar link',
        description:
          'A new secret address of your due-dates feed, shown this once; any older link stops working at once.',
        tags,
        response: { 200: json(calendarLinkResponse, 'The new link'), ...refusals(401, 403) },
      },
    },
    async (request) =>
      calendar.newCalendarLink(db.kysely, requireUser(request).id, config.publicUrl),
  );

  app.get(
    '/api/calendar/:file',
    {
      schema: {
        summary: 'A calendar feed of due dates',
        description:
          'iCalendar (RFC 5545): one event at the exact moment (UTC) of each due date of the assignments the link’s owner teaches or has joined. No session: the secret link is the key. An unknown link is 404 and says nothing more.',
        tags,
        ...publicRoute,
        params: z.object({ file: z.string().describe('`<token>.ics`') }),
        response: { 200: binary(['text/calendar'], 'The feed'), ...refusals(404) },
      },
    },
    async (request, reply) => {
      const token = request.params.file.replace(/\.ics$/, '');
      const feed =
        request.params.file.endsWith('.ics') &&
        (await calendar.calendarFeed(db.kysely, token, config.publicUrl));
      if (!feed) throw notFound();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(feed);
    },
  );
}
