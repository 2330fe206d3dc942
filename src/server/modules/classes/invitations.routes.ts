import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { invitationParams, invitationView, joinClassResponse } from '../../../shared/classes';
import { requireRole } from '../../auth/guards';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import { json, refusals } from '../../openapi/route-schema';
import { acceptInvitation, viewInvitation } from './invitations.service';

const tags = ['classes'];

/** /api/invitations/:token: what an emailed invitation is for, and accepting it. */
export async function invitationRoutes(
  fastify: FastifyInstance,
  opts: { db: Db; config: Pick<Config, 'publicUrl'> },
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = opts.db.kysely;
  const limit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

  app.get(
    '/api/invitations/:token',
    {
      schema: {
        summary: 'An invitation',
        description:
          'Signed in. The class it is for. 404 `invitation_not_found` for an unknown link, 410 `invitation_expired` for an expired one.',
        tags,
        params: invitationParams,
        response: {
          200: json(invitationView, 'The invitation'),
          ...refusals(401, 403, 404, 410, 429),
        },
      },
      config: limit,
    },
    async (request) => {
      requireRole(request, 'teacher', 'student');
      return viewInvitation(db, request.params.token);
    },
  );

  app.post(
    '/api/invitations/:token/accept',
    {
      schema: {
        summary: 'Join the class of an invitation',
        description:
          'Students only. The link works once (for the student who uses it first; again for her is harmless, 409 `invitation_used` for anyone else) and lets a removed student back in. 404 unknown, 410 expired, 409 `class_archived`.',
        tags,
        params: invitationParams,
        response: {
          200: json(joinClassResponse, 'The class joined'),
          ...refusals(401, 403, 404, 409, 410, 429),
        },
      },
      config: limit,
    },
    async (request) => {
      const user = requireRole(request, 'teacher', 'student');
      return acceptInvitation(db, user, request.params.token, opts.config.publicUrl);
    },
  );
}
