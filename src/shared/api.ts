import { z } from 'zod';
import { MAX_NAME_LENGTH } from './limits';
import { messages } from './messages';

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
  /** Whether the address was confirmed through the emailed link (the dashboard asks until it is). */
  emailVerified: z.boolean(),
  /** GET /api/me only: whether this is one of the instance's operators (OPERATOR_EMAILS). */
  operator: z.boolean().optional(),
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

/** GET /api/health: `ok` when the server and its database answer (200), `unavailable` otherwise (503). */
export const healthResponse = z.object({ status: z.enum(['ok', 'unavailable']) });
export type HealthResponse = z.infer<typeof healthResponse>;

/** The body of every error response. */
export const errorResponse = z.object({
  error: z.object({
    code: z.string().describe('Stable snake_case code, e.g. validation_failed'),
    message: z.string().describe('What went wrong, in words for people'),
    details: z
      .unknown()
      .optional()
      .describe('For refused fields: a list of {path, message}, one per field'),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponse>;

/** Control characters (C0, DEL, C1) and Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** A person's name as sign-up and profile updates take it: trimmed, 1–100 characters, no control characters. */
export const personName = z
  .string({ error: messages.nameRequired })
  .trim()
  .min(1, messages.nameRequired)
  .max(MAX_NAME_LENGTH, messages.nameTooLong)
  .refine((s) => !CONTROL.test(s), messages.nameControlCharacters);

/** A name from elsewhere (an identity provider) made acceptable: control characters out, at most 100 characters. */
export const cleanPersonName = (name: string) =>
  name
    .replace(new RegExp(CONTROL.source, 'g'), ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
