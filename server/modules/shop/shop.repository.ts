import { type Expression, type ExpressionBuilder, type RawBuilder, type Selectable, type SelectQueryBuilder, sql } from 'kysely';
import { type QueryWord, TEXT_MATCH_CAP } from '#common/search-terms.ts';
import { ivaBpCaseSql } from '#common/iva.ts';
import type { Database } from '#server/db/schema.ts';
import type { Db } from '#server/db/database.ts';
import { anyTextMatch, searchWords, textMatchTables } from '#server/db/product-text.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The storefront's own door (ARCHITECTURE: "The storefront reads through its own door"): every
// query here applies what a shopper may see — enabled records, published pages, approved reviews —
// on top of the store scope, which shopStoreScope (or the owner's preview) resolved.

export const SHOP_STORE_COLUMNS = [
  'id', 'slug', 'name', 'description', 'logo', 'style', 'keywords', 'rating', 'published', 'expiresAt', 'updatedAt',
  'contactEmail', 'contactPhone', 'contactAddress', 'contactState', 'contactCity', 'contactZip', 'contactCountry',
  'facebook', 'instagram', 'tiktok', 'x', 'youtube', 'whatsapp',
] as const;

export const findShopStore = (db: Db, scope: StoreScope) => db.selectFrom('store').select(SHOP_STORE_COLUMNS).where('id', '=', scope.storeId).executeTakeFirstOrThrow();

export const listShopCategories = (db: Db, scope: StoreScope) =>
  db.selectFrom('category').select(['id', 'name', 'slug', 'imageId']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).orderBy('name').orderBy('id').execute();

