// Many end-to-end and scale-out tests need signed-in users only to get to what they test. Signing
// up over HTTP makes the server hash each password (about 100 ms of CPU); here better-auth's own
// sign-up runs in the test process, on the server's database and with its secret, hashing the
// one test password once (see password-hashing.ts). The cookies it returns work on that server.
import { resolveAuthSecret } from '../auth/auth-secret';
import { createAuth } from '../auth/better-auth';
import { SessionChanges } from '../auth/session-changes';
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { reusedPasswordHashing } from './password-hashing';

/** A cookie a signed-in user's browser holds. */
export interface SessionCookie {
  name: string;
  value: string;
}

/** better-auth's email sign-up, called in this process against a running server's database. */
export interface DirectSignUp {
  /** Signs a user up (as POST /api/auth/sign-up/email does) and returns their id and session cookies. */
  signUp(user: {
    name: string;
    email: string;
    password?: string;
  }): Promise<{ id: string; cookies: SessionCookie[]; cookie: string }>;
  close(): Promise<void>;
}

/** The name and value of a Set-Cookie header. */
function cookieOf(setCookie: string): SessionCookie {
  const pair = setCookie.split(';')[0]!;
  const at = pair.indexOf('=');
  return { name: pair.slice(0, at), value: pair.slice(at + 1) };
}

/**
 * Opens the database of the server that runs with `env` (DATABASE_URL or DATA_DIR, PUBLIC_URL,
 * AUTH_SECRET when it has one) and better-auth on it, configured as that server's is.
 */
export function directSignUp(env: Record<string, string>): DirectSignUp {
  const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', ...env });
  const db = openDatabase(config.database);
  const changes = new SessionChanges(config.sessionCacheSeconds);
  const secret = resolveAuthSecret(config);
  const auth = createAuth(config, db, secret, changes, reusedPasswordHashing);
  return {
    async signUp({ name, email, password = 'secret123' }) {
      const { headers, response } = await auth.api.signUpEmail({
        body: { name, email, password },
        returnHeaders: true,
      });
      const cookies = headers.getSetCookie().map(cookieOf);
      const cookie = cookies.map((c) => `${c.name}=${c.value}`).join('; ');
      return { id: response.user.id, cookies, cookie };
    },
    close: () => db.kysely.destroy(),
  };
}
