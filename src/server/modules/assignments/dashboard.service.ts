import type { Kysely } from 'kysely';
import type { AssignmentCard } from '../../../shared/assignments';
import type { CurrentUser } from '../../auth/current-user';
import type { Database } from '../../db/schema';
import { toCard, toTeacherCard, workStatusOf } from './assignments.presenter';
import { coTaughtClasses } from '../classes/classes.service';
import * as repo from './assignments.repository';
import { ownBuffer, soonestUpcoming, type DashboardLists } from './dashboard-lists';

/**
 * Dashboard cards: the teacher's own (with the answers waiting for review and the open regrade
 * requests) or the student's joined (with where their work stands);
 * upcoming soonest first, then past most recent first.
 */
export async function listAssignments(
  db: Kysely<Database>,
  user: CurrentUser & { role: 'teacher' | 'student' },
  now = new Date(),
): Promise<AssignmentCard[]> {
  // The rows come soonest deadline first; past ones are shown most recent first.
  const cards =
    user.role === 'teacher'
      ? await teacherCards(db, user, now)
      : (await repo.listByStudent(db, user.id)).map((r) =>
          toCard(r, r.teacher_name, now, workStatusOf(r)),
        );
  const upcoming = cards.filter((c) => !c.isPastDeadline);
  const past = cards.filter((c) => c.isPastDeadline).reverse();
  return [...upcoming, ...past];
}

/** A teacher's own cards, and those of the classes she co-teaches (by deadline, soonest first). */
async function teacherCards(
  db: Kysely<Database>,
  user: CurrentUser,
  now: Date,
): Promise<AssignmentCard[]> {
  const own = (await repo.listByTeacher(db, user.id)).map((r) => toTeacherCard(r, user.name, now));
  const classIds = await coTaughtClasses(db, user.id);
  if (classIds.length === 0) return own;
  const taught = (await repo.listCoTaught(db, classIds)).map((r) =>
    toTeacherCard(r, r.teacher_name, now),
  );
  return [...own, ...taught].sort((a, b) => a.deadline.localeCompare(b.deadline));
}

/**
 * The dashboard list's JSON body, reused from `kept` while the user's dashboard version stands
 * (and no deadline has passed since), or read and serialised with `serialize` and kept.
 */
export async function dashboardBody(
  db: Kysely<Database>,
  kept: DashboardLists,
  user: CurrentUser & { role: 'teacher' | 'student' },
  serialize: (cards: AssignmentCard[]) => string,
): Promise<Buffer | string> {
  // A co-teacher's cards also move with other teachers' assignments, which her dashboard version
  // does not follow: hers are read afresh each time.
  if (!kept.enabled || (user.role === 'teacher' && (await coTaughtClasses(db, user.id)).length > 0))
    return serialize(await listAssignments(db, user));
  // The version first: a change committed before the cards are read leaves a list newer than
  // its version, which the next request replaces; never an older list kept as current.
  const version = await repo.dashboardVersion(db, user.id);
  const viewer = `${user.role} ${user.name}`;
  const now = Date.now();
  const found = kept.find(user.id, version, viewer, now);
  if (found) return found;
  const cards = await listAssignments(db, user, new Date(now));
  const body = ownBuffer(serialize(cards));
  kept.keep(user.id, { version, viewer, body, until: soonestUpcoming(cards) });
  return body;
}
