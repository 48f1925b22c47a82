import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A store's shipping zones, their rates and its pickup (issue 40 §1): every query scoped by the
// store, so another store's zone or rate is not found (a 404).

export const listZones = (db: Db, scope: StoreScope) =>
  db.selectFrom('shippingZone').select(['id', 'name', 'places']).where('storeId', '=', scope.storeId).orderBy('id').execute();

export const listRates = (db: Db, scope: StoreScope) =>
  db.selectFrom('shippingRate').select(['id', 'zoneId', 'name', 'kind', 'brackets', 'daysMin', 'daysMax', 'freeFromCents']).where('storeId', '=', scope.storeId).orderBy('id').execute();

export const findZone = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('shippingZone').select(['id', 'name', 'places']).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();

export const findRate = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('shippingRate').select(['id', 'zoneId', 'name', 'kind', 'brackets', 'daysMin', 'daysMax', 'freeFromCents']).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();

type ZoneValues = { name: string; places: string };
type RateValues = { name: string; kind: string; brackets: string; daysMin: number; daysMax: number; freeFromCents: number | null };

export async function insertZone(db: Db, scope: StoreScope, values: ZoneValues, at: string): Promise<number> {
  const row = await db.insertInto('shippingZone').values({ ...values, storeId: scope.storeId, createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateZone(db: Db, scope: StoreScope, id: number, values: ZoneValues, at: string): Promise<boolean> {
  const result = await db.updateTable('shippingZone').set({ ...values, updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The zone and its rates (the rates first: SQLite's foreign keys may be off). */
export async function deleteZone(db: Db, scope: StoreScope, id: number): Promise<boolean> {
  await db.deleteFrom('shippingRate').where('storeId', '=', scope.storeId).where('zoneId', '=', id).execute();
  const result = await db.deleteFrom('shippingZone').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function insertRate(db: Db, scope: StoreScope, zoneId: number, values: RateValues, at: string): Promise<number> {
  const row = await db.insertInto('shippingRate').values({ ...values, zoneId, storeId: scope.storeId, createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRate(db: Db, scope: StoreScope, id: number, values: RateValues, at: string): Promise<boolean> {
  const result = await db.updateTable('shippingRate').set({ ...values, updatedAt: at }).where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteRate(db: Db, scope: StoreScope, id: number): Promise<boolean> {
  const result = await db.deleteFrom('shippingRate').where('storeId', '=', scope.storeId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export const findPickup = (db: Db, scope: StoreScope) =>
  db.selectFrom('shippingPickup').select(['enabled', 'address', 'instructions']).where('storeId', '=', scope.storeId).executeTakeFirst();

export async function upsertPickup(db: Db, scope: StoreScope, values: { enabled: number; address: string; instructions: string }, at: string): Promise<void> {
  await db.insertInto('shippingPickup').values({ ...values, storeId: scope.storeId, createdAt: at, updatedAt: at })
    .onConflict((conflict) => conflict.column('storeId').doUpdateSet({ ...values, updatedAt: at }))
    .execute();
}
