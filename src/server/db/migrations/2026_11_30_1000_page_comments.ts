import type { Kysely } from 'kysely';

/**
 * Marks on the page: a teacher's comment pinned to a point of a student's answer page, or to a
 * box drawn on it. Places are shares (0..1) of the page as shown, from its top left, so they
 * stay put at any size and on turned pages. Students read them once marks are published.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('page_comment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submission.id').onDelete('cascade'),
    )
    .addColumn('page', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('x', 'real', (c) => c.notNull())
    .addColumn('y', 'real', (c) => c.notNull())
    .addColumn('w', 'real')
    .addColumn('h', 'real')
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('page_comment_submission_idx')
    .on('page_comment')
    .columns(['submission_id', 'page', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('page_comment').execute();
}
