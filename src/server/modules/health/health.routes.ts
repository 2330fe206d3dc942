import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { healthResponse, publicConfigResponse } from '../../../shared/api';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { json, publicRoute, refusals } from '../../openapi/route-schema';

/** GET /api/health (checks the database too) and GET /api/config/public (what the web app may know). */
export async function healthRoutes(
  fastify: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/health',
    {
      schema: {
        summary: 'Whether the server and its database answer',
        tags: ['site'],
        ...publicRoute,
        response: {
          200: json(healthResponse, 'Up: `{"status": "ok"}`'),
          503: json(healthResponse, 'The database does not answer: `{"status": "unavailable"}`'),
          ...refusals(),
        },
      },
    },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(db.kysely);
        return { status: 'ok' as const };
      } catch {
        return reply.status(503).send({ status: 'unavailable' });
      }
    },
  );

  app.get(
    '/api/config/public',
    {
      schema: {
        summary: 'What the web app may know about this deployment',
        tags: ['site'],
        ...publicRoute,
        response: {
          200: json(publicConfigResponse, 'External sign-in label and support contacts'),
          ...refusals(),
        },
      },
    },
    async () => ({
      oidc: config.oidc ? { label: config.oidc.label } : null,
      supportEmail: config.contact.supportEmail,
      supportPhone: config.contact.supportPhone,
    }),
  );
}
