import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope-type.ts';

// A store's own domain (decision 100): the owner's queries are scoped by the store; the request's
// host → store lookups read across stores on purpose (they find the store), in raw SQL as such
// reads are (the store guard wants one store).

const COLUMNS = ['id', 'host', 'verifyToken', 'verifiedAt', 'createdAt'] as const;

export async function findStoreDomain(db: Db, scope: StoreScope) {
  return db.selectFrom('storeDomain').select(COLUMNS).where('storeId', '=', scope.storeId).executeTakeFirst();
}

export async function insertStoreDomain(db: Db, scope: StoreScope, row: { host: string; verifyToken: string; createdAt: string }): Promise<void> {
  await db.insertInto('storeDomain').values({ storeId: scope.storeId, ...row, verifiedAt: null }).execute();
}

export async function markStoreDomainVerified(db: Db, scope: StoreScope, id: number, at: string): Promise<void> {
  await db.updateTable('storeDomain').set({ verifiedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', id).execute();
}

/** Removes the store's domain with this id; false when the store has none by that id. */
export async function deleteStoreDomain(db: Db, scope: StoreScope, id: number): Promise<boolean> {
  const result = await db.deleteFrom('storeDomain').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Whether another store holds the host (verified or not): one host, one store. */
export async function hostTakenByOther(db: Db, scope: StoreScope, host: string): Promise<boolean> {
  const { rows } = await sql<{ id: number }>`select id from store_domain where host = ${host} and store_id <> ${scope.storeId}`.execute(db);
  return rows.length > 0;
}

/** The store a verified host serves, across stores: the request's Host decides it. */
export async function storeOfVerifiedHost(db: Db, host: string): Promise<{ storeId: number; slug: string } | undefined> {
  const { rows } = await sql<{ storeId: number; slug: string }>`select s.id as store_id, s.slug from store_domain d join store s on s.id = d.store_id where d.host = ${host} and d.verified_at is not null`.execute(db);
  return rows[0];
}

/** The verified host of the store with this slug, if it has one: its /shop/{slug} pages move there. */
export async function verifiedHostOfSlug(db: Db, slug: string): Promise<string | undefined> {
  const { rows } = await sql<{ host: string }>`select d.host from store_domain d join store s on s.id = d.store_id where s.slug = ${slug} and d.verified_at is not null`.execute(db);
  return rows[0]?.host;
}
