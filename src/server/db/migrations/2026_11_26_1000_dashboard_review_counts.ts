import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * A teacher's dashboard cards count the answers waiting for their review (handed in, neither
 * marked by the teacher nor published) and the open regrade requests. These triggers move the
 * teacher's `dashboard_version` (migration 2026_11_25_0900_dashboard_versions) whenever either
 * count can change, in the transaction of the change:
 * - a submission handed in or removed, or its `marks_source` or `published_at` changed;
 * - a regrade request asked for, answered (`status`) or removed.
 * The teacher is found through the row's assignment (both, should a row ever move).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of pg ? postgresTriggers : sqliteTriggers)
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger dashboard_version_bump_teacher on submission').execute(db);
    await sql.raw('drop trigger dashboard_version_bump_teacher on regrade_request').execute(db);
    await sql.raw('drop function dashboard_version_on_submission_review()').execute(db);
    await sql.raw('drop function dashboard_version_on_regrade_request()').execute(db);
  } else {
    for (const [name] of sqliteTriggerList) await sql.raw(`drop trigger ${name}`).execute(db);
  }
}

/** SQLite: "insert … select … on conflict" needs a WHERE in the select to parse. */
const bumpTeacherOf = (assignmentId: string) => `
  insert into dashboard_version (user_id, version)
  select teacher_id, 1 from assignment where id = ${assignmentId}
  on conflict (user_id) do update set version = dashboard_version.version + 1;`;
const bumpTeacherOfSubmission = (submissionId: string) => `
  insert into dashboard_version (user_id, version)
  select a.teacher_id, 1 from submission s join assignment a on a.id = s.assignment_id
  where s.id = ${submissionId}
  on conflict (user_id) do update set version = dashboard_version.version + 1;`;

const sqliteTriggerList: [name: string, when: string, body: string][] = [
  [
    'dashboard_teacher_submission_insert',
    'after insert on submission',
    bumpTeacherOf('new.assignment_id'),
  ],
  [
    'dashboard_teacher_submission_delete',
    'after delete on submission',
    bumpTeacherOf('old.assignment_id'),
  ],
  [
    'dashboard_teacher_submission_review',
    'after update of marks_source, published_at, assignment_id on submission',
    bumpTeacherOf('old.assignment_id') + bumpTeacherOf('new.assignment_id'),
  ],
  [
    'dashboard_teacher_regrade_insert',
    'after insert on regrade_request',
    bumpTeacherOfSubmission('new.submission_id'),
  ],
  [
    'dashboard_teacher_regrade_delete',
    'after delete on regrade_request',
    bumpTeacherOfSubmission('old.submission_id'),
  ],
  [
    'dashboard_teacher_regrade_update',
    'after update of status, submission_id on regrade_request',
    bumpTeacherOfSubmission('old.submission_id') + bumpTeacherOfSubmission('new.submission_id'),
  ],
];
const sqliteTriggers = sqliteTriggerList.map(
  ([name, when, body]) => `create trigger ${name} ${when} begin ${body} end`,
);

/** PostgreSQL: through `dashboard_version_bump(text[])` of the migration before. */
const postgresTriggers = [
  `create function dashboard_version_on_submission_review() returns trigger language plpgsql as $$
   begin
     perform dashboard_version_bump(array(select teacher_id from assignment
       where id in (old.assignment_id, new.assignment_id)));
     return null;
   end $$`,
  `create trigger dashboard_version_bump_teacher after insert or delete or update of marks_source, published_at, assignment_id
     on submission for each row execute function dashboard_version_on_submission_review()`,
  `create function dashboard_version_on_regrade_request() returns trigger language plpgsql as $$
   begin
     perform dashboard_version_bump(array(select a.teacher_id from submission s
       join assignment a on a.id = s.assignment_id
       where s.id in (old.submission_id, new.submission_id)));
     return null;
   end $$`,
  `create trigger dashboard_version_bump_teacher after insert or delete or update of status, submission_id
     on regrade_request for each row execute function dashboard_version_on_regrade_request()`,
];
