import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { findTesseract, systemModelDir, type TesseractModel } from '../grading/ocr-native';
import { DEFAULT_READ_LIMITS, type ReadLimits } from '../grading/read-limits';
import { filesConfig, filesUrl, storageProblems, type FilesConfig } from './files-config';

/** Turns "", undefined and whitespace into undefined, so optional variables may be left blank. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    schema.optional(),
  );

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const proxyNames = new Set(['loopback', 'linklocal', 'uniquelocal']);
const isProxyAddress = (s: string) => {
  const [ip, prefix, ...rest] = s.split('/');
  return (
    proxyNames.has(s) ||
    (rest.length === 0 && net.isIP(ip!) !== 0 && (prefix === undefined || /^\d{1,3}$/.test(prefix)))
  );
};

/**
 * TRUST_PROXY: whose X-Forwarded-For to believe. `true` (or 1) trusts the one proxy in front,
 * a number that many hops, a list the proxies' addresses; never every hop, which would let a
 * client forge its address in front of a proxy that appends to the header.
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (/^(true|yes)$/i.test(v)) return 1;
    if (/^(false|no)$/i.test(v)) return false;
    if (/^\d+$/.test(v)) return Number(v) || false;
    const list = v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
    if (list.length && list.every(isProxyAddress)) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'must be true, false, a number of proxies, or proxy addresses (IP or CIDR), comma-separated',
    });
    return z.NEVER;
  });

/** MAIL_FROM: an address, or a name and an address ("Markwise <no-reply@school.example>"). */
const mailFrom = z
  .string()
  .trim()
  .refine((v) => {
    const m = /^(?:([^<>\r\n]*?)\s*<([^<>\s]+)>|([^<>\s]+))$/.exec(v);
    const address = m?.[2] ?? m?.[3];
    return address !== undefined && z.email().safeParse(address).success;
  }, 'must be an email address, or a name and an address like "Markwise <no-reply@school.example>"');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
    TRUSTED_ORIGINS: optional(z.string()),
    TRUST_PROXY: optional(trustProxy),
    DATA_DIR: z.string().default('./data'),
    FILES_DIR: optional(z.string()),
    FILES_URL: optional(filesUrl),
    AWS_ENDPOINT_URL_S3: optional(z.url({ protocol: /^https?$/ })),
    AWS_REGION: optional(z.string().regex(/^[a-z0-9-]+$/, 'must be a region name like eu-west-1')),
    AWS_ACCESS_KEY_ID: optional(z.string()),
    AWS_SECRET_ACCESS_KEY: optional(z.string()),
    S3_FORCE_PATH_STYLE: optional(bool),
    DATABASE_URL: optional(
      z
        .string()
        .regex(
          /^(postgres(ql)?:\/\/|sqlite:|file:)/,
          'must start with postgres://, sqlite: or file:',
        ),
    ),
    AUTH_SECRET: optional(z.string().min(32, 'must be at least 32 characters')),
    SESSION_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    DASHBOARD_CACHE_MB: z.coerce.number().min(0).max(4096).default(32),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    OIDC_ISSUER: optional(z.url()),
    OIDC_CLIENT_ID: optional(z.string()),
    OIDC_CLIENT_SECRET: optional(z.string()),
    OIDC_LABEL: z.string().default('Google'),
    LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
    SMTP_URL: optional(
      z.url({
        protocol: /^smtps?$/,
        error:
          'must be an SMTP address like smtp://user:password@mail.example.org:587 (or smtps://)',
      }),
    ),
    MAIL_FROM: optional(mailFrom),
    PASSWORD_RESET_RATE_LIMIT: z.coerce.number().int().min(1).default(3),
    OPERATOR_EMAILS: optional(
      z
        .string()
        .transform((v) =>
          v
            .split(',')
            .map((s) => s.trim().toLowerCase())
            .filter(Boolean),
        )
        .pipe(z.array(z.email('must be email addresses, comma-separated'))),
    ),
    SCHEDULE_TICK_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
    CONTACT_FORWARD_URL: optional(z.url()),
    CONTACT_ACCESS_KEY: optional(z.string()),
    CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
    SUPPORT_EMAIL: z.email().default('support@markwise.example'),
    SUPPORT_PHONE: z.string().default('+91 80 4000 1234'),
    STATIC_DIR: optional(z.string()),
    GRADING_WORKER: optional(bool),
    READ_ON_ARRIVAL: optional(bool),
    GRADING_RUNS: z.coerce.number().int().min(1).max(64).default(4),
    GRADING_CHUNK_SIZE: z.coerce.number().int().min(1).max(1000).default(25),
    GRADING_CHUNK_TIMEOUT_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
    GRADING_RETRY_CHECK_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
    READER_PROCESSES: optional(z.coerce.number().int().min(1).max(256)),
    READER_MEMORY_MB: z.coerce.number().int().min(256).default(1536),
    CHECK_TIMEOUT_SECONDS: z.coerce.number().positive().default(20),
    READ_TIMEOUT_SECONDS: z.coerce.number().positive().default(60),
    PDF_MAX_PAGES: z.coerce.number().int().min(1).default(DEFAULT_READ_LIMITS.maxPages),
    PDF_MAX_IMAGE_MEGAPIXELS: z.coerce
      .number()
      .positive()
      .default(DEFAULT_READ_LIMITS.maxImagePixels / 1e6),
    PDF_MAX_DECODED_MB: z.coerce
      .number()
      .positive()
      .default(DEFAULT_READ_LIMITS.maxDecodedBytes / (1024 * 1024)),
    UPLOAD_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
    OCR_TESSERACT: z
      .string()
      .trim()
      .default('auto')
      .refine((v) => v === 'auto' || v === 'off' || path.isAbsolute(v), {
        message: 'must be auto, off, or the absolute path of the tesseract program',
        abort: true,
      })
      .refine((v) => v === 'auto' || v === 'off' || findTesseract(v) !== null, {
        message: 'does not run as tesseract 4 or later (`tesseract --version`)',
      }),
    OCR_TESSERACT_MODEL: optional(z.enum(['system', 'package'])),
  })
  .superRefine(
    (env, ctx) => {
      const oidc = [env.OIDC_ISSUER, env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET];
      if (oidc.some(Boolean) && !oidc.every(Boolean)) {
        ctx.addIssue({
          code: 'custom',
          path: ['OIDC_ISSUER'],
          message: 'OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together',
        });
      }
      for (const issue of storageProblems(env)) ctx.addIssue({ code: 'custom', ...issue });
      // Checked even when other variables are wrong, so the one error lists every problem.
    },
    { when: () => true },
  );

