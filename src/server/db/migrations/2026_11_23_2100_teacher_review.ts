import type { Kysely } from 'kysely';

/**
 * The teacher decides what students see: marks are published (a snapshot per submission) by the
 * teacher, or at the deadline when the assignment says so; marks per question with rubric items
 * and comments; regrade requests; in-app notices to students; the audit trail per question.
 * Assignments made before this keep their old behaviour (marks shown after the deadline).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('assignment')
    .addColumn('auto_publish', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('assignment').addColumn('regrade_deadline', 'text').execute();
  await db.schema.alterTable('assignment').addColumn('questions', 'text').execute();
  await db.updateTable('assignment').set({ auto_publish: 1 }).execute();

  await db.schema.alterTable('submission').addColumn('published_at', 'text').execute();
  await db.schema.alterTable('submission').addColumn('published', 'text').execute();
  await db.schema.alterTable('submission').addColumn('comment', 'text').execute();

  await db.schema.alterTable('mark_change').addColumn('question', 'text').execute();
  await db.schema.alterTable('mark_change').addColumn('note', 'text').execute();

  await db.schema
    .createTable('rubric_item')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('points', 'real', (c) => c.notNull())
    .addColumn('alternatives', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rubric_item_assignment_idx')
    .on('rubric_item')
    .columns(['assignment_id', 'question', 'position'])
    .execute();

  await db.schema
    .createTable('question_mark')
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submission.id').onDelete('cascade'),
    )
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('marks', 'real')
    .addColumn('items', 'text')
    .addColumn('comment', 'text')
    .addColumn('updated_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_mark_pk', ['submission_id', 'question'])
    .execute();

  await db.schema
    .createTable('regrade_request')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submission.id').onDelete('cascade'),
    )
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('response', 'text')
    .addColumn('from_marks', 'real')
    .addColumn('to_marks', 'real')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('answered_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addUniqueConstraint('regrade_request_once', ['submission_id', 'question'])
    .execute();

  await db.schema
    .createTable('notice')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .execute();
  await db.schema
    .createIndex('notice_user_idx')
    .on('notice')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['notice', 'regrade_request', 'question_mark', 'rubric_item']) {
    await db.schema.dropTable(t).execute();
  }
  for (const c of ['question', 'note']) {
    await db.schema.alterTable('mark_change').dropColumn(c).execute();
  }
  for (const c of ['published_at', 'published', 'comment']) {
    await db.schema.alterTable('submission').dropColumn(c).execute();
  }
  for (const c of ['auto_publish', 'regrade_deadline', 'questions']) {
    await db.schema.alterTable('assignment').dropColumn(c).execute();
  }
}
