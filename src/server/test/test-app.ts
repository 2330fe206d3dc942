import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { Role } from '../../shared/api';
import { buildApp, type AppContext } from '../app';
import { loadConfig, type Config } from '../config';
import { reusedPasswordHashing } from './password-hashing';
import { migratedTemplate, urlOf } from './postgres-template';
import { sharedReaders } from './shared-readers';

/** The database dialects route and repository tests run on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const dialects: Array<'sqlite' | 'postgres'> = process.env.TEST_DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

/** Origin the test app trusts; better-auth refuses writes without a trusted Origin header. */
export const TEST_ORIGIN = 'http://markwise.test';

export interface TestApp extends AppContext {
  dataDir: string;
  close(): Promise<void>;
  /** Closes this app (keeping its database and files) and starts a new one on the same data, as a server restart does. */
  restart(appOpts?: AppOptions): Promise<TestApp>;
}

type AppOptions = NonNullable<Parameters<typeof buildApp>[1]>;

/**
 * A new PostgreSQL database on the TEST_DATABASE_URL server, empty or a copy of `template`;
 * drop() removes it.
 */
export async function createPostgresDatabase(
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `markwise_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  await admin.end();
  return {
    url: urlOf(name),
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** A real app on a fresh database (SQLite file or a new PostgreSQL database) and a temporary DATA_DIR. */
export async function buildTestApp(
  dialect: 'sqlite' | 'postgres' = 'sqlite',
  env: Record<string, string> = {},
  appOpts: AppOptions = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'markwise-test-'));
  // A copy of a migrated database with pg-boss installed: what this app would build on start.
  const database =
    dialect === 'postgres' ? await createPostgresDatabase(await migratedTemplate()) : undefined;
  const config: Config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'no-web'),
    LOGIN_RATE_LIMIT: '1000',
    UPLOAD_RATE_LIMIT: '1000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const open = async (opts: AppOptions): Promise<TestApp> => {
    const ctx = await buildApp(config, {
      logger: false,
      passwordHashing: reusedPasswordHashing,
      ...opts,
      grading: { pollMs: 100, ...opts.grading },
      pool: { spare: sharedReaders(), ...opts.pool },
    });
    return {
      ...ctx,
      dataDir,
      async close() {
        await ctx.app.close();
        await database?.drop();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
      async restart(next: AppOptions = {}) {
        await ctx.app.close();
        return open(next);
      },
    };
  };
  return open(appOpts);
}

/** The folder of a test app's local file store (the default); throws for an S3 one. */
export function localFilesDir(t: Pick<TestApp, 'config'>): string {
  if (t.config.files.kind !== 'local') throw new Error('this test app keeps its files in S3');
  return t.config.files.dir;
}

/** A signed-in test user: its id and the Cookie header to send. */
export interface TestUser {
  id: string;
  name: string;
  email: string;
  cookie: string;
}

/** A GET as the user (their session cookie), through the app in process. */
export const getAs = (t: Pick<TestApp, 'app'>, url: string, user: TestUser) =>
  t.app.inject({ url, headers: { cookie: user.cookie } });

/** Signs a new user up through the real auth endpoints (which signs them in) and sets the role when given. */
export async function signUp(
  t: Pick<TestApp, 'app'>,
  opts: { name?: string; email?: string; password?: string; role?: Role | null } = {},
): Promise<TestUser> {
  const name = opts.name ?? 'Test User';
  const email = opts.email ?? `user-${crypto.randomBytes(5).toString('hex')}@example.com`;
  const password = opts.password ?? 'secret123';
  const headers = { origin: TEST_ORIGIN };
  const up = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers,
    payload: { name, email, password },
  });
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
  // Sign-up signs the user in (better-auth's autoSignIn): its session cookie is the one to use,
  // and a second sign-in would only hash the password again (sign-in.test.ts tests signing in).
  const cookie = up.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const id = (up.json() as { user: { id: string } }).user.id;
  if (opts.role !== null) {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/me/role',
      headers: { cookie },
      payload: { role: opts.role ?? 'student' },
    });
    if (res.statusCode !== 200) throw new Error(`choosing the role failed: ${res.body}`);
  }
  return { id, name, email, cookie };
}

/** Signs in with email and password and returns the session Cookie header. */
export async function signIn(
  t: Pick<TestApp, 'app'>,
  email: string,
  password: string,
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/**
 * A test app on `dialect` with a teacher already signed up in it, for a describe block's
 * beforeAll: `({ t, teacher } = await buildTeacherApp(dialect))`, then `afterAll(() => t.close())`.
 */
export async function buildTeacherApp(
  dialect: 'sqlite' | 'postgres',
  teacher: { name?: string } = {},
): Promise<{ t: TestApp; teacher: TestUser }> {
  const t = await buildTestApp(dialect);
  return { t, teacher: await signUp(t, { ...teacher, role: 'teacher' }) };
}
