import { sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The merchant's scripts leave the database only here, for the sandboxed pixel frame (issue 22
// §6); a storefront page asks only whether there are any.

export const findShopScripts = (db: Db, scope: StoreScope) =>
  db.selectFrom('store').select(['analyticsScript', 'pixelScript']).where('id', '=', scope.storeId).executeTakeFirstOrThrow();

export async function hasShopScripts(db: Db, scope: StoreScope): Promise<boolean> {
  const row = await db
    .selectFrom('store')
    .select(sql<number>`length(trim(analytics_script)) + length(trim(pixel_script))`.as('length'))
    .where('id', '=', scope.storeId)
    .executeTakeFirst();
  return Number(row?.length ?? 0) > 0;
}
