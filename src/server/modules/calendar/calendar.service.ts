import crypto from 'node:crypto';
import ical from 'ical-generator';
import type { Kysely } from 'kysely';
import { ownDeadline } from '../../../shared/late-penalty';
import { calendarFeedPath, type CalendarLinkResponse } from '../../../shared/calendar';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import * as repo from './calendar.repository';

const hashToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A token is 32 random bytes in base64url: 43 characters of [A-Za-z0-9_-]. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Makes the user a new secret calendar link, replacing (and so ending) any older one. Only the
 * token's SHA-256 is stored: the link is shown in this answer and never again.
 */
export async function newCalendarLink(
  db: Kysely<Database>,
  userId: string,
  publicUrl: string,
): Promise<CalendarLinkResponse> {
  const token = crypto.randomBytes(32).toString('base64url');
  const createdAt = nowIso();
  await repo.replaceLink(db, userId, hashToken(token), createdAt);
  return { url: publicUrl + calendarFeedPath(token), createdAt };
}

/** When the user's current calendar link was made, or null when there is none. */
export async function calendarLinkState(db: Kysely<Database>, userId: string) {
  return { createdAt: (await repo.findByUser(db, userId))?.created_at ?? null };
}

/**
 * The iCalendar (RFC 5545) feed of the link whose token this is: one event at each due date of
 * the assignments its user teaches or has joined, at the deadline's exact instant (UTC), with a
 * link to the assignment. Undefined for a token that is no link's, so the caller answers 404.
 */
export async function calendarFeed(
  db: Kysely<Database>,
  token: string,
  publicUrl: string,
): Promise<string | undefined> {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  const link = await repo.findByHash(db, hashToken(token));
  if (!link) return undefined;
  const calendar = ical({ name: 'Markwise due dates', prodId: '//Markwise//Due dates//EN' });
  for (const a of await repo.dueDates(db, link.user_id)) {
    const url = `${publicUrl}/dashboard/assignment/${encodeURIComponent(a.code)}`;
    // A student's own extension, when she has one, is her due date.
    const due = ownDeadline(a.deadline, a.extended_deadline);
    const at = new Date(due);
    calendar.createEvent({
      id: `${a.id}@markwise`,
      start: at,
      end: at,
      stamp: new Date(a.updated_at),
      summary: `Due: ${a.title}`,
      description: `${a.title} (class code ${a.code}) is due${due !== a.deadline ? ' (your extension)' : ''}. Set in ${a.deadline_time_zone}.\n${url}`,
      url,
    });
  }
  return calendar.toString();
}
