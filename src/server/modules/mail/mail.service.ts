import crypto from 'node:crypto';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import { nowIso, type Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { renderMail, type MailContent } from './mail.layout';
import {
  claimNextMail,
  deleteFinishedMailBefore,
  countPendingMail,
  findMail,
  hasDueMail,
  mailCounts,
  newestMail,
  insertMail,
  mailTo,
  markMailAttemptFailed,
  markMailSent,
  type MailRow,
} from './mail.repository';
import { outboxTransport, smtpTransport, type MailTransport } from './mail.transport';

export { PRODUCT_NAME, type MailContent } from './mail.layout';
export type { MailRow } from './mail.repository';

/** The folder messages are written to when no SMTP server is configured. */
export const outboxDir = (config: Pick<Config, 'dataDir'>) => path.join(config.dataDir, 'outbox');

/**
 * Queues one message: written to the mail queue (in `db`, which may be the caller's transaction)
 * and sent later by the sender loop. Nothing here talks to a mail server, so a request that
 * queues mail is never slowed or failed by one.
 */
export async function queueMail(
  db: Kysely<Database>,
  message: {
    kind: string;
    to: string;
    content: MailContent;
    /** The one-click unsubscribe address for the List-Unsubscribe header (RFC 8058). */
    oneClickUnsubscribe?: string;
  },
): Promise<{ id: string }> {
  const id = crypto.randomUUID();
  const { subject, text, html } = renderMail(message.content);
  await insertMail(db, {
    id,
    kind: message.kind,
    to_address: message.to,
    subject,
    text_body: text,
    html_body: html,
    created_at: nowIso(),
    unsubscribe_url: message.oneClickUnsubscribe ?? null,
  });
  return { id };
}

/** How many messages wait to be sent (queued, due or waiting for a retry). */
export const pendingMail = (db: Kysely<Database>): Promise<number> => countPendingMail(db);

/** The queued messages to one address, newest first. */
export const mailToAddress = (db: Kysely<Database>, address: string): Promise<MailRow[]> =>
  mailTo(db, address);

/** The newest messages of the queue (for the operator's outbox page) and counts by status. */
export async function outboxList(
  db: Kysely<Database>,
  opts: { status?: MailRow['status']; limit: number },
) {
  return { messages: await newestMail(db, opts), counts: await mailCounts(db) };
}

/** One message of the queue, whole. */
export const outboxMessage = (db: Kysely<Database>, id: string) => findMail(db, id);

export interface MailSenderOptions {
  /** How often the queue is looked at for due messages besides the wake-ups after queueing. */
  pollMs?: number;
  /** The wait after the first failed attempt; it doubles after each further one. */
  retryBaseMs?: number;
  /** The longest wait between two attempts. */
  retryMaxMs?: number;
  /** Attempts before a message is marked failed. */
  maxAttempts?: number;
  /** How long a sender holds a message it is sending before another may take it. */
  claimMs?: number;
  /** Sent and failed messages older than this are removed (hourly, and at start). */
  keepMs?: number;
  /** Messages sent at once (each on its own pooled SMTP connection). */
  concurrency?: number;
}

/** How long sent and failed messages stay in the queue table by default. */
export const KEEP_FINISHED_MAIL_DAYS = 30;

/** How long stop() waits for the message being sent before leaving it to its lapsing claim. */
const STOP_WAIT_MS = 5_000;

/** The loop that delivers queued mail, in the server process. */
export interface MailSender {
  readonly transport: 'smtp' | 'outbox';
  start(): void;
  /** Looks at the queue now (called after queueing). */
  wake(): void;
  /** Resolves once no message is due (those waiting for a retry are not waited for). */
  drained(): Promise<void>;
  /** Stops the loop after the message being sent, if any; queued mail waits for the next start. */
  stop(): Promise<void>;
}

/**
 * Makes the sender: over SMTP when `config.mail.smtpUrl` is set, else into DATA_DIR/outbox. A
 * failed attempt is tried again after a back-off (retryBaseMs doubling, at most retryMaxMs),
 * and after maxAttempts the message is marked failed with the error kept.
 */
export function createMailSender(
  config: Pick<Config, 'mail' | 'dataDir'>,
  db: Db,
  log: FastifyBaseLogger,
  opts: MailSenderOptions = {},
): MailSender {
  const pollMs = opts.pollMs ?? 5_000;
  const retryBaseMs = opts.retryBaseMs ?? 30_000;
  const retryMaxMs = opts.retryMaxMs ?? 60 * 60_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const claimMs = opts.claimMs ?? 2 * 60_000;
  const keepMs = opts.keepMs ?? KEEP_FINISHED_MAIL_DAYS * 24 * 60 * 60_000;
  const concurrency = opts.concurrency ?? 4;
  let prunedAt = 0;
  const transport: MailTransport = config.mail.smtpUrl
    ? smtpTransport(config.mail.smtpUrl, concurrency)
    : outboxTransport(outboxDir(config));
  let started = false;
  let stopping = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;

  async function sendOne(row: MailRow): Promise<void> {
    try {
      await transport.send({
        id: row.id,
        from: config.mail.from,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        date: new Date(row.created_at),
        unsubscribeUrl: row.unsubscribe_url,
      });
    } catch (err) {
      const attempts = row.attempts + 1;
      const error = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
      const wait = Math.min(retryBaseMs * 2 ** (attempts - 1), retryMaxMs);
      const retryAt = attempts < maxAttempts ? new Date(Date.now() + wait).toISOString() : null;
      log.warn(
        { mailId: row.id, kind: row.kind, attempts, retryAt, reason: error },
        retryAt ? 'mail not sent; will try again' : 'mail not sent; giving up',
      );
      await markMailAttemptFailed(db.kysely, row.id, { attempts, error, retryAt });
      return;
    }
    await markMailSent(db.kysely, row.id, nowIso());
    log.info({ mailId: row.id, kind: row.kind, via: transport.kind }, 'mail sent');
  }

  async function prune(): Promise<void> {
    if (Date.now() - prunedAt < 60 * 60_000) return;
    prunedAt = Date.now();
    const removed = await deleteFinishedMailBefore(
      db.kysely,
      new Date(Date.now() - keepMs).toISOString(),
    );
    if (removed) log.info({ removed }, 'removed old sent and failed mail from the queue');
  }

  async function drain(): Promise<void> {
    await prune();
    // Several loops take messages side by side; a claim is taken by one of them only.
    const loop = async () => {
      for (;;) {
        if (stopping) return;
        const now = Date.now();
        const row = await claimNextMail(
          db.kysely,
          new Date(now).toISOString(),
          new Date(now + claimMs).toISOString(),
        );
        if (!row) return;
        await sendOne(row);
      }
    };
    do {
      again = false;
      await Promise.all(Array.from({ length: concurrency }, loop));
    } while (again && !stopping);
  }

  function tick(): void {
    if (stopping || !started) return;
    if (running) {
      again = true;
      return;
    }
    clearTimeout(timer);
    running = drain()
      .catch((err: unknown) => log.error({ err }, 'the mail sender failed; it tries again'))
      .finally(() => {
        running = undefined;
        if (!stopping) timer = setTimeout(tick, pollMs);
      });
  }

  return {
    transport: transport.kind,
    start() {
      if (started) return;
      started = true;
      log.info(
        { via: transport.kind, ...(transport.kind === 'outbox' ? { dir: outboxDir(config) } : {}) },
        'mail sender started',
      );
      tick();
    },
    wake() {
      setImmediate(tick);
    },
    async drained() {
      for (;;) {
        tick();
        if (running) await running;
        if (stopping || !(await hasDueMail(db.kysely, nowIso()))) return;
      }
    },
    async stop() {
      stopping = true;
      clearTimeout(timer);
      // A hung mail server must not hold up the shutdown: its message is tried again once
      // its claim lapses.
      let wait: NodeJS.Timeout | undefined;
      await Promise.race([
        running,
        new Promise((resolve) => {
          wait = setTimeout(resolve, STOP_WAIT_MS);
        }),
      ]);
      clearTimeout(wait);
      transport.close();
    },
  };
}
