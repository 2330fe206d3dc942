import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { loadedAssignment, READS, teachesAssignment } from '../assignments/assignments.policy';
import { findForUser, type AssignmentRow } from '../assignments/assignments.service';

/**
 * Anonymous marking. While an assignment's owner marks anonymously (until she publishes), she
 * sees each student as "Student N" and the answers in an order shuffled per teacher and
 * assignment: students are ranked by an HMAC of their id keyed by the assignment's random salt
 * and the teacher, and N is that rank. It stays the same between page loads (it changes only
 * when a student joins or hands in for the first time) and tells nothing about names.
 */
export interface Anonymity {
  /** "Student N" for a student of the assignment. */
  pseudonymOf(studentId: string): string;
  /** The shuffled position of a student (1 based; unknown students last). */
  rankOf(studentId: string): number;
  /** "Student N" of a submission's student, by submission id. */
  bySubmission: Map<string, string>;
  /** The pseudonyms of the joined students who have not handed in, in the shuffled order. */
  notSubmitted: string[];
  /** Every student's name and email with their pseudonym: nothing of them may reach the owner. */
  hidden: Map<string, string>;
}

/** Whether the owner marks with names hidden now (turned on and not yet published). */
export const isAnonymous = (a: Pick<AssignmentRow, 'anonymous_marking'>) =>
  Number(a.anonymous_marking) === 1;

/** The assignment's anonymity, or null when names are shown. */
export async function anonymityOf(
  db: Kysely<Database>,
  assignment: Pick<AssignmentRow, 'id' | 'teacher_id' | 'anonymous_marking' | 'anonymous_salt'>,
): Promise<Anonymity | null> {
  if (!isAnonymous(assignment)) return null;
  const [enrolled, submitted] = await Promise.all([
    db
      .selectFrom('enrollment')
      .innerJoin('user', 'user.id', 'enrollment.student_id')
      .select(['user.id', 'user.name', 'user.email'])
      .where('enrollment.assignment_id', '=', assignment.id)
      .execute(),
    db
      .selectFrom('submission')
      .innerJoin('user', 'user.id', 'submission.student_id')
      .select(['submission.id as submission_id', 'user.id', 'user.name', 'user.email'])
      .where('submission.assignment_id', '=', assignment.id)
      .execute(),
  ]);
  const key = crypto
    .createHmac('sha256', assignment.anonymous_salt ?? assignment.id)
    .update(`${assignment.teacher_id}:${assignment.id}`)
    .digest();
  const people = new Map<string, { name: string; email: string }>();
  for (const p of [...enrolled, ...submitted]) people.set(p.id, p);
  const order = [...people.keys()]
    .map((id) => ({ id, h: crypto.createHmac('sha256', key).update(id).digest('hex') }))
    .sort((a, b) => (a.h < b.h ? -1 : a.h > b.h ? 1 : 0));
  const rank = new Map(order.map((o, i) => [o.id, i + 1]));
  const pseudonymOf = (id: string) => `Student ${rank.get(id) ?? '?'}`;
  const hidden = new Map<string, string>();
  for (const [id, p] of people) {
    hidden.set(p.name, pseudonymOf(id));
    hidden.set(p.email, pseudonymOf(id));
  }
  return {
    pseudonymOf,
    rankOf: (id) => rank.get(id) ?? Number.MAX_SAFE_INTEGER,
    bySubmission: new Map(submitted.map((s) => [s.submission_id, pseudonymOf(s.id)])),
    notSubmitted: order
      .filter((o) => !submitted.some((s) => s.id === o.id))
      .map((o) => pseudonymOf(o.id)),
    hidden,
  };
}

/** The rows in the anonymous order. */
export function shuffled<T>(rows: T[], anon: Anonymity, studentIdOf: (row: T) => string): T[] {
  return [...rows].sort((a, b) => anon.rankOf(studentIdOf(a)) - anon.rankOf(studentIdOf(b)));
}

/**
 * A reply with every student named by pseudonym: a `studentName` beside a submission's id
 * becomes that submission's pseudonym, and any other string that is exactly a student's name or
 * email is replaced too (so a reply added later cannot leak one by mistake).
 */
export function masked(value: unknown, anon: Anonymity): unknown {
  if (typeof value === 'string') return anon.hidden.get(value) ?? value;
  if (Array.isArray(value))
    return reordered(
      value,
      value.map((v) => masked(v, anon)),
    );
  if (value === null || typeof value !== 'object' || value instanceof Buffer) return value;
  const out: Record<string, unknown> = {};
  const obj = value as Record<string, unknown>;
  for (const [k, v] of Object.entries(obj)) out[k] = masked(v, anon);
  if (typeof obj.studentName === 'string') {
    const sub = [obj.submissionId, obj.id].find(
      (x): x is string => typeof x === 'string' && anon.bySubmission.has(x),
    );
    if (sub) out.studentName = anon.bySubmission.get(sub);
  }
  return out;
}

/**
 * A list of students in name order would still tell names: it comes back in the shuffled order
 * (a list in any other order, such as regrade requests by date, keeps it).
 */
function reordered(before: unknown[], after: unknown[]): unknown[] {
  const names = before.map((v) =>
    v && typeof v === 'object' ? (v as { studentName?: unknown }).studentName : undefined,
  );
  if (after.length < 2 || !names.every((n): n is string => typeof n === 'string')) return after;
  if (!names.every((n, i) => i === 0 || names[i - 1]!.localeCompare(n) <= 0)) return after;
  const number = (v: unknown) =>
    Number(String((v as { studentName: string }).studentName).slice(8));
  return [...after].sort((a, b) => (number(a) || 1e9) - (number(b) || 1e9));
}

/** The anonymity of the assignment's teachers (owner and co-teachers) on this request to /api/assignments/:code…, or null. */
async function ownersAnonymity(db: Kysely<Database>, request: FastifyRequest) {
  const url = request.routeOptions.url ?? '';
  if (!url.startsWith('/api/assignments/:code')) return null;
  const user = request.user;
  if (!user || user.role !== 'teacher') return null;
  const code = (request.params as { code?: unknown }).code;
  if (typeof code !== 'string') return null;
  // A read whose handler loaded the assignment without names hidden needs no second look; a
  // write may just have turned anonymous marking on, and a hidden one is checked afresh.
  const seen = loadedAssignment(request);
  if (seen && READS.has(request.method) && !isAnonymous(seen.assignment)) return null;
  const found = await findForUser(db, user, code);
  if (!found || !teachesAssignment(user, found.assignment)) return null;
  return anonymityOf(db, found.assignment);
}

/**
 * Masks every JSON reply of an assignment's routes to its owner while she marks anonymously:
 * the one guard that keeps names out of the review, the grades table and what they load.
 */
export function maskRepliesForOwner(app: FastifyInstance, db: Kysely<Database>) {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    if (payload === null || typeof payload !== 'object') return payload;
    const anon = await ownersAnonymity(db, request);
    return anon ? masked(payload, anon) : payload;
  });
}
