import type { Kysely } from 'kysely';
import type { Role } from '../../../shared/api';
import type { Database } from '../../db/schema';

/** Sets the role only while none is set; returns whether this call set it. */
export async function setRoleOnce(
  db: Kysely<Database>,
  userId: string,
  role: Role,
): Promise<boolean> {
  const result = await db
    .updateTable('user')
    .set({ role })
    .where('id', '=', userId)
    .where('role', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
