import type { Kysely } from 'kysely';

/**
 * The classroom: stored files, assignments, enrollments, submissions, grading runs, the audit
 * trail of marks and contact messages. Times are ISO-8601 UTC text (they sort and compare
 * correctly as text on both dialects); flags are 0/1 integers; ids are made by the application.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('file')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('original_name', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('assignment')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('total_marks', 'integer', (c) => c.notNull())
    .addColumn('teacher_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('question_file_id', 'text', (c) => c.references('file.id').onDelete('set null'))
    .addColumn('model_answer_file_id', 'text', (c) => c.references('file.id').onDelete('set null'))
    .addColumn('diagram_file_id', 'text', (c) => c.references('file.id').onDelete('set null'))
    .addColumn('diagram_keywords', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('assignment_teacher_idx')
    .on('assignment')
    .columns(['teacher_id', 'deadline'])
    .execute();

  await db.schema
    .createTable('enrollment')
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('enrollment_pk', ['assignment_id', 'student_id'])
    .execute();
  await db.schema
    .createIndex('enrollment_student_idx')
    .on('enrollment')
    .column('student_id')
    .execute();

  await db.schema
    .createTable('submission')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('student_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('file_id', 'text', (c) => c.notNull().references('file.id'))
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('marks', 'real')
    .addColumn('marks_source', 'text')
    .addColumn('ai_marks', 'real')
    .addColumn('ai_status', 'text')
    .addColumn('ai_result', 'text')
    .addColumn('needs_review', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('graded_at', 'text')
    .addUniqueConstraint('submission_one_per_student', ['assignment_id', 'student_id'])
    .execute();

  await db.schema
    .createTable('evaluation_run')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('assignment_id', 'text', (c) =>
      c.notNull().references('assignment.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('evaluation_run_assignment_idx')
    .on('evaluation_run')
    .columns(['assignment_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('mark_change')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('submission_id', 'text', (c) =>
      c.notNull().references('submission.id').onDelete('cascade'),
    )
    .addColumn('changed_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('from_marks', 'real')
    .addColumn('to_marks', 'real')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mark_change_submission_idx')
    .on('mark_change')
    .column('submission_id')
    .execute();

  await db.schema
    .createTable('contact_message')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('forwarded_at', 'text')
    .addColumn('forward_error', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of [
    'contact_message',
    'mark_change',
    'evaluation_run',
    'submission',
    'enrollment',
    'assignment',
    'file',
  ]) {
    await db.schema.dropTable(t).execute();
  }
}