/** Everything the server reads from its environment, parsed once at start-up. */
export interface Config {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  publicUrl: string;
  trustedOrigins: string[];
  /** Proxies whose X-Forwarded-For is believed: none, a hop count, or their addresses. */
  trustProxy: false | number | string[];
  dataDir: string;
  /** Where uploaded files are kept: FILES_URL (s3:// or file://), else FILES_DIR, else DATA_DIR/files. */
  files: FilesConfig;
  /** Where uploads stream to before they are verified and moved into the store (DATA_DIR/tmp). */
  tmpDir: string;
  database: { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };
  /** Undefined means: read or create `DATA_DIR/auth-secret` (see auth/auth-secret.ts). */
  authSecret?: string;
  /** Lifetime of the signed session cookie cache (0: every request reads the session from the database). */
  sessionCacheSeconds: number;
  /** Memory for dashboard lists kept between requests (0: every list is read afresh). */
  dashboardCacheBytes: number;
  logLevel: string;
  oidc?: { issuer: string; clientId: string; clientSecret: string; label: string };
  loginRateLimit: number;
  mail: {
    /** Where mail is sent (smtp:// or smtps://); without it every message goes to DATA_DIR/outbox. */
    smtpUrl?: string;
    /** The From of every message. */
    from: string;
    /**
     * Password reset (and, separately, verification email) requests allowed per email address per
     * hour, and ten times that per client address.
     */
    resetRateLimit: number;
  };
  /** The instance's operators, by email address (lower case): they may read the outbox. */
  operatorEmails: string[];
  /** How often scheduled work (publishing at the deadline, reminders, archiving) looks for what is due. */
  scheduleTickMs: number;
  contact: {
    forwardUrl?: string;
    accessKey?: string;
    /** Contact form posts allowed per client address per minute. */
    rateLimit: number;
    supportEmail: string;
    supportPhone: string;
  };
  staticDir: string;
  /** Whether this process grades queued runs (turn off on web-only instances of a scaled-out setup). */
  gradingWorker: boolean;
  /**
   * Whether this process, when it grades, also reads answers handed in unread (scans nobody
   * previewed) as they arrive, so Evaluate Now finds them read (jobs/read-on-arrival.ts).
   */
  readOnArrival: boolean;
  /** Runs this process grades side by side (SQLite), or jobs it takes at once (PostgreSQL). */
  gradingRuns: number;
  /** How a run is split into jobs (see docs/operations.md, "Scaling out"). */
  gradingJobs: {
    /** Answers per chunk. */
    chunkSize: number;
    /** A chunk job not finished in this time is given to another worker (its worker died). */
    chunkTimeoutSeconds: number;
    /** How often expired jobs are looked for (pg-boss maintenance). */
    retryCheckSeconds: number;
  };
  /** How untrusted files are read: in reader processes, within these limits. */
  reading: {
    limits: ReadLimits;
    /** Reader processes (default: the number of cores). */
    processes: number;
    /** A reader using more resident memory than this is killed and its file refused. */
    memoryMb: number;
    /** Time to check one uploaded file. */
    checkTimeoutMs: number;
    /** Time to read one file at grading (OCR included). */
    gradeTimeoutMs: number;
    /**
     * The native tesseract program scanned pages are read with (an optional speed-up), or null
     * for tesseract.js: what OCR_TESSERACT finds, checked at start-up. The reader processes read
     * the same variable from the environment they inherit.
     */
    tesseract: string | null;
    /**
     * The directory of that program's own English model when it reads with it
     * (OCR_TESSERACT_MODEL=system and it has one), else null: it reads with the package's.
     */
    tesseractModel: string | null;
  };
  /** Upload attempts (forms with files) per user per minute. */
  uploadRateLimit: number;
}

