import { readLocaleNumber } from '#common/locale-number.ts';
import type { Locale } from '#common/locale.ts';
import { type QueryWord, queryWords } from '#common/search-terms.ts';
import { asIvaCode } from '#common/iva.ts';
import { type ShopPrice, shopPrice } from '#common/shop-price.ts';
import { expiryOf } from '#common/store-expiry.ts';
import { AppError } from '#server/errors.ts';
import { plainText, sanitizePageHtml } from '#server/modules/page/page-html.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { ownStoreScope, shopStoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { findShopScripts, hasShopScripts } from './shop-pixel.repository.ts';
import * as shop from './shop.repository.ts';

// What each storefront page shows, read through the shop's repository. Render functions
// (shop-pages.ts) take these and return HTML; nothing here knows about HTML or HTTP.

export type ShopStore = Awaited<ReturnType<typeof shop.findShopStore>>;
/** Why the owner sees a store shoppers do not: null for a store shoppers see too. */
export type Preview = null | 'unpublished' | 'expired';

/** The store, its menu and its pages: what every storefront page draws around its content. */
export type ShopFrame = {
  scope: StoreScope;
  store: ShopStore;
  categories: Awaited<ReturnType<typeof shop.listShopCategories>>;
  pages: Awaited<ReturnType<typeof shop.listShopPages>>;
  preview: Preview;
  /** Whether the store has analytics or pixel scripts, which then run in the sandboxed frame (shop-pixel.ts). */
  pixel: boolean;
};

/**
 * The store a request shows: one shoppers may see (decision 025's `shopStoreScope`), or — for its
 * owner, logged in — their own store whatever its state, marked as a preview. Anyone else gets 404.
 */
export async function resolveShopScope(deps: ServiceDeps, slug: string, viewer: () => Promise<{ id: number } | null>): Promise<{ scope: StoreScope; ownerPreview: boolean }> {
  try {
    return { scope: await shopStoreScope(deps, slug), ownerPreview: false };
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 404) throw error;
    const user = await viewer();
    const own = user ? await ownStoreScope(deps, { userId: user.id }) : null;
    if (!own || own.slug !== slug) throw error;
    return { scope: own, ownerPreview: true };
  }
}

export async function loadFrame(deps: ServiceDeps, scope: StoreScope, ownerPreview: boolean): Promise<ShopFrame> {
  const [store, categories, pages, pixel] = await Promise.all([shop.findShopStore(deps.db, scope), shop.listShopCategories(deps.db, scope), shop.listShopPages(deps.db, scope), hasShopScripts(deps.db, scope)]);
  let preview: Preview = null;
  if (ownerPreview) preview = store.published !== 1 ? 'unpublished' : expiryOf(store.expiresAt, deps.clock.now()).status === 'expired' ? 'expired' : null;
  return { scope, store, categories, pages, preview, pixel };
}

export type ProductCard = {
  id: number;
  name: string;
  slug: string;
  stock: number;
  imageId: string | null;
  price: ShopPrice;
  rating: { average: number; count: number } | null;
};

async function cardsOf(deps: ServiceDeps, scope: StoreScope, rows: Awaited<ReturnType<typeof shop.listShopProducts>>['rows']): Promise<ProductCard[]> {
  const ids = rows.map((row) => row.id);
  const [galleries, ratings] = await Promise.all([shop.shopGalleries(deps.db, scope, ids), shop.shopRatings(deps.db, scope, ids)]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    stock: row.stock,
    imageId: galleries.get(row.id)?.[0] ?? null,
    price: shopPrice({ ...row, ivaCode: asIvaCode(row.ivaCode) }),
    rating: ratings.get(row.id) ?? null,
  }));
}

export const HOME_PRODUCTS = 8;

export async function loadHome(deps: ServiceDeps, scope: StoreScope) {
  const [banners, featured, newest] = await Promise.all([
    shop.listShopBanners(deps.db, scope),
    shop.listShopProducts(deps.db, scope, { featured: true, sort: 'relevance', offset: 0, limit: HOME_PRODUCTS, count: false }),
    shop.listShopProducts(deps.db, scope, { sort: 'newest', offset: 0, limit: HOME_PRODUCTS, count: false }),
  ]);
  return { banners, featured: await cardsOf(deps, scope, featured.rows), newest: await cardsOf(deps, scope, newest.rows) };
}

