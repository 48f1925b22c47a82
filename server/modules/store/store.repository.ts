import type { Db } from '#server/db/database.ts';
import type { StoreTable } from '#server/db/schema.ts';

// Explicit columns: the fields issue 10 adds (scripts, contact) are chosen per use, not all at once.
export const STORE_COLUMNS = ['id', 'userId', 'slug', 'name', 'section', 'description', 'published', 'expiresAt', 'createdAt'] as const;

export async function insertStore(db: Db, store: Omit<StoreTable, 'id'>): Promise<number> {
  const row = await db.insertInto('store').values(store).returning('id').executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findStoreById(db: Db, id: number) {
  return db.selectFrom('store').select(STORE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findStoreByOwner(db: Db, { userId }: { userId: number }) {
  return db.selectFrom('store').select(STORE_COLUMNS).where('userId', '=', userId).executeTakeFirst();
}

export async function findStoreBySlug(db: Db, slug: string) {
  return db.selectFrom('store').select(STORE_COLUMNS).where('slug', '=', slug).executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom('store').select('id').where('slug', '=', slug).executeTakeFirst());
}

/** The store of a scope: its id comes from a StoreScope, never from a request. */
export async function updateStore(db: Db, { storeId }: { storeId: number }, changes: Partial<Pick<StoreTable, 'published' | 'expiresAt' | 'updatedAt'>>) {
  await db.updateTable('store').set(changes).where('id', '=', storeId).execute();
}

export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStoreById>>>;
