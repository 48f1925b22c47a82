import type { Db } from '#server/db/database.ts';
import type { StoreEventTable } from '#server/db/schema.ts';
import type { Insertable } from 'kysely';

/** One event's row, in the caller's transaction; its id. */
export async function insertEvent(db: Db, row: Insertable<StoreEventTable>): Promise<number> {
  const { id } = await db.insertInto('storeEvent').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}
