import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { MAX_FILE_BYTES } from '../shared/limits';
import { auth as authPlugin } from './auth/auth-plugin';
import { resolveAuthSecret } from './auth/auth-secret';
import { createAuth, type Auth, type PasswordHashing } from './auth/better-auth';
import { crossSite } from './auth/origin-check';
import { SessionChanges } from './auth/session-changes';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type Db } from './db/database';
import { registerErrorHandler } from './errors';
import { ArrivalReader, type ArrivalReaderOptions } from './jobs/read-on-arrival';
import { createGrading, type Grading, type GradingOptions } from './jobs/grading';
import { scheduledTasks } from './jobs/scheduled-tasks';
import { Scheduler } from './jobs/scheduler';
import {
  createMailSender,
  type MailSender,
  type MailSenderOptions,
} from './modules/mail/mail.service';
import { passwordResetLimits } from './modules/password-reset/password-reset.routes';
import { createResetPasswordMailer } from './modules/password-reset/password-reset.service';
import { createVerificationMailer } from './modules/notifications/verification-mail';
import { createNotifier, type Notifier } from './modules/notifications/notifications.service';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { operatorRoutes } from './modules/operator/operator.routes';
import { SandboxPool, type SandboxPoolOptions } from './sandbox/sandbox-pool';
import { evaluationRoutes } from './modules/evaluations/evaluations.routes';
import { assignmentRoutes } from './modules/assignments/assignments.routes';
import { classRoutes } from './modules/classes/classes.routes';
import { invitationRoutes } from './modules/classes/invitations.routes';
import { maskRepliesForOwner } from './modules/marks/anonymity.service';
import { avatarRoutes } from './modules/avatars/avatars.routes';
import { calendarRoutes } from './modules/calendar/calendar.routes';
import { lateWorkRoutes } from './modules/assignments/late-work.routes';
import { contactRoutes } from './modules/contact/contact.routes';
import { healthRoutes } from './modules/health/health.routes';
import { marksRoutes } from './modules/marks/marks.routes';
import { publishingRoutes } from './modules/marks/publishing.routes';
import { meRoutes } from './modules/me/me.routes';
import { noticeRoutes } from './modules/notices/notices.routes';
import { regradeRoutes } from './modules/regrades/regrades.routes';
import { rubricRoutes } from './modules/rubric/rubric.routes';
import { acceptedAnswerRoutes } from './modules/accepted-answers/accepted-answers.routes';
import { pageMarkRoutes } from './modules/page-marks/page-marks.routes';
import { answerGroupRoutes } from './modules/answer-groups/answer-groups.routes';
import { mathsReviewRoutes } from './modules/maths-review/maths-review.routes';
import { similarityRoutes } from './modules/similarity/similarity.routes';
import { submissionRoutes } from './modules/submissions/submissions.routes';
import { openapi } from './openapi/openapi';
import { security } from './plugins/security';
import { OneLineRequestLog } from './plugins/request-log';
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
  /** Reads answers handed in unread (scans nobody previewed) as they arrive; null off the workers. */
  arrivals: ArrivalReader | null;
  /** Reader processes for untrusted files (upload checks, reading answers, grading). */
  pool: SandboxPool;
  /** The loop that delivers queued mail (SMTP, or DATA_DIR/outbox). */
  mail: MailSender;
  /** Queues the emails people may turn off (new assignment, reminders, receipts, marks…). */
  notify: Notifier;
  /** Scheduled work: publishing at the deadline, reminders, archiving (jobs/scheduled-tasks.ts). */
  scheduler: Scheduler;
}

