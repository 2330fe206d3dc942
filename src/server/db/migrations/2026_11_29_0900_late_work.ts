import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Extensions and late work.
 * - `assignment.late_accepted` (1: hand-ins after the deadline are taken until `late_until`, an
 *   instant after the deadline), the penalty's kind ('per-day': `late_penalty_percent` of the
 *   marks per started 24 hours late; 'fixed': that share once) and its percent (0–100).
 * - `submission.late_seconds`: how late the hand-in was against the student's own deadline at
 *   the moment it arrived (0: on time); kept, so a later change of deadline never rewrites it.
 * - `extension`: one student's own later deadline on one assignment. A trigger moves the
 *   student's dashboard version (migration 2026_11_25_0900_dashboard_versions), as her card
 *   shows it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('assignment')
    .addColumn('late_accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('assignment').addColumn('late_until', 'text').execute();
  await db.schema
    .alterTable('assignment')
    .addColumn('late_penalty_kind', 'text', (c) => c.notNull().defaultTo('per-day'))
    .execute();
  await db.schema
    .alterTable('assignment')
    .addColumn('late_penalty_percent', 'real', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('submission')
    .addColumn('late_seconds', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('extension')
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('deadline_time_zone', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('extension_pk', ['assignment_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('extension_student_idx')
    .on('extension')
    .column('student_id')
    .execute();
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const statement of pg ? postgresTriggers : sqliteTriggers)
    await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  if (pg) {
    await sql.raw('drop trigger dashboard_version_bump on extension').execute(db);
    await sql.raw('drop function dashboard_version_on_extension()').execute(db);
  } else {
    for (const op of ['insert', 'update', 'delete'])
      await sql.raw(`drop trigger dashboard_extension_${op}`).execute(db);
  }
  await db.schema.dropTable('extension').execute();
  await db.schema.alterTable('submission').dropColumn('late_seconds').execute();
  for (const column of ['late_penalty_percent', 'late_penalty_kind', 'late_until', 'late_accepted'])
    await db.schema.alterTable('assignment').dropColumn(column).execute();
}

const bumpOne = (id: string) => `
  insert into dashboard_version (user_id, version) select ${id}, 1 where ${id} is not null
  on conflict (user_id) do update set version = dashboard_version.version + 1;`;

const sqliteTriggers = [
  `create trigger dashboard_extension_insert after insert on extension begin ${bumpOne('new.student_id')} end`,
  `create trigger dashboard_extension_update after update on extension begin ${bumpOne('old.student_id')}${bumpOne('new.student_id')} end`,
  `create trigger dashboard_extension_delete after delete on extension begin ${bumpOne('old.student_id')} end`,
];

const postgresTriggers = [
  `create function dashboard_version_on_extension() returns trigger language plpgsql as $$
   begin
     if tg_op = 'UPDATE' then
       perform dashboard_version_bump(array[old.student_id, new.student_id]);
     else
       perform dashboard_version_bump(array[coalesce(new.student_id, old.student_id)]);
     end if;
     return null;
   end $$`,
  `create trigger dashboard_version_bump after insert or delete or update
     on extension for each row execute function dashboard_version_on_extension()`,
];
