import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '../shared/limits';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { registerErrorHandler } from './errors';
import { createGrading, type Grading, type GradingOptions } from './jobs/grading';
import { SandboxPool } from './sandbox/sandbox-pool';
import { evaluationRoutes } from './modules/evaluations/evaluations.routes';
import { assignmentRoutes } from './modules/assignments/assignments.routes';
import { avatarRoutes } from './modules/avatars/avatars.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { meRoutes } from './modules/me/me.routes';
import { noticeRoutes } from './modules/notices/notices.routes';
import { regradeRoutes } from './modules/regrades/regrades.routes';
import { reviewRoutes } from './modules/review/review.routes';
import { authRoutes, createAuth, resolveAuthSecret, type Auth } from './plugins/auth';
import { openapi } from './openapi/openapi';
import { crossSite } from './plugins/cross-site';
import { security } from './plugins/security';
import { spa } from './plugins/spa';
import { createFileStore, storage } from './plugins/storage';
import type { FileStore } from './storage/file-store';

/** What buildApp made besides the Fastify instance, for tests and the process entry point. */
export interface AppContext {
  app: FastifyInstance;
  db: Db;
  auth: Auth;
  config: Config;
  store: FileStore;
  grading: Grading;
  /** Reader processes for untrusted files (upload checks, reading answers, grading). */
  pool: SandboxPool;
}

/** Builds the whole server from a config: database (migrated), auth, every route, the SPA. Call app.close() to release all. */
export async function buildApp(
  config: Config,
  opts: {
    logger?: boolean;
    grading?: GradingOptions;
    /** Reader pool options other than the configured ones (tests watch memory more often). */
    pool?: { memoryPollMs?: number };
    /** Called for every route as it is registered (the route-contract test walks them). */
    onRoute?: (route: RouteOptions) => void;
  } = {},
): Promise<AppContext> {
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : { level: config.logLevel, redact: ['req.headers.cookie', 'req.headers.authorization'] },
    // A hop count n means: believe X-Forwarded-For entries added by the n proxies nearest to us.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
  });
  if (opts.onRoute) app.addHook('onRoute', opts.onRoute);
  // Routes declare zod schemas: they validate requests and serialise (and trim) replies.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const db = openDatabase(config.database, (err) =>
    app.log.warn({ err }, 'a pooled database connection failed; it will be replaced'),
  );
  const store = createFileStore(config, app.log);
  const { reading } = config;
  const pool = new SandboxPool({
    size: reading.processes,
    memoryMb: reading.memoryMb,
    ...opts.pool,
  });
  const grading = createGrading(config, { db, store, log: app.log, pool }, opts.grading);
  app.addHook('onClose', async () => {
    await grading.stop();
    await pool.close();
    await db.kysely.destroy();
  });
  await migrateToLatest(db.kysely);
  const auth = createAuth(config, db, resolveAuthSecret(config));

  registerErrorHandler(app);
  await app.register(security, { config });
  await app.register(crossSite, { config });
  await app.register(cookie);
  await app.register(openapi, { config });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 3, fields: 20, fieldSize: 100_000 },
  });
  await app.register(authRoutes, { auth, config });
  await app.register(healthRoutes, { db, config });
  await app.register(avatarRoutes);
  await app.register(meRoutes, { db });
  await app.register(storage, { db, store, config });
  const stopGrading = (assignmentId: string) => grading.cancel(assignmentId);
  const checker = { pool, reading };
  await app.register(assignmentRoutes, { db, store, config, checker, stopGrading });
  await app.register(evaluationRoutes, {
    db,
    store,
    checker,
    queued: (runId, trx) => grading.queued(runId, trx),
    stopGrading,
  });
  await app.register(reviewRoutes, { db, store, checker });
  await app.register(regradeRoutes, { db, store, checker });
  await app.register(noticeRoutes, { db, store, checker });
  await app.register(contactRoutes, { db, config });
  await app.register(spa, { dir: config.staticDir });
  app.addHook('onReady', async () => grading.start());
  return { app, db, auth, config, store, grading, pool };
}