export const PAGE_SIZE = 24;
export const SORTS = ['relevance', 'price-asc', 'price-desc', 'name', 'newest'] as const satisfies readonly shop.ShopSort[];

/** The filters of a category page as the shopper asked, kept as typed so the form shows them again. */
export type CategoryFilters = { sub: string; brand: string; color: string; size: string; min: string; max: string; inStock: boolean; sort: shop.ShopSort; page: number };

/**
 * The `?page=` a shopper's address asks for when it is no page (a word, 0, a fraction, past the
 * last one we draw), else null: the page answers 400 and says so rather than guess page 1.
 */
export function badPageParam(params: URLSearchParams): string | null {
  const raw = params.get('page');
  if (raw === null || raw === '') return null;
  const page = Number(raw);
  return /^\d+$/.test(raw) && page >= 1 && page <= 10_000 ? null : raw.slice(0, 40);
}

export function readFilters(params: URLSearchParams): CategoryFilters {
  const text = (name: string) => (params.get(name) ?? '').slice(0, 60);
  const sort = params.get('sort');
  const page = Number(params.get('page'));
  return {
    sub: text('sub'),
    brand: text('brand'),
    color: text('color'),
    size: text('size'),
    min: text('min'),
    max: text('max'),
    inStock: params.get('stock') === '1',
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as shop.ShopSort) : 'relevance',
    page: Number.isSafeInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** A price typed in the filter, read in the page's language; undefined when empty, NaN when not a price. */
export function readPrice(raw: string, locale: Locale): number | undefined {
  if (raw.trim() === '') return undefined;
  const value = readLocaleNumber(raw, locale) ?? Number.NaN;
  return Number.isFinite(value) && value >= 0 && value < 10_000_000 ? Math.round(value * 100) : Number.NaN;
}

export async function loadCategory(deps: ServiceDeps, scope: StoreScope, slug: string, filters: CategoryFilters, locale: Locale) {
  const category = await shop.findShopCategory(deps.db, scope, slug);
  if (!category) return null;
  const [subcategories, brandIds, colors, sizes] = await Promise.all([
    shop.listShopSubcategories(deps.db, scope, category.id),
    shop.brandIdsInCategory(deps.db, scope, category.id),
    shop.listShopColors(deps.db, scope),
    shop.listShopSizes(deps.db, scope),
  ]);
  const brands = await shop.listShopBrands(deps.db, scope, brandIds);
  const min = readPrice(filters.min, locale);
  const max = readPrice(filters.max, locale);
  const priceError = Number.isNaN(min) || Number.isNaN(max);
  const subcategory = subcategories.find((row) => row.slug === filters.sub);
  const query: shop.ProductQuery = {
    categoryId: category.id,
    subcategoryId: subcategory?.id,
    brandId: brands.find((row) => row.slug === filters.brand)?.id,
    colorId: colors.find((row) => row.slug === filters.color)?.id,
    sizeId: sizes.find((row) => row.slug === filters.size)?.id,
    minCents: priceError ? undefined : min,
    maxCents: priceError ? undefined : max,
    inStock: filters.inStock,
    sort: filters.sort,
    offset: (filters.page - 1) * PAGE_SIZE,
    limit: PAGE_SIZE,
  };
  const { total, rows } = await shop.listShopProducts(deps.db, scope, query);
  return { category, subcategory, subcategories, brands, colors, sizes, priceError, total, products: await cardsOf(deps, scope, rows) };
}

export async function loadSearch(deps: ServiceDeps, scope: StoreScope, q: string, page: number) {
  const words = queryWords(q);
  if (words.length === 0) return { total: 0, capped: false, products: [] as ProductCard[] };
  const find = (found: readonly QueryWord[]) => shop.listShopProducts(deps.db, scope, { words: found, sort: 'relevance', offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE });
  // The words as typed; when no product of the store has them at all, their search is not asked
  // (one look-up says so, where the statement that finds nothing costs ~0.1 ms: issue 40 §7).
  let found: Awaited<ReturnType<typeof find>> = (await shop.mayMatchShopWords(deps.db, scope, words)) ? await find(words) : { total: 0, capped: false, rows: [] };
  // Nothing for the words as typed: one typo per word is forgiven (decision 095). Asked only then,
  // since a word's neighbours also find other words' products ("casa" is one letter from "cama").
  if (found.total === 0) found = await find(await shop.findShopWords(deps.db, scope, q, { typos: true }));
  return { total: found.total, capped: found.capped, products: await cardsOf(deps, scope, found.rows) };
}

export type VariantView = Awaited<ReturnType<typeof shop.listShopVariants>>[number] & { price: ShopPrice };

export const REVIEWS_SHOWN = 20;

export async function loadProduct(deps: ServiceDeps, scope: StoreScope, slug: string) {
  const product = await shop.findShopProduct(deps.db, scope, slug);
  if (!product) return null;
  const [galleries, variantRows, reviews, ratings, category, brand, colors, sizes, subcategory] = await Promise.all([
    shop.shopGalleries(deps.db, scope, [product.id]),
    shop.listShopVariants(deps.db, scope, product.id),
    shop.listApprovedReviews(deps.db, scope, product.id, REVIEWS_SHOWN),
    shop.shopRatings(deps.db, scope, [product.id]),
    shop.findShopCategoryById(deps.db, scope, product.categoryId),
    product.brandId ? shop.findShopBrand(deps.db, scope, product.brandId) : undefined,
    shop.listShopColors(deps.db, scope),
    shop.listShopSizes(deps.db, scope),
    product.subcategoryId ? shop.findShopSubcategory(deps.db, scope, product.subcategoryId) : undefined,
  ]);
  const variants: VariantView[] = variantRows.map((row) => ({ ...row, price: shopPrice({ priceCents: row.priceCents, discountBp: product.discountBp, ivaCode: asIvaCode(row.ivaCode ?? product.ivaCode), compareAtCents: null }) }));
  return {
    // The description is formatted text (decision 050): sanitized here, as it is shown, so rows
    // saved before the sanitizer or by any other road are safe too; `descriptionText` is its words
    // alone, for the meta description, Open Graph and JSON-LD.
    product: { ...product, description: sanitizePageHtml(product.description), descriptionText: plainText(product.description), content: product.content ? sanitizePageHtml(product.content) : '' },
    price: shopPrice({ ...product, ivaCode: asIvaCode(product.ivaCode) }),
    images: galleries.get(product.id) ?? [],
    variants,
    // Only the colours and sizes its variants (or the product itself) come in, in the store's order.
    colors: colors.filter((color) => variants.some((v) => v.colorId === color.id) || (variants.length === 0 && product.colorId === color.id)),
    sizes: sizes.filter((size) => variants.some((v) => v.sizeId === size.id) || (variants.length === 0 && product.sizeId === size.id)),
    reviews,
    rating: ratings.get(product.id) ?? null,
    category,
    subcategory,
    brand,
  };
}

export async function loadPage(deps: ServiceDeps, scope: StoreScope, slug: string) {
  const page = await shop.findShopPage(deps.db, scope, slug);
  return page ? { ...page, content: sanitizePageHtml(page.content) } : null;
}

export const SITEMAP_LIMIT = 50_000;

export const loadSitemap = (deps: ServiceDeps, scope: StoreScope) => shop.shopSitemapEntries(deps.db, scope, SITEMAP_LIMIT);

export const visibleStores = (deps: ServiceDeps) => shop.listVisibleStoreSlugs(deps.db, deps.clock.now().toISOString());

/** The merchant's analytics and pixel scripts, for the sandboxed frame that runs them (shop-pixel.routes.ts). */
export const loadShopScripts = (deps: ServiceDeps, scope: StoreScope) => findShopScripts(deps.db, scope);
