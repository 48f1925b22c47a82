import type { Db } from '#server/db/database.ts';
import type { StoreRole } from '#common/store-permissions.ts';
import type { StoreScope } from './store-scope-type.ts';

// The queries the tenancy layer resolves a request's store with (decision 088). They run before a
// request's store scope exists (they find it), so they name a user rather than a store.

const SCOPE_COLUMNS = ['id', 'slug', 'userId', 'published', 'expiresAt'] as const;

export async function findStoreById(db: Db, id: number) {
  return db.selectFrom('store').select(SCOPE_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function findStoreBySlug(db: Db, slug: string) {
  return db.selectFrom('store').select(SCOPE_COLUMNS).where('slug', '=', slug).executeTakeFirst();
}

export async function findStoreByOwner(db: Db, userId: number) {
  return db.selectFrom('store').select(SCOPE_COLUMNS).where('userId', '=', userId).executeTakeFirst();
}

export type Membership = { storeId: number; slug: string; name: string; role: StoreRole };

/** Every store the user is a member of, their own first, then by name: the header's switcher. */
export async function membershipsOf(db: Db, userId: number): Promise<Membership[]> {
  const rows = await db
    .selectFrom('storeMember')
    .innerJoin('store', 'store.id', 'storeMember.storeId')
    .select(['store.id as storeId', 'store.slug', 'store.name', 'storeMember.role'])
    .where('storeMember.userId', '=', userId)
    .orderBy('store.name')
    .orderBy('store.id')
    .execute();
  return rows.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}

/** Makes `userId` a member of the store with `role` (the owner at the store's opening, an invitee at acceptance). */
export async function insertMember(db: Db, scope: StoreScope, member: { userId: number; role: StoreRole; createdAt: string }): Promise<void> {
  await db.insertInto('storeMember').values({ storeId: scope.storeId, ...member }).execute();
}

/** The session's store in use; null for the user's default. */
export async function sessionActingStore(db: Db, sessionTokenHash: string): Promise<number | null> {
  const row = await db.selectFrom('session').select('actingStoreId').where('id', '=', sessionTokenHash).executeTakeFirst();
  return row?.actingStoreId ?? null;
}

export async function setSessionActingStore(db: Db, sessionTokenHash: string, scope: StoreScope | null): Promise<void> {
  await db.updateTable('session').set({ actingStoreId: scope?.storeId ?? null }).where('id', '=', sessionTokenHash).execute();
}
