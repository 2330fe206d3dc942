import { z } from 'zod';
import { personName } from '../../shared/api';
import { MIN_PASSWORD_LENGTH } from '../../shared/limits';

/**
 * The better-auth endpoints the web app uses, written into the OpenAPI document by hand: they
 * are served by better-auth's own handler (`/api/auth/*`), which validates its bodies itself
 * and answers errors as `{code, message}` rather than our `{error: {…}}`.
 */

const user = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  image: z.string().nullable(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const password = z.string().min(MIN_PASSWORD_LENGTH).max(128);
const betterAuthError = z.object({ code: z.string(), message: z.string() });

const schema = (s: z.ZodType, io: 'input' | 'output' = 'output') => {
  const { $schema: _drop, ...rest } = z.toJSONSchema(s, { io, unrepresentable: 'any' });
  return rest;
};
const jsonBody = (s: z.ZodType) => ({
  required: true,
  content: { 'application/json': { schema: schema(s, 'input') } },
});
const reply = (description: string, s: z.ZodType) => ({
  description,
  content: { 'application/json': { schema: schema(s) } },
});

const refused = {
  '400': reply('Refused; better-auth’s code and message', betterAuthError),
  '403': reply('A write from an untrusted Origin', betterAuthError),
  '429': reply(`Too many attempts a minute from this address (LOGIN_RATE_LIMIT)`, betterAuthError),
};

type Operation = Record<string, unknown>;

const op = (summary: string, description: string, rest: Operation): Operation => ({
  tags: ['accounts'],
  summary,
  description,
  security: [],
  responses: {},
  ...rest,
});

/** Path items for /api/auth/…, merged into the generated document. */
export function betterAuthPaths(): Record<string, { post: Operation }> {
  return {
    '/api/auth/sign-up/email': {
      post: op('Create an account', 'Signs the new user in: the reply sets the session cookie.', {
        requestBody: jsonBody(z.object({ name: personName, email: z.email(), password })),
        responses: {
          '200': reply('Created and signed in', z.object({ token: z.string().nullable(), user })),
          ...refused,
          '422': reply('The email is taken (USER_ALREADY_EXISTS)', betterAuthError),
        },
      }),
    },
    '/api/auth/sign-in/email': {
      post: op('Sign in', 'Sets the session cookie that every other endpoint reads.', {
        requestBody: jsonBody(
          z.object({ email: z.email(), password, rememberMe: z.boolean().optional() }),
        ),
        responses: {
          '200': reply('Signed in', z.object({ redirect: z.boolean(), token: z.string(), user })),
          '401': reply('Wrong email or password (INVALID_EMAIL_OR_PASSWORD)', betterAuthError),
          ...refused,
        },
      }),
    },
    '/api/auth/sign-out': {
      post: op('Sign out', 'Ends the session and clears its cookie.', {
        security: [{ session: [] }],
        responses: { '200': reply('Signed out', z.object({ success: z.boolean() })), ...refused },
      }),
    },
    '/api/auth/update-user': {
      post: op('Change your name', 'The name is 1–100 characters without control characters.', {
        security: [{ session: [] }],
        requestBody: jsonBody(z.object({ name: personName })),
        responses: {
          '200': reply('Changed', z.object({ status: z.boolean() })),
          '401': reply('Not signed in', betterAuthError),
          ...refused,
        },
      }),
    },
    '/api/auth/request-password-reset': {
      post: op(
        'Ask for a password reset email',
        'The same answer whether or not an account uses the address; only an account gets the email, whose link (PUBLIC_URL/reset-password?token=…) works once and for one hour.',
        {
          requestBody: jsonBody(z.object({ email: z.email() })),
          responses: {
            '200': reply(
              'Accepted (an email is queued when an account uses the address)',
              z.object({ status: z.boolean(), message: z.string() }),
            ),
            ...refused,
            '429': reply(
              'Too many requests for this address or from this client within the hour (PASSWORD_RESET_RATE_LIMIT): code too_many_reset_requests, in `{error: {code, message}}`',
              z.object({ error: betterAuthError }),
            ),
          },
        },
      ),
    },
    '/api/auth/reset-password': {
      post: op(
        'Set a new password',
        'With the token from the reset email. Ends every session of the account.',
        {
          requestBody: jsonBody(z.object({ token: z.string(), newPassword: password })),
          responses: {
            '200': reply('Changed', z.object({ status: z.boolean() })),
            ...refused,
            '400': reply(
              'A used, expired or unknown token (INVALID_TOKEN), or a password outside 6–128 characters',
              betterAuthError,
            ),
          },
        },
      ),
    },
    '/api/auth/sign-in/social': {
      post: op(
        'Start an external sign-in',
        'Only when OIDC_ISSUER is configured: answers with the provider’s address to go to.',
        {
          requestBody: jsonBody(
            z.object({
              provider: z.literal('oidc'),
              callbackURL: z.string(),
              errorCallbackURL: z.string().optional(),
            }),
          ),
          responses: {
            '200': reply(
              'Where to send the browser',
              z.object({ url: z.string(), redirect: z.boolean() }),
            ),
            ...refused,
          },
        },
      ),
    },
  };
}
