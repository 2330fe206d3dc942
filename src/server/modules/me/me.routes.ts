import type { FastifyInstance } from 'fastify';
import {
  chooseRoleBody,
  meResponse,
  sessionResponse,
  type MeResponse,
  type SessionResponse,
} from '../../../shared/api';
import { messages } from '../../../shared/messages';
import type { Db } from '../../db/database';
import { conflict } from '../../errors';
import { requireUser } from '../../auth/guards';
import { setRoleOnce } from './me.repository';

/**
 * GET /api/me and PUT /api/me/role: who is signed in, and the one-time choice of role; GET
 * /api/session answers the same question without a 401 for visitors who are not signed in.
 */
export async function meRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/me', async (request): Promise<MeResponse> =>
    meResponse.parse(requireUser(request)),
  );

  app.get('/api/session', async (request, reply): Promise<SessionResponse> => {
    void reply.header('cache-control', 'no-store');
    return sessionResponse.parse({ user: request.user });
  });

  app.put('/api/me/role', async (request) => {
    const user = requireUser(request);
    const { role } = chooseRoleBody.parse(request.body);
    if (!(await setRoleOnce(db.kysely, user.id, role))) {
      throw conflict('role_already_chosen', messages.roleAlreadyChosen);
    }
    return meResponse.parse({ ...user, role });
  });
}
