import { z } from 'zod';

/** The two roles a user picks once on /role. */
export const roles = ['teacher', 'student'] as const;
export const role = z.enum(roles);
export type Role = z.infer<typeof role>;

/** GET /api/me: who is signed in; `role` is null until chosen. */
export const meResponse = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  role: role.nullable(),
});
export type MeResponse = z.infer<typeof meResponse>;

/**
 * GET /api/session: the same user as /api/me, or null when signed out. Always 200, so the web app
 * can ask "who is here?" on public pages without a failed request in the browser's console.
 */
export const sessionResponse = z.object({ user: meResponse.nullable() });
export type SessionResponse = z.infer<typeof sessionResponse>;

/** PUT /api/me/role body. */
export const chooseRoleBody = z.object({ role });
export type ChooseRoleBody = z.infer<typeof chooseRoleBody>;

/** GET /api/config/public: what the web app needs to know about this deployment. */
export const publicConfigResponse = z.object({
  oidc: z.object({ label: z.string() }).nullable(),
  supportEmail: z.string(),
  supportPhone: z.string(),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponse>;

/** The body of every error response. */
export const errorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;
