import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import {
  classMessages as m,
  INVITATION_DAYS,
  invitationPath,
  MAX_INVITATIONS,
  type InvitationView,
  type InviteResponse,
  type JoinClassResponse,
} from '../../../shared/classes';
import type { CurrentUser } from '../../auth/current-user';
import { nowIso } from '../../db/database';
import type { Database } from '../../db/schema';
import { AppError, badRequest, conflict, forbidden } from '../../errors';
import { PRODUCT_NAME, queueMail, type MailSender } from '../mail/mail.service';
import * as repo from './classes.repository';
import { joinClass, toClassSummary, type ClassRow } from './classes.service';

/** One entry of an invitation list: its line, what it said, and the address or why not. */
export type ListEntry = { line: number; entry: string } & (
  { address: string } | { problem: string }
);

const isEmail = (s: string) => z.email().safeParse(s).success;

/**
 * Reads an invitation list: one address, a pasted list (new lines, commas, semicolons or tabs
 * between addresses; "Name <address>" is fine), or the text of a CSV file, whose cells without
 * an @ (names, a header row) are skipped. A line with no address at all is reported, and so is
 * an address listed twice (case ignored), naming the line it was first on.
 */
export function readAddressList(text: string): ListEntry[] {
  const out: ListEntry[] = [];
  const seen = new Map<string, number>();
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const line = i + 1;
    const cells = raw
      .split(/[,;\t]/)
      .map((c) =>
        c
          .trim()
          .replace(/^"(.*)"$/, '$1')
          .trim(),
      )
      .filter(Boolean);
    if (cells.length === 0) return;
    const withAt = cells.filter((c) => c.includes('@'));
    if (withAt.length === 0) {
      // A CSV's header row ("name,email") is not an address and not a mistake.
      if (line === 1 && cells.some((c) => /e-?mail/i.test(c))) return;
      out.push({ line, entry: raw.trim(), problem: m.badAddress });
      return;
    }
    for (const cell of withAt) {
      const address = (/<([^<>]+)>\s*$/.exec(cell)?.[1] ?? cell).trim();
      if (!isEmail(address) || address.length > 254) {
        out.push({ line, entry: cell, problem: m.badAddress });
        continue;
      }
      const key = address.toLowerCase();
      const first = seen.get(key);
      if (first !== undefined) {
        out.push({ line, entry: cell, problem: m.duplicateAddress(first) });
        continue;
      }
      seen.set(key, line);
      out.push({ line, entry: cell, address });
    }
  });
  return out;
}

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * Invites every good address of the list to the class: an invitation (its link works for
 * INVITATION_DAYS days, once) and its email queued in the same transaction, then the sender is
 * woken. Malformed and repeated lines, and students already in the class, are reported and the
 * rest invited; a list with no address at all is refused (400) and changes nothing.
 */
export async function inviteStudents(
  deps: { db: Kysely<Database>; publicUrl: string; mail: Pick<MailSender, 'wake'> },
  c: ClassRow,
  inviter: CurrentUser,
  text: string,
): Promise<InviteResponse> {
  const entries = readAddressList(text);
  if (entries.length === 0)
    throw badRequest(m.noAddresses, [{ path: 'addresses', message: m.noAddresses }]);
  if (entries.length > MAX_INVITATIONS)
    throw badRequest(m.tooManyAddresses, [{ path: 'addresses', message: m.tooManyAddresses }]);
  const members = await repo.studentEmails(deps.db, c.id);
  const problems: InviteResponse['problems'] = [];
  const good: string[] = [];
  for (const e of entries) {
    if ('problem' in e) problems.push({ line: e.line, entry: e.entry, message: e.problem });
    else if (members.has(e.address.toLowerCase()))
      problems.push({ line: e.line, entry: e.entry, message: m.alreadyMember });
    else good.push(e.address);
  }
  if (good.length > 0) {
    const now = new Date();
    const expires = new Date(now.getTime() + INVITATION_DAYS * 86_400_000).toISOString();
    await deps.db.transaction().execute(async (trx) => {
      const rows = good.map((email) => ({
        email,
        token: crypto.randomBytes(32).toString('base64url'),
      }));
      await repo.insertInvitations(
        trx,
        rows.map((r) => ({
          id: crypto.randomUUID(),
          class_id: c.id,
          email: r.email,
          token_hash: hashOf(r.token),
          invited_by: inviter.id,
          created_at: now.toISOString(),
          expires_at: expires,
          accepted_at: null,
          accepted_by: null,
        })),
      );
      for (const r of rows)
        await queueMail(trx, {
          kind: 'class_invitation',
          to: r.email,
          content: invitationMail(c, inviter.name, deps.publicUrl + invitationPath(r.token)),
        });
    });
    deps.mail.wake();
  }
  return { invited: good, problems };
}

/** The invitation email: who invites, to which class, and the link. */
function invitationMail(c: ClassRow, inviterName: string, url: string) {
  const section = c.section ? ` (${c.section})` : '';
  return {
    subject: `${inviterName} invited you to ${c.name} on ${PRODUCT_NAME}`,
    greeting: 'Hello,',
    paragraphs: [
      `${inviterName} invited you to join the class “${c.name}”${section} on ${PRODUCT_NAME}, where you will find its assignments and hand in your work.`,
      `Open the link below, sign in (or sign up as a student if you have no account yet), and you are in. The link works once, for ${INVITATION_DAYS} days.`,
    ],
    action: { label: 'Join the class', url },
    after: ['If you did not expect this invitation, you can ignore this email.'],
  };
}

/** The invitation of a link and its class: 404 when unknown, 410 when expired. */
async function openInvitation(db: Kysely<Database>, token: string, now = new Date()) {
  const invitation = await repo.invitationByHash(db, hashOf(token));
  const c = invitation && (await repo.findClass(db, invitation.class_id));
  if (!invitation || !c) throw new AppError(404, 'invitation_not_found', m.invitationNotFound);
  if (invitation.accepted_at === null && Date.parse(invitation.expires_at) < now.getTime())
    throw new AppError(410, 'invitation_expired', m.invitationExpired);
  return { invitation, c };
}

/** What an invitation link is for (any signed-in user holding the link may ask). */
export async function viewInvitation(db: Kysely<Database>, token: string): Promise<InvitationView> {
  const { invitation, c } = await openInvitation(db, token);
  return {
    className: c.name,
    section: c.section,
    ownerName: c.owner_name,
    email: invitation.email,
    expiresAt: invitation.expires_at,
  };
}

/**
 * Joins the class through an invitation: once, by the student who uses it first (using it
 * again is harmless; anyone else gets 409). It lets a removed student back in.
 */
export async function acceptInvitation(
  db: Kysely<Database>,
  student: CurrentUser,
  token: string,
  publicUrl: string,
): Promise<JoinClassResponse> {
  if (student.role !== 'student') throw forbidden(m.onlyStudentsAccept);
  const { invitation, c } = await openInvitation(db, token);
  if (c.archived_at) throw conflict('class_archived', m.classArchivedJoin);
  // The link is claimed first, so two people using it at once cannot both get in.
  const claimed =
    invitation.accepted_at === null &&
    (await repo.markAccepted(db, invitation.id, student.id, nowIso()));
  if (!claimed) {
    const now = await repo.invitationByHash(db, invitation.token_hash);
    if (now?.accepted_by !== student.id) throw conflict('invitation_used', m.invitationUsed);
  }
  // A link lets a removed student back in once: used already, it is just a way to the class.
  const { alreadyJoined } = await joinClass(db, student, c, { readmit: claimed });
  return { class: toClassSummary(c, 'student', publicUrl), alreadyJoined };
}
