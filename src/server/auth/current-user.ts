import type { Role } from '../../shared/api';

/** The signed-in user as every route sees it. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role | null;
  emailVerified: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the session hook for every /api request that carries a valid session cookie. */
    user: CurrentUser | null;
  }
}

/** better-auth's user (with our `role` field) as a CurrentUser. */
export function toCurrentUser(u: {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  role?: unknown;
  emailVerified?: unknown;
}): CurrentUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    image: u.image ?? null,
    role: u.role === 'teacher' || u.role === 'student' ? u.role : null,
    emailVerified: u.emailVerified === true || u.emailVerified === 1,
  };
}
