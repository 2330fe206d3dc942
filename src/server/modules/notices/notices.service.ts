import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { NoticesResponse } from '../../../shared/review';
import { nowIso } from '../../db/database';
import type { Database, NoticeTable } from '../../db/schema';
import * as repo from './notices.repository';

/** A notice for one user about one assignment. */
export interface NewNotice {
  userId: string;
  assignmentId: string;
  kind: NoticeTable['kind'];
  text: string;
  at: string;
}

/**
 * Tells a user something in the app (marks published or changed, a regrade answered), in the
 * caller's transaction so the notice comes with the change it announces.
 */
export async function sendNotice(db: Kysely<Database>, notice: NewNotice): Promise<void> {
  await repo.insertNotices(db, [
    {
      id: crypto.randomUUID(),
      user_id: notice.userId,
      assignment_id: notice.assignmentId,
      kind: notice.kind,
      text: notice.text,
      created_at: notice.at,
      read_at: null,
    },
  ]);
}

/** The user's newest 50 notices and how many of them are unread. */
export async function noticesOf(db: Kysely<Database>, userId: string): Promise<NoticesResponse> {
  const rows = await repo.newestNotices(db, userId, 50);
  return {
    notices: rows.map((r) => ({
      id: r.id,
      assignmentCode: r.code,
      assignmentTitle: r.title,
      kind: r.kind,
      text: r.text,
      createdAt: r.created_at,
      read: r.read_at !== null,
    })),
    unread: rows.filter((r) => r.read_at === null).length,
  };
}

/** Marks the user's notices read: the listed ones, or every unread one when `ids` is absent. */
export async function readNotices(db: Kysely<Database>, userId: string, ids?: string[]) {
  await repo.markRead(db, userId, ids, nowIso());
}
