import { sql, type Kysely } from 'kysely';

/**
 * The grading queue lives in the database: a run is claimed with a lease that its worker renews,
 * so a run whose worker died is picked up again; `read` counts answers read so far. Each graded
 * submission remembers the run that graded it, so a resumed run never grades it twice. At most one
 * queued or running run per assignment.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('evaluation_run').addColumn('lease_owner', 'text').execute();
  await db.schema.alterTable('evaluation_run').addColumn('lease_expires_at', 'text').execute();
  await db.schema
    .alterTable('evaluation_run')
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('submission').addColumn('evaluation_run_id', 'text').execute();
  await db.schema
    .createIndex('evaluation_run_one_active')
    .on('evaluation_run')
    .column('assignment_id')
    .unique()
    .where(sql.raw<boolean>(`status in ('queued', 'running')`))
    .execute();
  await db.schema
    .createIndex('evaluation_run_status_idx')
    .on('evaluation_run')
    .columns(['status', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('evaluation_run_status_idx').execute();
  await db.schema.dropIndex('evaluation_run_one_active').execute();
  await db.schema.alterTable('submission').dropColumn('evaluation_run_id').execute();
  for (const c of ['read', 'lease_expires_at', 'lease_owner']) {
    await db.schema.alterTable('evaluation_run').dropColumn(c).execute();
  }
}
