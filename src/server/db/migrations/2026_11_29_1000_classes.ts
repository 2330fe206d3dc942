import type { Kysely } from 'kysely';

/**
 * Classes: a teacher's class (`class`: name, section, term with an optional end date, its own
 * join code, archived once its term is over), its members (`class_member`: students who joined
 * and co-teachers the owner added; a removed student keeps her row with `removed_at`, so she
 * cannot simply join again with the code) and email invitations (`class_invitation`, the
 * SHA-256 of each link's token, expiring). `assignment.class_id` is optional: assignments made
 * before classes, or without one, keep working as they did. Deleting a class leaves its
 * assignments without a class.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('class')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('section', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('term', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('term_ends_on', 'text')
    .addColumn('owner_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('archived_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('class_owner_idx').on('class').column('owner_id').execute();
  await db.schema
    .createTable('class_member')
    .addColumn('class_id', 'text', (c) => c.notNull().references('class.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('removed_at', 'text')
    .addPrimaryKeyConstraint('class_member_pk', ['class_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('class_member_user_idx')
    .on('class_member')
    .column('user_id')
    .execute();
  await db.schema
    .createTable('class_invitation')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('class_id', 'text', (c) => c.notNull().references('class.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('invited_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text')
    .addColumn('accepted_by', 'text', (c) => c.references('user.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('class_invitation_class_idx')
    .on('class_invitation')
    .column('class_id')
    .execute();
  await db.schema
    .alterTable('assignment')
    .addColumn('class_id', 'text', (c) => c.references('class.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('assignment_class_idx').on('assignment').column('class_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('assignment_class_idx').execute();
  await db.schema.alterTable('assignment').dropColumn('class_id').execute();
  await db.schema.dropTable('class_invitation').execute();
  await db.schema.dropTable('class_member').execute();
  await db.schema.dropTable('class').execute();
}
