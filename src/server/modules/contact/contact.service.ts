import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ContactBody } from '../../../shared/contact';
import type { Config } from '../../config';
import { nowIso, type Db } from '../../db/database';
import { forwardContactMessage } from './contact.forward';
import { insertContactMessage, recordForward } from './contact.repository';

/** Receives contact messages: stores each one, then forwards it when a form-mail address is configured. */
export interface ContactService {
  /** Stores the message and starts forwarding it in the background; resolves with its id once stored. */
  receive(message: ContactBody): Promise<{ id: string }>;
  /** Resolves when every forward started so far has finished (used on shutdown and by tests). */
  settled(): Promise<void>;
}

/** Makes the contact service for one app; forwards run after the reply so a slow service never delays the visitor. */
export function createContactService(
  db: Db,
  contact: Config['contact'],
  log: FastifyBaseLogger,
): ContactService {
  const inFlight = new Set<Promise<void>>();

  async function forward(id: string, message: ContactBody): Promise<void> {
    try {
      await forwardContactMessage(contact.forwardUrl!, contact.accessKey, message);
      await recordForward(db.kysely, id, { forwardedAt: nowIso() });
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      log.warn({ contactMessageId: id, reason }, 'contact message stored but not forwarded');
      await recordForward(db.kysely, id, { error: reason.slice(0, 500) }).catch((e: unknown) =>
        log.error({ err: e, contactMessageId: id }, 'could not record the forward failure'),
      );
    }
  }

  return {
    async receive(message) {
      const id = crypto.randomUUID();
      // Stored first: whatever happens to the forward, the message is kept.
      await insertContactMessage(db.kysely, { id, ...message, created_at: nowIso() });
      if (contact.forwardUrl) {
        const job = forward(id, message).finally(() => inFlight.delete(job));
        inFlight.add(job);
      }
      return { id };
    },
    async settled() {
      await Promise.all([...inFlight]);
    },
  };
}
