import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PublicConfigResponse } from '../../../shared/api';
import type { Config } from '../../config';
import type { Db } from '../../db/database';

/** GET /api/health (checks the database too) and GET /api/config/public (what the web app may know). */
export async function healthRoutes(
  app: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  app.get('/api/health', async (_request, reply) => {
    try {
      await sql`select 1`.execute(db.kysely);
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  app.get('/api/config/public', async (): Promise<PublicConfigResponse> => ({
    oidc: config.oidc ? { label: config.oidc.label } : null,
    supportEmail: config.contact.supportEmail,
    supportPhone: config.contact.supportPhone,
  }));
}
