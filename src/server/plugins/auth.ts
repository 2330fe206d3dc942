import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { betterAuth } from 'better-auth';
import { fromNodeHeaders } from 'better-auth/node';
import { genericOAuth } from 'better-auth/plugins';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { cleanPersonName, personName, type Role } from '../../shared/api';
import type { Config } from '../config';
import type { Db } from '../db/database';
import { AppError, forbidden, unauthorized } from '../errors';

/** The signed-in user as every route sees it; the role is read from the database on each request. */
export interface CurrentUser {
  id: string;
  name: string;
  email: string;
  image: string | null;
  role: Role | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth plugin for every /api request that carries a valid session cookie. */
    user: CurrentUser | null;
  }
}

/** Provider id of the configured OpenID Connect sign-in ("Sign in with Google" or a school's own). */
export const OIDC_PROVIDER_ID = 'oidc';

/** better-auth endpoints that take a person's name, checked before better-auth sees them. */
const NAMED_PATHS = new Set(['/api/auth/sign-up/email', '/api/auth/update-user']);

/** Refuses a name that is too long or holds control characters (better-auth takes any string). */
function checkName(body: unknown) {
  if (!body || typeof body !== 'object' || !('name' in body)) return;
  const parsed = personName.safeParse((body as { name: unknown }).name);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError(400, 'invalid_name', message, [{ path: 'name', message }]);
  }
}

const times = { createdAt: 'created_at', updatedAt: 'updated_at' };

/** Makes the better-auth instance: email + password, optional generic OIDC, sessions in our database. */
export function createAuth(config: Config, db: Db, secret: string) {
  return betterAuth({
    appName: 'Markwise',
    baseURL: config.publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: config.trustedOrigins,
    telemetry: { enabled: false },
    database: { db: db.kysely, type: db.dialect },
    // autoSignIn stays on: with it off better-auth hides duplicate emails, and the spec names them.
    emailAndPassword: { enabled: true, minPasswordLength: 6, maxPasswordLength: 128 },
    user: {
      fields: { emailVerified: 'email_verified', ...times },
      additionalFields: { role: { type: 'string', required: false, input: false } },
    },
    session: {
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
        },
      },
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

export type Auth = ReturnType<typeof createAuth>;

const SEED_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 10-character letters-and-digits string, as the spec's generated avatar uses. */
export function randomSeed(length = 10): string {
  const bytes = crypto.randomBytes(length);
  return Array.from(bytes, (b) => SEED_ALPHABET[b % SEED_ALPHABET.length]).join('');
}

/** Address of the avatar image generated from a seed (served by the avatars route, no third party). */
export const avatarUrl = (seed: string) => `/api/avatars/${seed}.svg`;

/** The signing secret: AUTH_SECRET, or one generated once and kept in DATA_DIR so sessions survive restarts. */
export function resolveAuthSecret(config: Config): string {
  if (config.authSecret) return config.authSecret;
  const file = path.join(config.dataDir, 'auth-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(config.dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  }
}

/** Headers for better-auth: the node headers plus the client address Fastify resolved (proxy-aware). */
function authHeaders(request: FastifyRequest): Headers {
  const headers = fromNodeHeaders(request.headers);
  headers.set('x-markwise-client-ip', request.ip);
  return headers;
}

async function authPlugin(app: FastifyInstance, opts: { auth: Auth; config: Config }) {
  const { auth, config } = opts;
  app.decorateRequest('user', null);

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    config: { rawAuth: true },
    async handler(request, reply) {
      const url = new URL(request.url, config.publicUrl);
      if (NAMED_PATHS.has(url.pathname)) checkName(request.body);
      const hasBody = request.method === 'POST' && request.body !== undefined;
      const response = await auth.handler(
        new Request(url, {
          method: request.method,
          headers: authHeaders(request),
          body: hasBody ? JSON.stringify(request.body) : undefined,
        }),
      );
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
      });
      const cookies = response.headers.getSetCookie();
      if (cookies.length) reply.header('set-cookie', cookies);
      return reply.send(response.body ? Buffer.from(await response.arrayBuffer()) : null);
    },
  });

  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (request.url.startsWith('/api/auth/') || !request.headers.cookie) return;
    const session = await auth.api.getSession({ headers: authHeaders(request) });
    if (!session) return;
    const u = session.user as typeof session.user & { role?: string | null };
    request.user = {
      id: u.id,
      name: u.name,
      email: u.email,
      image: u.image ?? null,
      role: u.role === 'teacher' || u.role === 'student' ? u.role : null,
    };
  });
}

export const authRoutes = fp(authPlugin, { name: 'auth' });

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