/** Builds the whole server from a config: database (migrated), auth, every route, the SPA. Call app.close() to release all. */
export async function buildApp(
  config: Config,
  opts: {
    logger?: boolean;
    grading?: GradingOptions;
    /** Reader pool options other than the configured ones (tests watch memory more often, share readers). */
    pool?: Pick<SandboxPoolOptions, 'memoryPollMs' | 'spare'>;
    /** Called for every route as it is registered (the route-contract test walks them). */
    onRoute?: (route: RouteOptions) => void;
    /** Password hashing other than better-auth's scrypt (tests reuse one real hash per password). */
    passwordHashing?: PasswordHashing;
    /** How the mail sender polls and backs off (tests retry in milliseconds). */
    mail?: MailSenderOptions;
    /** How often answers handed in unread are looked for (tests look more often). */
    arrivals?: Pick<ArrivalReaderOptions, 'pollMs'>;
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
    logController: new OneLineRequestLog(),
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
  // Answers nobody has read yet are read as they arrive, where grading work runs.
  const arrivals =
    config.gradingWorker && config.readOnArrival
      ? new ArrivalReader({ db, store, pool, reading, log: app.log, ...opts.arrivals })
      : null;
  const mail = createMailSender(config, db, app.log, opts.mail);
  const secret = resolveAuthSecret(config);
  const notify = createNotifier(config, secret, mail);
  // Made once the routes' dependencies are; stopped first on close.
  const later: { scheduler?: Scheduler } = {};
  app.addHook('onClose', async () => {
    await later.scheduler?.stop();
    await mail.stop();
    await arrivals?.stop();
    await grading.stop();
    await pool.close();
    await db.kysely.destroy();
  });
  await migrateToLatest(db.kysely);
  const changes = new SessionChanges(config.sessionCacheSeconds);
  const auth = createAuth(
    config,
    db,
    secret,
    changes,
    opts.passwordHashing,
    createResetPasswordMailer(config, db, mail),
    createVerificationMailer(db, mail),
  );

  registerErrorHandler(app);
  await app.register(security, { config });
  await app.register(crossSite, { config });
  await app.register(cookie);
  await app.register(openapi, { config });
  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 3, fields: 20, fieldSize: 100_000 },
  });
  await app.register(passwordResetLimits, { config });
  await app.register(authPlugin, { auth, config, changes });
  await app.register(healthRoutes, { db, config });
  await app.register(avatarRoutes);
  await app.register(meRoutes, { db, config });
  await app.register(storage, { db, store, config });
  const stopGrading = (assignmentId: string) => grading.cancel(assignmentId);
  const checker = { pool, reading };
  // What the services that read an assignment's questions need (marks, rubric, regrades…).
  const papers = { db, store, checker, notify };
  const scheduler = new Scheduler({
    db,
    log: app.log,
    tickMs: config.scheduleTickMs,
    tasks: scheduledTasks(papers),
  });
  later.scheduler = scheduler;

  maskRepliesForOwner(app, db.kysely);
  await app.register(assignmentRoutes, { db, store, config, checker, stopGrading, notify });
  await app.register(lateWorkRoutes, { db });
  await app.register(submissionRoutes, {
    ...papers,
    config,
    arrived: () => arrivals?.arrived(),
  });
  await app.register(evaluationRoutes, {
    ...papers,
    queued: (runId, trx) => grading.queued(runId, trx),
    resumed: (runId, trx) => grading.resumed(runId, trx),
    stopGrading,
  });
  await app.register(marksRoutes, papers);
  await app.register(publishingRoutes, papers);
  await app.register(rubricRoutes, papers);
  await app.register(acceptedAnswerRoutes, papers);
  await app.register(similarityRoutes, papers);
  await app.register(pageMarkRoutes, papers);
  await app.register(answerGroupRoutes, papers);
  await app.register(mathsReviewRoutes, {
    ...papers,
    queued: (runId, trx) => grading.queued(runId, trx),
  });
  await app.register(regradeRoutes, papers);
  await app.register(noticeRoutes, papers);
  await app.register(contactRoutes, { db, config });
  await app.register(calendarRoutes, { db, config });
  await app.register(notificationRoutes, { db, secret });
  await app.register(operatorRoutes, { db, config });
  await app.register(classRoutes, { db, config, mail });
  await app.register(invitationRoutes, { db, config });
  await app.register(spa, { dir: config.staticDir });
  app.addHook('onReady', async () => {
    await grading.start();
    arrivals?.start();
    mail.start();
    // Scheduled work runs where grading work runs (on PostgreSQL, one process at a time).
    if (config.gradingWorker) scheduler.start();
  });
  return { app, db, auth, config, store, grading, arrivals, pool, mail, notify, scheduler };
}
