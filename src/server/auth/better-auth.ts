import { betterAuth } from 'better-auth';
import { genericOAuth } from 'better-auth/plugins';
import { cleanPersonName } from '../../shared/api';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { avatarUrl, randomSeed } from '../modules/avatars/avatar-seed';
import { VERIFY_LINK_SECONDS } from '../modules/notifications/verification-mail';
import { RESET_LINK_SECONDS } from '../modules/password-reset/password-reset.service';
import type { SessionChanges } from './session-changes';

/** Provider id of the configured OpenID Connect sign-in ("Sign in with Google" or a school's own). */
export const OIDC_PROVIDER_ID = 'oidc';

const times = { createdAt: 'created_at', updatedAt: 'updated_at' };

/** How passwords are hashed and checked; better-auth's scrypt unless a caller (the tests) passes its own. */
export interface PasswordHashing {
  hash(password: string): Promise<string>;
  verify(data: { hash: string; password: string }): Promise<boolean>;
}

/** Queues the email that carries a password reset link (modules/password-reset). */
export type SendResetPassword = (
  user: { email: string; name: string },
  token: string,
) => Promise<void>;

/** Queues the email that carries an address verification link (modules/notifications). */
export type SendVerificationEmail = (
  user: { email: string; name: string },
  url: string,
) => Promise<void>;

/**
 * Makes the better-auth instance: email + password, optional generic OIDC, sessions in our
 * database, and a signed copy of the session in a cookie for `config.sessionCacheSeconds`
 * (see session-hook.ts for when it is trusted). Ended sessions and changed users are reported
 * to `changes`. `passwordHashing` replaces better-auth's own (the tests reuse one real hash).
 * `sendResetPassword` turns on "Forgot password?" (request-password-reset, reset-password);
 * `sendVerificationEmail` sends a link to confirm the address at sign-up and on request
 * (send-verification-email, verify-email). Signing in does not wait for it.
 */
export function createAuth(
  config: Config,
  db: Db,
  secret: string,
  changes: SessionChanges,
  passwordHashing?: PasswordHashing,
  sendResetPassword?: SendResetPassword,
  sendVerificationEmail?: SendVerificationEmail,
) {
  return betterAuth({
    appName: 'Markwise',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: { db: db.kysely, type: db.dialect },
    // autoSignIn stays on: with it off better-auth hides duplicate emails, and the spec names them.
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      ...(passwordHashing ? { password: passwordHashing } : {}),
      // Forgot password: the email's link opens our "Set a new password" page with the token,
      // which works once (better-auth consumes it) and for an hour; a reset ends every session.
      ...(sendResetPassword
        ? {
            sendResetPassword: ({
              user,
              token,
            }: {
              user: { email: string; name: string };
              token: string;
            }) => sendResetPassword(user, token),
            resetPasswordTokenExpiresIn: RESET_LINK_SECONDS,
            revokeSessionsOnPasswordReset: true,
            onPasswordReset: async ({ user }: { user: { id: string } }) => changes.mark(user.id),
          }
        : {}),
    },
    // Verified addresses: a link at sign-up and on "Resend"; sign-in does not require it (a
    // student must not be kept from a deadline by a slow mail server), the dashboard asks for it.
    // No sign-in from the link: whoever holds a forwarded email would get the account.
    ...(sendVerificationEmail
      ? {
          emailVerification: {
            sendOnSignUp: true,
            autoSignInAfterVerification: false,
            expiresIn: VERIFY_LINK_SECONDS,
            sendVerificationEmail: ({
              user,
              url,
            }: {
              user: { email: string; name: string };
              url: string;
            }) => sendVerificationEmail(user, url),
          },
        }
      : {}),
    user: {
      fields: { emailVerified: 'email_verified', ...times },
      additionalFields: { role: { type: 'string', required: false, input: false } },
    },
    session: {
      // The signed (HMAC-SHA256) session and user in the session_data cookie: reads within its
      // lifetime skip the database. 0 turns it off.
      cookieCache: {
        enabled: config.sessionCacheSeconds > 0,
        maxAge: config.sessionCacheSeconds,
        strategy: 'compact',
      },
      fields: {
        expiresAt: 'expires_at',
        ipAddress: 'ip_address',
        userAgent: 'user_agent',
        userId: 'user_id',
        ...times,
      },
    },
    account: {
      fields: {
        accountId: 'account_id',
        providerId: 'provider_id',
        userId: 'user_id',
        accessToken: 'access_token',
        refreshToken: 'refresh_token',
        idToken: 'id_token',
        accessTokenExpiresAt: 'access_token_expires_at',
        refreshTokenExpiresAt: 'refresh_token_expires_at',
        ...times,
      },
      // A provider sign-in never joins a password account: password emails are not verified, so
      // linking would hand an account to whoever registered the address first. The callback
      // then redirects with ?error=account_not_linked, which the forms explain.
      accountLinking: {
        enabled: true,
        trustedProviders: [OIDC_PROVIDER_ID],
        requireLocalEmailVerified: true,
      },
    },
    verification: { fields: { expiresAt: 'expires_at', ...times } },
    databaseHooks: {
      user: {
        create: {
          before: async (user) => ({
            data: {
              ...user,
              name: cleanPersonName(user.name ?? '') || 'Markwise user',
              image: user.image || avatarUrl(randomSeed()),
            },
          }),
        },
        update: {
          before: async (user) => ({
            data:
              typeof user.name === 'string' ? { ...user, name: cleanPersonName(user.name) } : user,
          }),
          after: async (user) => changes.mark(user.id),
        },
        delete: { after: async (user) => changes.mark(user.id) },
      },
      // Sign-out, revoking a session (one, the others, all) and deleting the user all end here.
      session: { delete: { after: async (session) => changes.mark(session.userId) } },
    },
    rateLimit: {
      enabled: true,
      storage: 'memory',
      window: 60,
      max: 200,
      customRules: {
        '/sign-in/email': { window: 60, max: config.loginRateLimit },
        '/sign-up/email': { window: 60, max: config.loginRateLimit },
        // Starting a provider sign-in: the same allowance instead of better-auth's 3 per 10 s.
        '/sign-in/social': { window: 60, max: config.loginRateLimit },
        // Per client, instead of better-auth's 3 per minute; password-reset.routes.ts also
        // limits each email address and each client per hour.
        '/request-password-reset': { window: 60, max: config.loginRateLimit },
        '/send-verification-email': { window: 60, max: config.loginRateLimit },
      },
    },
    advanced: {
      useSecureCookies: config.publicUrl.startsWith('https://'),
      ipAddress: { ipAddressHeaders: ['x-markwise-client-ip'] },
    },
    plugins: config.oidc
      ? [
          genericOAuth({
            config: [
              {
                providerId: OIDC_PROVIDER_ID,
                discoveryUrl: `${config.oidc.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`,
                clientId: config.oidc.clientId,
                clientSecret: config.oidc.clientSecret,
                scopes: ['openid', 'email', 'profile'],
                pkce: true,
              },
            ],
          }),
        ]
      : [],
  });
}

/** The better-auth instance the server uses. */
export type Auth = ReturnType<typeof createAuth>;
