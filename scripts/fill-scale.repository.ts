import { type Insertable, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';

// The SQL of the scale fill (fill-scale.ts): rows by the thousand, straight into the tables, and
// the ids it reads back to link them. Not module repositories: no request ever writes this way.

/** Rows per INSERT: under SQLite's 32 766 bound parameters for the widest table (product, ~25). */
export const ROWS_PER_INSERT = 1000;

export async function insertRows<T extends keyof Database & string>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    // Kysely's generic insert over a table chosen at run time
    await db.insertInto(table).values(rows.slice(start, start + ROWS_PER_INSERT) as never).execute();
  }
}

/** The ids of the fill's users, by email: the big store's owner and everyone at `@<domain>`. */
export async function userIdsByEmail(db: Db, ownerEmail: string, domain: string): Promise<Map<string, number>> {
  const rows = await db.selectFrom('user').select(['id', 'email']).where('email', '=', ownerEmail)
    .union(db.selectFrom('user').select(['id', 'email']).where('email', 'like', `%@${domain}`))
    .execute();
  return new Map(rows.map((row) => [row.email, row.id]));
}

/** A store's colours, sizes, brands or categories, in the order they were written. */
export async function idsInStore(db: Db, { storeId }: { storeId: number }, table: 'category' | 'brand' | 'color' | 'size'): Promise<number[]> {
  return (await db.selectFrom(table).select('id').where('storeId', '=', storeId).orderBy('id').execute()).map((row) => row.id);
}

export function subcategoriesInStore(db: Db, { storeId }: { storeId: number }) {
  return db.selectFrom('subcategory').select(['id', 'categoryId']).where('storeId', '=', storeId).orderBy('id').execute();
}

export function productsBySku(db: Db, { storeId }: { storeId: number }, skus: string[]) {
  return db.selectFrom('product').select(['id', 'sku', 'priceCents', 'stock']).where('storeId', '=', storeId).where('sku', 'in', skus).execute();
}

/** Each store's owner as its member (decision 088: the dashboard acts on the stores one is a member of), as the store service makes them. */
export async function addOwnerMembers(db: Db, createdAt: string): Promise<void> {
  await sql`insert into store_member (store_id, user_id, role, created_at) select id, user_id, 'owner', ${createdAt} from store where id not in (select store_id from store_member)`.execute(db);
}
