import type { FastifyRequest } from 'fastify';
import type { Role } from '../../shared/api';
import { forbidden, unauthorized } from '../errors';
import type { CurrentUser } from './current-user';

/** The signed-in user, or a 401. */
export function requireUser(request: FastifyRequest): CurrentUser {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** The signed-in user holding one of the given roles, or a 401/403. */
export function requireRole<R extends Role>(
  request: FastifyRequest,
  ...roles: R[]
): CurrentUser & { role: R } {
  const user = requireUser(request);
  if (!user.role || !roles.includes(user.role as R)) {
    throw forbidden(
      user.role ? `Only ${roles.join(' or ')}s can do that.` : 'Choose your role first.',
    );
  }
  return user as CurrentUser & { role: R };
}
