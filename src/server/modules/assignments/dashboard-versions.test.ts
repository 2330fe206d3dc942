import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import {
  buildTestApp,
  dialects,
  getAs,
  signUp,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { createAssignment, inDays, join, submit } from '../../test/classroom';
import { dashboardVersion } from './assignments.repository';

// The database's triggers move a user's dashboard version with every change to what their
// cards show (migration 2026_11_25_0900_dashboard_versions): kept lists depend on it.
describe.each(dialects)('dashboard versions (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => void (t = await buildTestApp(dialect)));
  afterAll(() => t.close());
  const version = (user: TestUser) => dashboardVersion(t.db.kysely, user.id);

  it('moves the versions of exactly the users whose cards a change in the database touches', async () => {
    const owner = await signUp(t, { role: 'teacher' });
    const [handedIn, joined, bystander] = await Promise.all(
      [1, 2, 3].map(() => signUp(t, { role: 'student' })),
    );
    const code = await createAssignment(t, owner, { title: 'Triggers' });
    for (const s of [handedIn!, joined!]) await join(t, s, code);
    await submit(t, handedIn!, code);
    const db = t.db.kysely;
    const { id } = await db
      .selectFrom('assignment')
      .select('id')
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const everyone = { owner, handedIn: handedIn!, joined: joined!, bystander: bystander! };
    const moved = async (change: () => Promise<unknown>) => {
      const before = await Promise.all(Object.values(everyone).map(version));
      await change();
      const after = await Promise.all(Object.values(everyone).map(version));
      return Object.keys(everyone).filter((_, i) => after[i] !== before[i]);
    };
    const assignment = () => db.updateTable('assignment').where('id', '=', id);
    const submission = () =>
      db
        .updateTable('submission')
        .where('student_id', '=', handedIn!.id)
        .where('assignment_id', '=', id);
    const enrollment = () => db.updateTable('enrollment').where('student_id', '=', bystander!.id);

    expect(await moved(() => assignment().set({ title: 'Renamed' }).execute())).toEqual([
      'owner',
      'handedIn',
      'joined',
    ]);
    expect(
      await moved(() =>
        assignment()
          .set({ deadline: inDays(5) })
          .execute(),
      ),
    ).toHaveLength(3);
    // not on a card: nobody's list changes
    expect(await moved(() => assignment().set({ total_marks: 50 }).execute())).toEqual([]);
    // The teacher's card counts the answers waiting for review (2026_11_26_1000).
    expect(
      await moved(() => submission().set({ published_at: new Date().toISOString() }).execute()),
    ).toEqual(['owner', 'handedIn']);
    expect(await moved(() => submission().set({ published_at: null }).execute())).toEqual([
      'owner',
      'handedIn',
    ]);
    expect(await moved(() => submission().set({ marks_source: 'teacher' }).execute())).toEqual([
      'owner',
    ]);
    expect(await moved(() => submission().set({ comment: 'Not on a card' }).execute())).toEqual([]);
    const { id: submissionId } = await db
      .selectFrom('submission')
      .select('id')
      .where('student_id', '=', handedIn!.id)
      .executeTakeFirstOrThrow();
    const request = () =>
      db.updateTable('regrade_request').where('submission_id', '=', submissionId);
    expect(
      await moved(() =>
        db
          .insertInto('regrade_request')
          .values({
            id: 'request-1',
            submission_id: submissionId,
            question: '1',
            reason: 'Please look again.',
            status: 'open',
            response: null,
            from_marks: 1,
            to_marks: null,
            created_at: new Date().toISOString(),
            answered_at: null,
            answered_by: null,
          })
          .execute(),
      ),
    ).toEqual(['owner']);
    expect(await moved(() => request().set({ status: 'answered' }).execute())).toEqual(['owner']);
    expect(await moved(() => request().set({ response: 'Not on a card' }).execute())).toEqual([]);
    expect(
      await moved(() =>
        db.deleteFrom('regrade_request').where('submission_id', '=', submissionId).execute(),
      ),
    ).toEqual(['owner']);
    expect(await moved(() => join(t, bystander!, code))).toEqual(['bystander']);
    expect(
      await moved(() => enrollment().set({ joined_at: new Date().toISOString() }).execute()),
    ).toEqual(['bystander']);
    expect(
      await moved(() =>
        db.deleteFrom('enrollment').where('student_id', '=', bystander!.id).execute(),
      ),
    ).toEqual(['bystander']);
    expect(
      await moved(() =>
        db.updateTable('user').set({ name: 'Mx Owner' }).where('id', '=', owner.id).execute(),
      ),
    ).toEqual(['owner', 'handedIn', 'joined']);
    expect(
      await moved(() =>
        db.updateTable('user').set({ role: 'student' }).where('id', '=', bystander!.id).execute(),
      ),
    ).toEqual(['bystander']);
    expect(
      await moved(() =>
        db.deleteFrom('submission').where('student_id', '=', handedIn!.id).execute(),
      ),
    ).toEqual(['owner', 'handedIn']);
    expect(await moved(() => db.deleteFrom('assignment').where('id', '=', id).execute())).toEqual([
      'owner',
      'handedIn',
      'joined',
    ]);
  });

  // A join in flight is invisible to an edit's trigger looking for the students to move: each
  // must wait for the other, or the student keeps the list read between the two commits.
  const concurrentWrites = [
    ['an edit of the assignment', "update assignment set title = 'New title' where id = $1", 'id'],
    ["a rename of the assignment's teacher", 'update "user" set name = $1 where id = $2', 'name'],
  ] as const;
  for (const [what, statement, kind] of concurrentWrites) {
    it.runIf(dialect === 'postgres')(`sees ${what} made while a student joins`, async () => {
      const owner = await signUp(t, { role: 'teacher', name: 'Mr Old' });
      const student = await signUp(t, { role: 'student' });
      const code = await createAssignment(t, owner, { title: 'Old title' });
      const { id } = await t.db.kysely
        .selectFrom('assignment')
        .select('id')
        .where('code', '=', code)
        .executeTakeFirstOrThrow();
      const url = t.config.database.kind === 'postgres' ? t.config.database.url : '';
      const [joining, editing] = [new pg.Client(url), new pg.Client(url)];
      await Promise.all([joining.connect(), editing.connect()]);
      const cards = async () =>
        (await getAs(t, '/api/assignments', student))
          .json()
          .assignments.map((c: { title: string; teacherName: string }) => [c.title, c.teacherName]);
      try {
        await joining.query('begin');
        await joining.query(
          'insert into enrollment (assignment_id, student_id, joined_at) values ($1, $2, $3)',
          [id, student.id, new Date().toISOString()],
        );
        await editing.query('begin');
        const edited = editing.query(statement, kind === 'id' ? [id] : ['Dr New', owner.id]);
        await new Promise((resolve) => setTimeout(resolve, 200));
        await joining.query('commit');
        // joined, the change not yet committed: the card as it was, now kept
        expect(await cards()).toEqual([['Old title', 'Mr Old']]);
        await edited;
        await editing.query('commit');
        expect(await cards()).toEqual([
          kind === 'id' ? ['New title', 'Mr Old'] : ['Old title', 'Dr New'],
        ]);
      } finally {
        await Promise.all([joining.end(), editing.end()]);
      }
    });
  }
});