export const findShopCategory = (db: Db, scope: StoreScope, slug: string) =>
  db.selectFrom('category').select(['id', 'name', 'slug', 'imageId', 'updatedAt']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('slug', '=', slug).executeTakeFirst();

export const listShopSubcategories = (db: Db, scope: StoreScope, categoryId: number) =>
  db.selectFrom('subcategory').select(['id', 'name', 'slug', 'imageId']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('categoryId', '=', categoryId).orderBy('name').orderBy('id').execute();

export const findShopSubcategory = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('subcategory').select(['id', 'name', 'slug', 'categoryId']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('id', '=', id).executeTakeFirst();

/** Banners in the owner's order (their `sort_order`, then age). */
export const listShopBanners = (db: Db, scope: StoreScope) =>
  db.selectFrom('banner').select(['id', 'imageId', 'buttonName', 'link']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('imageId', 'is not', null).orderBy('sortOrder').orderBy('id').execute();

export const listShopPages = (db: Db, scope: StoreScope) =>
  db.selectFrom('page').select(['id', 'title', 'slug', 'updatedAt']).where('storeId', '=', scope.storeId).where('published', '=', 1).orderBy('title').orderBy('id').execute();

export const findShopPage = (db: Db, scope: StoreScope, slug: string) =>
  db.selectFrom('page').select(['id', 'title', 'slug', 'content', 'updatedAt']).where('storeId', '=', scope.storeId).where('published', '=', 1).where('slug', '=', slug).executeTakeFirst();

export const listShopBrands = (db: Db, scope: StoreScope, ids: readonly number[]) =>
  ids.length === 0 ? Promise.resolve([]) : db.selectFrom('brand').select(['id', 'name', 'slug']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('id', 'in', ids).orderBy('name').execute();

export const listShopColors = (db: Db, scope: StoreScope) =>
  db.selectFrom('color').select(['id', 'name', 'slug', 'hex']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).orderBy('name').orderBy('id').execute();

export const listShopSizes = (db: Db, scope: StoreScope) =>
  // Sizes left at the same order keep the order they were made in (S, M, L), not their names' (L, M, S).
  db.selectFrom('size').select(['id', 'name', 'slug']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).orderBy('sortOrder').orderBy('id').execute();

/** The brands that enabled products of a category carry, for its brand filter. */
export async function brandIdsInCategory(db: Db, scope: StoreScope, categoryId: number): Promise<number[]> {
  const rows = await db.selectFrom('product').select('brandId').distinct().where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('categoryId', '=', categoryId).where('brandId', 'is not', null).execute();
  return rows.map((row) => row.brandId!);
}

const PRODUCT_CARD = ['product.id', 'product.name', 'product.slug', 'product.priceCents', 'product.compareAtCents', 'product.discountBp', 'product.ivaCode', 'product.stock', 'product.brandId', 'product.description', 'product.sku'] as const;

export type ShopSort = 'relevance' | 'price-asc' | 'price-desc' | 'name' | 'newest';

export type ProductQuery = {
  categoryId?: number;
  subcategoryId?: number;
  brandId?: number;
  colorId?: number;
  sizeId?: number;
  /** The price a shopper pays (discount and tax applied), in cents. */
  minCents?: number;
  maxCents?: number;
  inStock?: boolean;
  featured?: boolean;
  /** A search's words (product-text.ts, decision 095): only their matches, and by relevance, those whose name has every word first. */
  words?: readonly QueryWord[];
  sort: ShopSort;
  offset: number;
  limit: number;
  /** false where no page shows the total (the home's rows): counting a large catalogue costs more than its rows. */
  count?: boolean;
};

// What the shopper pays, in cents, as SQL: `shopPrice`'s arithmetic (common/shop-price.ts, an
// order line's) to the cent — the discount rounded off the price, then the tax on what is left
// rounded on — so a filter or a sort agrees with the prices the page shows. Both databases' round()
// of an exact decimal goes half away from zero, as `roundHalfUp` does; bigint keeps the products
// of cents and basis points clear of PostgreSQL's 32-bit integer. The IVA's rate is its code's,
// from SRI's table as common/iva.ts writes it (a `case`: the table is the one source).
const BASE = sql<number>`(cast(product.price_cents as bigint) - round(cast(product.price_cents as bigint) * product.discount_bp / 10000.0))`;
const PAID = sql<number>`(${BASE} + round(${BASE} * ${sql.raw(ivaBpCaseSql('product.iva_code'))} / 10000.0))`;

/** A shopper's words as the search reads them (decision 095), with `typos` one typo a word forgiven: none when no typo form is known. */
export const findShopWords = (db: Db, scope: StoreScope, q: string, options: { typos: boolean }) => searchWords(db, scope, q, options);

/** Whether the words as typed may find anything at all (`anyTextMatch`): `false` only when no product of the store, in any state, has them. */
export const mayMatchShopWords = (db: Db, scope: StoreScope, words: readonly QueryWord[]) => anyTextMatch(db, scope, words);

export async function listShopProducts(db: Db, scope: StoreScope, query: ProductQuery) {
  if (query.words?.length === 0) return { total: 0, capped: false, rows: [] };
  const text = query.words ? textMatchTables(db, scope, query.words) : undefined;
  let select = (text ? matchedProducts(db, text) : db.selectFrom('product')).where('product.storeId', '=', scope.storeId).where('product.enabled', '=', 1);
  if (query.categoryId !== undefined) select = select.where('product.categoryId', '=', query.categoryId);
  if (query.subcategoryId !== undefined) select = select.where('product.subcategoryId', '=', query.subcategoryId);
  if (query.brandId !== undefined) select = select.where('product.brandId', '=', query.brandId);
  if (query.inStock) select = select.where('product.stock', '>', 0);
  if (query.featured) select = select.where('product.featured', '=', 1);
  if (query.minCents !== undefined) select = select.where(PAID, '>=', query.minCents);
  if (query.maxCents !== undefined) select = select.where(PAID, '<=', query.maxCents);
  // A colour or a size is the product's own, or one of its enabled variants'.
  const hasVariant = (eb: ExpressionBuilder<Database, 'product'>, column: 'colorId' | 'sizeId', id: number) =>
    eb.exists(
      eb.selectFrom('variant').select('variant.id').where('variant.storeId', '=', scope.storeId).whereRef('variant.productId', '=', 'product.id').where('variant.enabled', '=', 1).where(`variant.${column}`, '=', id),
    );
  if (query.colorId !== undefined) {
    const id = query.colorId;
    select = select.where((eb) => eb.or([eb('product.colorId', '=', id), hasVariant(eb, 'colorId', id)]));
  }
  if (query.sizeId !== undefined) {
    const id = query.sizeId;
    select = select.where((eb) => eb.or([eb('product.sizeId', '=', id), hasVariant(eb, 'sizeId', id)]));
  }
  if (text) return listMatches(db, scope, select, text, query);
  const counted = query.count === false ? { total: -1 } : await select.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  let rows = select.select(PRODUCT_CARD);
  for (const [key, direction] of orderKeys(query)) rows = rows.orderBy(key, direction);
  return { total: Number(counted.total), capped: false, rows: await rows.orderBy('product.id', 'desc').offset(query.offset).limit(query.limit).execute() };
}

type TextMatchTables = ReturnType<typeof textMatchTables>;

/**
 * A search's products: its newest matches first, each one's row read by its key (`newest`, a cross
 * join). Typed as `product` alone, as the list's conditions and columns are all `product`'s.
 */
const matchedProducts = (db: Db, text: TextMatchTables) =>
  db.selectFrom(text.newest).crossJoin('product').whereRef('product.id', '=', 'text_page.id') as unknown as SelectQueryBuilder<Database, 'product', object>;

/** A list's order before its key (`product.id`, newest first): the shopper's sort; by relevance, a search's matches whose name has every word first. */
function orderKeys(query: ProductQuery, named?: RawBuilder<boolean>): [Expression<unknown>, 'asc' | 'desc'][] {
  switch (query.sort) {
    case 'price-asc':
      return [[PAID, 'asc']];
    case 'price-desc':
      return [[PAID, 'desc']];
    case 'name':
      return [[sql.ref('product.name'), 'asc']];
    case 'newest':
      return [[sql.ref('product.createdAt'), 'desc']];
    default:
      return [...(named ? [[sql`case when ${named} then 1 else 0 end`, 'desc'] as [Expression<unknown>, 'desc']] : []), [sql.ref('product.featured'), 'desc'], [sql.ref('product.priority'), 'desc']];
  }
}

/** A card's row, and its columns as a statement's own text (`listMatches` reads them beside the page's keys). */
type ProductCard = Pick<Selectable<Database['product']>, (typeof PRODUCT_CARD)[number] extends `product.${infer C extends keyof Database['product']}` ? C : never>;
const PRODUCT_CARD_SQL = sql.join(PRODUCT_CARD.map((column) => sql.ref(column)));

/**
 * A search's page among its matches (at most TEXT_MATCH_CAP, the newest): one statement finds them
 * (`textMatchTables`), keeps each shown one's key and order once (`ranked`), counts them there,
 * orders that page and reads its cards by key. A page past the last has no row to carry the
 * count: it is counted on its own.
 */
async function listMatches(db: Db, scope: StoreScope, select: SelectQueryBuilder<Database, 'product', object>, text: TextMatchTables, query: ProductQuery) {
  const order = orderKeys(query, text.named);
  const ranked = sql`${text.with}, ranked as materialized ${select.select(['product.id', ...order.map(([key], index) => sql`${key}`.as(`key${index}`))])}`;
  const orderBy = (table: string) => sql.join([...order.map(([, direction], index) => sql`${sql.ref(`${table}.key${index}`)} ${sql.raw(direction)}`), sql`${sql.ref(`${table}.id`)} desc`]);
  // The page's cards are read in the same statement, after its sort (a card's columns carried
  // through the sort of 1,000 matches cost more than they saved), where a second statement read
  // them by key: its building, its JSON list of keys and its own run (issue 40 §7).
  const counts = sql`(select count(*) from ranked) as total, ${text.found} as found`;
  const page = sql`select ranked.*, ${counts} from ranked order by ${orderBy('ranked')} limit ${query.limit} offset ${query.offset}`;
  const rows = (await sql<ProductCard & { total: number; found: number }>`${ranked} select ${PRODUCT_CARD_SQL}, page.total as total, page.found as found from (${page}) as page cross join product where product.id = page.id and product.store_id = ${scope.storeId} order by ${orderBy('page')}`.execute(db)).rows;
  // Nothing on the first page: nothing shown (the words are tried again with typos forgiven).
  if (rows.length === 0 && query.offset === 0) return { total: 0, capped: false, rows: [] };
  const counted = rows[0] ?? (await sql<{ total: number; found: number }>`${ranked} select ${counts}`.execute(db)).rows[0]!;
  return { total: Number(counted.total), capped: Number(counted.found) > TEXT_MATCH_CAP, rows: rows.map(({ total: _total, found: _found, ...card }) => card) };
}

export const findShopProduct = (db: Db, scope: StoreScope, slug: string) =>
  db
    .selectFrom('product')
    .select(['id', 'name', 'slug', 'description', 'content', 'sku', 'code', 'categoryId', 'subcategoryId', 'brandId', 'colorId', 'sizeId', 'priceCents', 'compareAtCents', 'discountBp', 'ivaCode', 'stock', 'updatedAt'])
    .where('storeId', '=', scope.storeId)
    .where('enabled', '=', 1)
    .where('slug', '=', slug)
    .executeTakeFirst();

export const findShopBrand = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('brand').select(['id', 'name']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('id', '=', id).executeTakeFirst();

export const findShopCategoryById = (db: Db, scope: StoreScope, id: number) =>
  db.selectFrom('category').select(['id', 'name', 'slug']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).where('id', '=', id).executeTakeFirst();

/**
 * A product's variants in the order its choices are shown: by colour (as the colours are listed),
 * then by size in the store's order of sizes (S, M, L — not L, M, S by name), then as they were made.
 */
export const listShopVariants = (db: Db, scope: StoreScope, productId: number) =>
  db
    .selectFrom('variant')
    .leftJoin('color', (join) => join.onRef('color.id', '=', 'variant.colorId').onRef('color.storeId', '=', 'variant.storeId'))
    .leftJoin('size', (join) => join.onRef('size.id', '=', 'variant.sizeId').onRef('size.storeId', '=', 'variant.storeId'))
    .select(['variant.id', 'variant.name', 'variant.sku', 'variant.colorId', 'variant.sizeId', 'variant.priceCents', 'variant.ivaCode', 'variant.stock', 'variant.imageId'])
    .where('variant.storeId', '=', scope.storeId)
    .where('variant.productId', '=', productId)
    .where('variant.enabled', '=', 1)
    .orderBy((eb) => eb.fn.coalesce('color.name', eb.val('')))
    .orderBy((eb) => eb.fn.coalesce('size.sortOrder', eb.val(0)))
    .orderBy((eb) => eb.fn.coalesce('size.id', eb.val(0)))
    .orderBy('variant.id')
    .execute();

/** The galleries of some products, upload ids in order (position 0 the main image). */
export async function shopGalleries(db: Db, scope: StoreScope, productIds: readonly number[]): Promise<Map<number, string[]>> {
  const galleries = new Map<number, string[]>();
  if (productIds.length === 0) return galleries;
  const rows = await db.selectFrom('productImage').select(['productId', 'uploadId']).where('storeId', '=', scope.storeId).where('productId', 'in', productIds).orderBy('productId').orderBy('position').orderBy('id').execute();
  for (const row of rows) galleries.set(row.productId, [...(galleries.get(row.productId) ?? []), row.uploadId]);
  return galleries;
}

/** Average and count of approved reviews per product. */
export async function shopRatings(db: Db, scope: StoreScope, productIds: readonly number[]): Promise<Map<number, { average: number; count: number }>> {
  const ratings = new Map<number, { average: number; count: number }>();
  if (productIds.length === 0) return ratings;
  const rows = await db
    .selectFrom('review')
    .select(['productId', (eb) => eb.fn.avg<number>('rating').as('average'), (eb) => eb.fn.countAll<number>().as('count')])
    .where('storeId', '=', scope.storeId)
    .where('status', '=', 'approved')
    .where('productId', 'in', productIds)
    .groupBy('productId')
    .execute();
  for (const row of rows) ratings.set(row.productId, { average: Math.round(Number(row.average) * 10) / 10, count: Number(row.count) });
  return ratings;
}

export const listApprovedReviews = (db: Db, scope: StoreScope, productId: number, limit: number) =>
  db
    .selectFrom('review')
    .select(['id', 'authorName', 'rating', 'comment', 'createdAt'])
    .where('storeId', '=', scope.storeId)
    .where('productId', '=', productId)
    .where('status', '=', 'approved')
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();

/** What the store's sitemap lists: at most `limit` products (a sitemap file holds 50,000 addresses). */
export async function shopSitemapEntries(db: Db, scope: StoreScope, limit: number) {
  const [products, categories, pages] = await Promise.all([
    db.selectFrom('product').select(['slug', 'updatedAt']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).orderBy('id').limit(limit).execute(),
    db.selectFrom('category').select(['slug', 'updatedAt']).where('storeId', '=', scope.storeId).where('enabled', '=', 1).orderBy('id').execute(),
    db.selectFrom('page').select(['slug', 'updatedAt']).where('storeId', '=', scope.storeId).where('published', '=', 1).orderBy('id').execute(),
  ]);
  return { products, categories, pages };
}

/**
 * Every store shoppers may see at /shop/{slug}, for the platform's sitemap index (no store scope: it
 * names no store's rows). A store on its own verified domain is not there: its sitemap is its
 * domain's, named by that domain's robots.txt (decision 100), and an index lists its own host's only.
 */
export const listVisibleStoreSlugs = (db: Db, now: string) =>
  db
    .selectFrom('store')
    .select(['slug', 'updatedAt'])
    .where('published', '=', 1)
    .where((eb) => eb.or([eb('expiresAt', 'is', null), eb('expiresAt', '>', now)]))
    // Raw SQL: a read of every store's domain, as the domain directory's (the store guard asks one store's).
    .where(sql<boolean>`not exists (select 1 from store_domain where store_domain.store_id = store.id and store_domain.verified_at is not null)`)
    .orderBy('id')
    .limit(50_000)
    .execute();
