import type { FastifyInstance } from 'fastify';
import { chooseRoleBody, meResponse, type MeResponse } from '../../../shared/api';
import { messages } from '../../../shared/messages';
import type { Db } from '../../db/database';
import { conflict } from '../../errors';
import { requireUser } from '../../plugins/auth';
import { setRoleOnce } from './me.repository';

/** GET /api/me and PUT /api/me/role: who is signed in, and the one-time choice of role. */
export async function meRoutes(app: FastifyInstance, { db }: { db: Db }) {
  app.get('/api/me', async (request): Promise<MeResponse> =>
    meResponse.parse(requireUser(request)),
  );

  app.put('/api/me/role', async (request) => {
    const user = requireUser(request);
    const { role } = chooseRoleBody.parse(request.body);
    if (!(await setRoleOnce(db.kysely, user.id, role))) {
      throw conflict('role_already_chosen', messages.roleAlreadyChosen);
    }
    return meResponse.parse({ ...user, role });
  });
}
