import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { chooseRoleBody, meResponse, sessionResponse } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { isOperator } from '../operator/operator.policy';
import { conflict } from '../../errors';
import { bodyRefusals, json, publicRoute, refusals } from '../../openapi/route-schema';
import { requireUser } from '../../auth/guards';
import { setRoleOnce } from './me.repository';

/**
 * GET /api/me and PUT /api/me/role: who is signed in, and the one-time choice of role; GET
 * /api/session answers the same question without a 401 for visitors who are not signed in.
 */
export async function meRoutes(
  fastify: FastifyInstance,
  { db, config }: { db: Db; config: Config },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['accounts'];

  app.get(
    '/api/me',
    {
      schema: {
        summary: 'Who is signed in',
        description:
          '`role` is null until chosen; `operator` says whether the outbox is yours to read.',
        tags,
        response: { 200: json(meResponse, 'The signed-in user'), ...refusals(401) },
      },
    },
    async (request) => {
      const user = requireUser(request);
      return { ...user, operator: isOperator(config, user) };
    },
  );

  app.get(
    '/api/session',
    {
      schema: {
        summary: 'Who is here, if anyone',
        description: 'Like GET /api/me, but `{"user": null}` instead of a 401 for a visitor.',
        tags,
        ...publicRoute,
        response: { 200: json(sessionResponse, 'The user, or null'), ...refusals() },
      },
    },
    async (request) => ({
      user: request.user && { ...request.user, operator: isOperator(config, request.user) },
    }),
  );

  app.put(
    '/api/me/role',
    {
      schema: {
        summary: 'Choose your role, once',
        tags,
        body: chooseRoleBody,
        response: {
          200: json(meResponse, 'The user with the role'),
          ...refusals(...bodyRefusals, 401, 403, 409),
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const { role } = request.body;
      if (!(await setRoleOnce(db.kysely, user.id, role))) {
        throw conflict('role_already_chosen', messages.roleAlreadyChosen);
      }
      return { ...user, role };
    },
  );
}
