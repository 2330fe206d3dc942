import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * `dashboard_version`: a counter per user that goes up whenever anything their dashboard cards
 * show changes, so a dashboard list built earlier can be reused while the counter stands
 * (modules/assignments/dashboard-lists.ts). Only these triggers write it, in the transaction of
 * the change itself, so no code path (nor a cascade, nor a hand-made fix in the database) can
 * change a card without moving the counter:
 * - an assignment inserted, updated or deleted: its teacher, and every student who joined it;
 * - a student joining or leaving (enrollment), handing in or having a submission removed, and a
 *   submission's marks published or withdrawn (`published_at`): that student (both, should a
 *   row ever move to another student);
 * - a user's name or role changed: that user, and every student of their assignments (a student's
 *   card shows the teacher's name).
 * On PostgreSQL a join and a concurrent edit of the same assignment (or rename of its teacher)
 * wait for each other (see `dashboard_version_on_student_row`); SQLite runs one writer at a time.
 * No foreign key to the user: a cascade deleting a user's rows would otherwise trip over its own
 * bumps; a deleted user's row is one small row nobody reads.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('dashboard_version')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of pg ? postgresTriggers : sqliteTriggers)
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger dashboard_version_bump_delete on assignment').execute(db);
    for (const table of ['assignment', 'enrollment', 'submission', '"user"'])
      await sql.raw(`drop trigger dashboard_version_bump on ${table}`).execute(db);
    for (const fn of ['assignment', 'student_row', 'user'])
      await sql.raw(`drop function dashboard_version_on_${fn}()`).execute(db);
    await sql.raw('drop function dashboard_version_bump(text[])').execute(db);
  } else {
    for (const name of sqliteTriggerNames) await sql.raw(`drop trigger ${name}`).execute(db);
  }
  await db.schema.dropTable('dashboard_version').execute();
}

/** SQLite: "insert … select … on conflict" needs a WHERE in the select to parse. */
const bump = (select: string) => `
  insert into dashboard_version (user_id, version) ${select}
  on conflict (user_id) do update set version = dashboard_version.version + 1;`;
const bumpOne = (id: string) => bump(`select ${id}, 1 where ${id} is not null`);
const bumpStudentsOf = (assignmentId: string) =>
  bump(`select student_id, 1 from enrollment where assignment_id = ${assignmentId}`);
const bumpStudentsOfTeacher = (teacherId: string) =>
  bump(`select distinct e.student_id, 1 from enrollment e
        join assignment a on a.id = e.assignment_id where a.teacher_id = ${teacherId}`);

const sqliteTriggerList: [name: string, when: string, body: string][] = [
  ['dashboard_assignment_insert', 'after insert on assignment', bumpOne('new.teacher_id')],
  [
    'dashboard_assignment_update',
    'after update of code, title, description, deadline, teacher_id on assignment',
    bumpOne('old.teacher_id') + bumpOne('new.teacher_id') + bumpStudentsOf('new.id'),
  ],
  // Before: the joined students' enrollment rows are still there to be found.
  [
    'dashboard_assignment_delete',
    'before delete on assignment',
    bumpOne('old.teacher_id') + bumpStudentsOf('old.id'),
  ],
  ['dashboard_enrollment_insert', 'after insert on enrollment', bumpOne('new.student_id')],
  ['dashboard_enrollment_delete', 'after delete on enrollment', bumpOne('old.student_id')],
  [
    'dashboard_enrollment_update',
    'after update on enrollment',
    bumpOne('old.student_id') + bumpOne('new.student_id'),
  ],
  ['dashboard_submission_insert', 'after insert on submission', bumpOne('new.student_id')],
  ['dashboard_submission_delete', 'after delete on submission', bumpOne('old.student_id')],
  [
    'dashboard_submission_publish',
    'after update of published_at, student_id, assignment_id on submission',
    bumpOne('old.student_id') + bumpOne('new.student_id'),
  ],
  [
    'dashboard_user_update',
    'after update of name, role on "user"',
    bumpOne('new.id') + bumpStudentsOfTeacher('new.id'),
  ],
];
const sqliteTriggerNames = sqliteTriggerList.map(([name]) => name);
const sqliteTriggers = sqliteTriggerList.map(
  ([name, when, body]) => `create trigger ${name} ${when} begin ${body} end`,
);

/** PostgreSQL: one function bumps a set of users (each once, in id order, so two bumping transactions take their row locks in the same order). */
const postgresTriggers = [
  `create function dashboard_version_bump(ids text[]) returns void language sql as $$
     insert into dashboard_version (user_id, version)
     select distinct id, 1 from unnest(ids) as id where id is not null order by id
     on conflict (user_id) do update set version = dashboard_version.version + 1
   $$`,
  `create function dashboard_version_on_assignment() returns trigger language plpgsql as $$
   begin
     if tg_op = 'INSERT' then
       perform dashboard_version_bump(array[new.teacher_id]);
       return null;
     elsif tg_op = 'UPDATE' then
       perform dashboard_version_bump(array[old.teacher_id, new.teacher_id]
         || array(select student_id from enrollment where assignment_id = new.id));
       return null;
     end if;
     perform dashboard_version_bump(array[old.teacher_id]
       || array(select student_id from enrollment where assignment_id = old.id));
     return old;
   end $$`,
  `create trigger dashboard_version_bump after insert or update of code, title, description, deadline, teacher_id
     on assignment for each row execute function dashboard_version_on_assignment()`,
  // Before: the joined students' enrollment rows are still there to be found.
  `create trigger dashboard_version_bump_delete before delete
     on assignment for each row execute function dashboard_version_on_assignment()`,
  // enrollment and submission: the student of the row (both, should it move to another). A row
  // written also takes a share lock on its assignment and that assignment's teacher: an edit of
  // the assignment or a rename of the teacher, which find the students to move by reading
  // enrollment, then waits for a join still in flight (and a join for them) instead of missing
  // the student it cannot see yet.
  `create function dashboard_version_on_student_row() returns trigger language plpgsql as $$
   begin
     if tg_op <> 'DELETE' then
       perform 1 from assignment a join "user" u on u.id = a.teacher_id
         where a.id = new.assignment_id for share;
     end if;
     if tg_op = 'UPDATE' then
       perform dashboard_version_bump(array[old.student_id, new.student_id]);
     else
       perform dashboard_version_bump(array[coalesce(new.student_id, old.student_id)]);
     end if;
     return null;
   end $$`,
  `create trigger dashboard_version_bump after insert or delete or update
     on enrollment for each row execute function dashboard_version_on_student_row()`,
  `create trigger dashboard_version_bump after insert or delete or update of published_at, student_id, assignment_id
     on submission for each row execute function dashboard_version_on_student_row()`,
  `create function dashboard_version_on_user() returns trigger language plpgsql as $$
   begin
     perform dashboard_version_bump(array[new.id] || array(
       select e.student_id from enrollment e join assignment a on a.id = e.assignment_id
       where a.teacher_id = new.id));
     return null;
   end $$`,
  `create trigger dashboard_version_bump after update of name, role
     on "user" for each row execute function dashboard_version_on_user()`,
];
