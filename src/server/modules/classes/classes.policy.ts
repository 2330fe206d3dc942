import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { classMessages as m } from '../../../shared/classes';
import { requireRole } from '../../auth/guards';
import type { Database } from '../../db/schema';
import { forbidden } from '../../errors';
import { findClass } from './classes.repository';
import {
  classArchived,
  classNotFound,
  relationToClass,
  type ClassRelation,
} from './classes.service';

/**
 * Who may do what with a class: 'member' (see it: its teachers and students), 'teacher' (its
 * owner and co-teachers: the roster, invitations, removing students), 'owner' (editing,
 * archiving, deleting it, co-teachers).
 */
export type ClassNeed = 'member' | 'teacher' | 'owner';

/**
 * The common start of every /api/classes/:id route: 401 without a session, 403 without a role,
 * 404 for an unknown class or one the user is not in (another teacher, a student who never
 * joined or was removed: the same answer, so ids cannot be probed), 403 when in it but not
 * allowed, and with `writes`, 409 `class_archived` for an archived class.
 */
export async function authoriseClass(
  db: Kysely<Database>,
  request: FastifyRequest & { params: { id: string } },
  need: ClassNeed,
  opts: { writes?: boolean } = {},
) {
  const user = requireRole(request, 'teacher', 'student');
  const c = await findClass(db, request.params.id);
  if (!c) throw classNotFound();
  const relation: ClassRelation = await relationToClass(db, user, c);
  if (relation === 'none') throw classNotFound();
  if (need === 'teacher' && relation === 'student') throw forbidden();
  if (need === 'owner' && relation !== 'owner')
    throw forbidden(relation === 'co-teacher' ? m.ownerOnly : undefined);
  if (opts.writes && c.archived_at) throw classArchived();
  return { user, c, role: relation };
}
