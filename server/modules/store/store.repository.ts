import { PostgresAdapter, sql, type Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StoreTable } from '#server/db/schema.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { StoreListFilter } from '#common/schemas/plan.ts';
import type { StoreScope } from '#server/tenancy/store-scope-type.ts';

// Explicit columns per use: the scripts (analytics, pixel) are read only where a screen edits them,
// never with the store's summary that layouts and lists show.
export const STORE_COLUMNS = ['id', 'userId', 'slug', 'name', 'section', 'description', 'published', 'planId', 'expiresAt', 'rating', 'logo', 'style', 'createdAt', 'updatedAt'] as const;
export const CONTACT_COLUMNS = ['contactEmail', 'contactPhone', 'contactAddress', 'contactState', 'contactCity', 'contactZip', 'contactCountry'] as const;
export const MARKETING_COLUMNS = ['facebook', 'instagram', 'tiktok', 'x', 'youtube', 'whatsapp'] as const;
export const ANALYTICS_COLUMNS = ['keywords', 'analyticsScript', 'pixelScript'] as const;
/** `/store/settings`: the slug only to show it (StoreChanges keeps it out of any update). */
export const SETTINGS_COLUMNS = ['published', 'section', 'name', 'description', 'slug'] as const;
type SectionColumn = (typeof SETTINGS_COLUMNS | typeof CONTACT_COLUMNS | typeof MARKETING_COLUMNS | typeof ANALYTICS_COLUMNS)[number];

/** What may change on a store: never its id, owner, slug (permanent, PRODUCT §5) or creation time. */
export type StoreChanges = Omit<Updateable<StoreTable>, 'id' | 'userId' | 'slug' | 'createdAt'>;

export async function insertStore(db: Db, store: Omit<StoreTable, 'id' | 'rating' | 'style' | 'styleChosenAt' | 'logo' | 'pageVersion' | (typeof CONTACT_COLUMNS)[number] | (typeof MARKETING_COLUMNS)[number] | (typeof ANALYTICS_COLUMNS)[number]>): Promise<number> {
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

/** One group of a store's columns (settings, contact, marketing, analytics), for the screen that edits it. */
export async function findStoreColumns<C extends SectionColumn>(db: Db, scope: StoreScope, columns: readonly C[]) {
  return db.selectFrom('store').select(columns).where('id', '=', scope.storeId).executeTakeFirst();
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return Boolean(await db.selectFrom('store').select('id').where('slug', '=', slug).executeTakeFirst());
}

export async function updateStore(db: Db, scope: StoreScope, changes: StoreChanges) {
  await db.updateTable('store').set(changes).where('id', '=', scope.storeId).execute();
}

export type StoreRow = NonNullable<Awaited<ReturnType<typeof findStoreById>>>;

/**
 * Deletes the store; every store-owned table's rows go with it through their `store_id` foreign
 * keys (`on delete cascade`, checked for each table of STORE_OWNED_TABLES by store-delete.test.ts).
 */
export async function deleteStore(db: Db, scope: StoreScope): Promise<boolean> {
  const result = await db.deleteFrom('store').where('id', '=', scope.storeId).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

// ---- design (issue 10 §3) ----------------------------------------------------------------------

/**
 * The store's logo and style with its owner, locked for the rest of the transaction on PostgreSQL
 * (SQLite serialises writers): two saves racing cannot both think they replace the same logo.
 */
export async function lockStoreDesign(db: Db, scope: StoreScope) {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db
    .selectFrom('store')
    .select(['userId', 'logo', 'style'])
    .where('id', '=', scope.storeId)
    .$if(postgres, (qb) => qb.forUpdate())
    .executeTakeFirst();
}

// ── Back office and plan reminders (issue 10 §8) ──

const STAFF_LIST_COLUMNS = [
  'store.id', 'store.name', 'store.slug', 'store.published', 'store.expiresAt', 'store.planId', 'store.createdAt',
  'plan.name as planName', 'plan.nameEn as planNameEn', 'user.id as ownerId', 'user.name as ownerName', 'user.lastname as ownerLastname', 'user.email as ownerEmail', 'user.lockerCode as ownerLocker',
] as const;

/** Every store for the back office: search by store or owner, filters by plan, published and expired. */
export async function listStoresForStaff(db: Db, query: StoreListFilter, now: string) {
  let select = db.selectFrom('store').innerJoin('user', 'user.id', 'store.userId').leftJoin('plan', 'plan.id', 'store.planId').select(STAFF_LIST_COLUMNS);
  if (query.q) select = select.where(matchesText(['store.name', 'store.slug', 'user.name', 'user.lastname', 'user.email', 'user.lockerCode'], query.q));
  if (query.plan) select = select.where('store.planId', '=', query.plan);
  if (query.published) select = select.where('store.published', '=', query.published === 'yes' ? 1 : 0);
  if (query.expired === 'yes') select = select.where('store.expiresAt', '<=', now);
  if (query.expired === 'no') select = select.where((eb) => eb.or([eb('store.expiresAt', 'is', null), eb('store.expiresAt', '>', now)]));
  const order = query.sort === 'name' ? 'store.name' : query.sort === 'expires' ? 'store.expiresAt' : 'store.id';
  return paginate(select.orderBy(order, query.dir).orderBy('store.id', query.dir), query.page);
}

/** One store with its owner and plan, for the back office's detail screen. */
export async function findStoreForStaff(db: Db, scope: StoreScope) {
  return db
    .selectFrom('store')
    .innerJoin('user', 'user.id', 'store.userId')
    .leftJoin('plan', 'plan.id', 'store.planId')
    .select([...STAFF_LIST_COLUMNS, 'store.section', 'store.description', 'store.rating', 'store.updatedAt', 'plan.maxProducts', 'plan.maxBanners', 'plan.maxPages'])
    .where('store.id', '=', scope.storeId)
    .executeTakeFirst();
}

/** Stores whose plan period ends after `after` and no later than `until` (the expiry reminders). */
export async function listStoresExpiringBetween(db: Db, after: string, until: string) {
  return db.selectFrom('store').select(['id', 'expiresAt']).where('expiresAt', '>', after).where('expiresAt', '<=', until).orderBy('id').execute();
}

/** The desk's store card in one query: the owner's store with its plan's name (no scripts). */
export async function findStoreCardByOwner(db: Db, { userId }: { userId: number }) {
  return db
    .selectFrom('store')
    .leftJoin('plan', 'plan.id', 'store.planId')
    .select(['store.id', 'store.slug', 'store.name', 'store.published', 'store.expiresAt', 'store.rating', 'plan.name as planName', 'plan.nameEn as planNameEn', 'store.logo', 'store.styleChosenAt', ...CONTACT_COLUMNS.map((column) => `store.${column}` as const)])
    .where('store.userId', '=', userId)
    .executeTakeFirst();
}

/** How many rows of a store-owned table the store has (its plan usage). */
export async function countStoreRows(db: Db, scope: StoreScope, table: 'product' | 'banner' | 'page'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('count')).where('storeId', '=', scope.storeId).executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The store's rating: the average of its approved reviews to one decimal, 0 with none. */
export async function refreshStoreRating(db: Db, scope: StoreScope): Promise<number> {
  const row = await db.selectFrom('review').select(sql<number | null>`avg(rating)`.as('average')).where('storeId', '=', scope.storeId).where('status', '=', 'approved').executeTakeFirst();
  const rating = row?.average == null ? 0 : Math.round(Number(row.average) * 10) / 10;
  await db.updateTable('store').set({ rating }).where('id', '=', scope.storeId).execute();
  return rating;
}