/** Thrown when the environment is invalid; its message lists every problem at once. */
export class ConfigError extends Error {}

/** The native program's own English model directory, when it is the one it reads with. */
const systemModelOf = (program: string | null, setting: TesseractModel) =>
  program && setting === 'system' ? systemModelDir(program) : null;

/** Reads and validates the environment; fails with the full list of problems. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.') || 'env'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const tesseract = findTesseract(e.OCR_TESSERACT);
  const dataDir = path.resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const url = e.DATABASE_URL;
  const database: Config['database'] =
    url && /^postgres/.test(url)
      ? { kind: 'postgres', url }
      : {
          kind: 'sqlite',
          file: url ? url.replace(/^(sqlite|file):(\/\/)?/, '') : path.join(dataDir, 'markwise.db'),
        };
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    publicUrl,
    trustedOrigins: [
      publicUrl,
      // The default install answers on this machine by either name.
      ...(e.PUBLIC_URL ? [] : [`http://127.0.0.1:${e.PORT}`, `http://[::1]:${e.PORT}`]),
      ...(e.TRUSTED_ORIGINS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    ],
    trustProxy: e.TRUST_PROXY ?? false,
    dataDir,
    files: filesConfig(e, dataDir),
    tmpDir: path.join(dataDir, 'tmp'),
    database,
    authSecret: e.AUTH_SECRET,
    sessionCacheSeconds: e.SESSION_CACHE_SECONDS,
    dashboardCacheBytes: Math.round(e.DASHBOARD_CACHE_MB * 1024 * 1024),
    logLevel: e.LOG_LEVEL,
    oidc:
      e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET
        ? {
            issuer: e.OIDC_ISSUER,
            clientId: e.OIDC_CLIENT_ID,
            clientSecret: e.OIDC_CLIENT_SECRET,
            label: e.OIDC_LABEL,
          }
        : undefined,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    mail: {
      smtpUrl: e.SMTP_URL,
      from: e.MAIL_FROM ?? `Markwise <no-reply@${new URL(publicUrl).hostname}>`,
      resetRateLimit: e.PASSWORD_RESET_RATE_LIMIT,
    },
    operatorEmails: e.OPERATOR_EMAILS ?? [],
    scheduleTickMs: Math.round(e.SCHEDULE_TICK_SECONDS * 1000),
    contact: {
      forwardUrl: e.CONTACT_FORWARD_URL,
      accessKey: e.CONTACT_ACCESS_KEY,
      rateLimit: e.CONTACT_RATE_LIMIT,
      supportEmail: e.SUPPORT_EMAIL,
      supportPhone: e.SUPPORT_PHONE,
    },
    staticDir: path.resolve(e.STATIC_DIR ?? 'dist/web'),
    gradingWorker: e.GRADING_WORKER ?? true,
    readOnArrival: e.READ_ON_ARRIVAL ?? true,
    gradingRuns: e.GRADING_RUNS,
    gradingJobs: {
      chunkSize: e.GRADING_CHUNK_SIZE,
      chunkTimeoutSeconds: e.GRADING_CHUNK_TIMEOUT_SECONDS,
      retryCheckSeconds: e.GRADING_RETRY_CHECK_SECONDS,
    },
    reading: {
      limits: {
        ...DEFAULT_READ_LIMITS,
        maxPages: e.PDF_MAX_PAGES,
        maxImagePixels: Math.round(e.PDF_MAX_IMAGE_MEGAPIXELS * 1e6),
        maxDecodedBytes: Math.round(e.PDF_MAX_DECODED_MB * 1024 * 1024),
      },
      processes: e.READER_PROCESSES ?? os.availableParallelism(),
      memoryMb: e.READER_MEMORY_MB,
      checkTimeoutMs: e.CHECK_TIMEOUT_SECONDS * 1000,
      gradeTimeoutMs: e.READ_TIMEOUT_SECONDS * 1000,
      tesseract,
      tesseractModel: systemModelOf(tesseract, e.OCR_TESSERACT_MODEL ?? 'system'),
    },
    uploadRateLimit: e.UPLOAD_RATE_LIMIT,
  };
}
