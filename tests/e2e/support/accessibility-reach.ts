import type { RouteConfigEntry } from '@react-router/dev/routes';
import routes from '../../../app/routes.ts';
import { MAIN_URL } from './servers.ts';
import type { Seed } from './accessibility-seed.ts';

// What the axe walk (accessibility.spec.ts) visits: who opens each page route of app/routes.ts, at
// which address and with which answer, and the storefront's pages, which are Fastify's routes.

// `owner` is the same client, on its store's screens: a test of their own, so the two workers
// share the many store and catalog pages.
export type Role = 'anonymous' | 'client' | 'owner' | 'admin';
/** Who opens the route, at which address (default: its path), answered with which status (default: 200). */
export type Reach = { as: Role; path?: (seed: Seed) => string; status?: number } | { skip: string };

// Keyed by the route id without its language (`es/alert/show` → `alert/show`).
export const REACH: Record<string, Reach> = {
  // anonymous
  'user/login': { as: 'anonymous' },
  'user/register': { as: 'anonymous' },
  'user/reset': { as: 'anonymous' },
  'user/reset/confirm': { as: 'anonymous', path: () => '/user/reset/confirm?token=not-a-valid-token' },
  'user/invitation': { as: 'anonymous', path: () => '/user/invitation?token=not-a-valid-token' },
  'user/logout': { skip: 'not a page: it ends the session and redirects to the login page (checked above)' },
  terms: { as: 'anonymous' },
  maintenance: { as: 'anonymous' },
  error: { as: 'anonymous', path: () => '/error?status=500', status: 500 },
  // the catch-all: inside the dashboard layout, so a logged-in user's 404 keeps the menu
  '*': { as: 'client', path: () => '/no-such-page', status: 404 },
  // the client's casillero
  index: { as: 'client' },
  alert: { as: 'client' },
  'alert/show': { as: 'client', path: (seed) => `/alert/show?id=${seed.alertId}` },
  package: { as: 'client' },
  'package/show': { as: 'client', path: (seed) => `/package/show?id=${seed.packageId}` },
  ticket: { as: 'client' },
  'ticket/new': { as: 'client' },
  'ticket/show': { as: 'client', path: (seed) => `/ticket/show?id=${seed.ticketId}` },
  consolidate: { as: 'client' },
  'consolidate/new': { as: 'client' },
  'consolidate/show': { as: 'client', path: (seed) => `/consolidate/show?id=${seed.consolidationId}` },
  profile: { as: 'client' },
  'profile/update': { as: 'client' },
  'profile/password': { as: 'client' },
  'profile/delete': { as: 'client' },
  'profile/notifications': { as: 'client' },
  'profile/tokens': { as: 'client' },
  notification: { as: 'client' },
  // the client's store
  store: { as: 'owner' },
  'store/delete': { as: 'owner' },
  'store/design': { as: 'owner' },
  'store/settings': { as: 'owner' },
  'store/marketing': { as: 'owner' },
  'store/domain': { as: 'owner' },
  'store/contact': { as: 'owner' },
  'store/analytics': { as: 'owner' },
  'store/payments': { as: 'owner' },
  'store/shipping': { as: 'owner' },
  'store/shipping/zone': { as: 'owner' },
  'store/shipping/rate': { as: 'owner', path: (seed) => `/store/shipping/rate?zone=${seed.shippingZoneId}` },
  'store/staff': { as: 'owner' },
  'store/activity': { as: 'owner' },
  'store/webhooks': { as: 'owner' },
  'store/webhooks/new': { as: 'owner' },
  'store/webhooks/show': { as: 'owner', path: (seed) => `/store/webhooks/show?id=${seed.webhookId}` },
  'store/activity/export': { skip: 'not a page: the activity log\'s CSV download' },
  'catalog/product/import': { as: 'owner' },
  'catalog/product/variants': { as: 'owner', path: (seed) => `/catalog/product/variants?id=${seed.catalog.product}&color=${seed.catalog.color}&size=${seed.catalog.size}` },
  'catalog/product/duplicate': { skip: 'not a page: the product screen\'s confirmed duplicate posts here' },
  'store/switch': { skip: 'not a page: the header\'s store switcher posts here' },
  'catalog/product/stock': { skip: 'not a page: the product list\'s stock cell posts here' },
  // every kit resource: its list, its new form and one record
  ...catalogReach(['color', 'brand', 'category', 'subcategory', 'size', 'product', 'variant', 'coupon', 'review']),
  'sales/order': { as: 'owner' },
  'sales/order/show': { as: 'owner', path: (seed) => `/sales/order/show?id=${seed.orderId}` },
  'sales/customer': { as: 'owner' },
  'sales/customer/show': { as: 'owner', path: (seed) => `/sales/customer/show?id=${seed.customerId}` },
  'content/banner': { as: 'owner' },
  'content/banner/new': { as: 'owner' },
  'content/banner/show': { as: 'owner', path: (seed) => `/content/banner/show?id=${seed.bannerId}` },
  'content/page': { as: 'owner' },
  'content/page/new': { as: 'owner' },
  'content/page/show': { as: 'owner', path: (seed) => `/content/page/show?id=${seed.pageId}` },
  'sales/invoice': { as: 'owner' },
  'sales/invoice/show': { as: 'owner', path: (seed) => `/sales/invoice/show?id=${seed.invoiceId}` },
  'sales/invoice/pdf': { skip: 'not a page: the invoice\'s PDF download' },
  'sales/order/receipt': { skip: 'not a page: a transfer receipt\'s file (image or PDF)' },
  // the order's papers (issue 40 §3): the printable slips, and the list's CSV
  'store/orders/slip': { as: 'owner', path: (seed) => `/store/orders/slip?ids=${seed.orderId}` },
  'sales/order/export': { skip: 'not a page: the order list\'s CSV download' },
  'sales/invoice/xml': { skip: 'not a page: the invoice\'s XML download' },
  'sales/invoice/issue': { skip: 'not a page: the order page\'s "Issue invoice" button posts here' },
  'sales/invoice/sri-retry': { skip: 'not a page: the invoice page\'s "try again with SRI" button posts here' },
  'sales/credit-note/xml': { skip: 'not a page: a credit note\'s XML download' },
  'sales/credit-note/pdf': { skip: 'not a page: a credit note\'s PDF download' },
  // back office
  admin: { as: 'admin' },
  'admin/client': { as: 'admin' },
  'admin/client/show': { as: 'admin', path: (seed) => `/admin/client/show?id=${seed.clientId}` },
  'admin/package': { as: 'admin' },
  'admin/package/show': { as: 'admin', path: (seed) => `/admin/package/show?id=${seed.packageId}` },
  'admin/alert': { as: 'admin' },
  'admin/alert/show': { as: 'admin', path: (seed) => `/admin/alert/show?id=${seed.alertId}` },
  'admin/consolidate': { as: 'admin' },
  'admin/consolidate/show': { as: 'admin', path: (seed) => `/admin/consolidate/show?id=${seed.consolidationId}` },
  'admin/ticket': { as: 'admin' },
  'admin/ticket/show': { as: 'admin', path: (seed) => `/admin/ticket/show?id=${seed.ticketId}` },
  'admin/setting': { as: 'admin' },
  'admin/user': { as: 'admin' },
  'admin/plan': { as: 'admin' },
  'admin/store': { as: 'admin' },
  'admin/store/show': { as: 'admin', path: (seed) => `/admin/store/show?id=${seed.storeId}` },
};

/** The list, new and show routes of kit resources, the show one opening the seeded record. */
function catalogReach(keys: (keyof Seed['catalog'])[]): Record<string, Reach> {
  return Object.fromEntries(
    keys.flatMap((key) => [
      [`catalog/${key}`, { as: 'owner' }],
      [`catalog/${key}/new`, { as: 'owner' }],
      [`catalog/${key}/show`, { as: 'owner', path: (seed: Seed) => `/catalog/${key}/show?id=${seed.catalog[key]}` }],
    ]),
  );
}

/**
 * The storefront's pages (decision 047): Fastify routes, not in app/routes.ts, so listed here —
 * every one of them, visited anonymously like a shopper (a new storefront route needs a line).
 */
export const SHOP_REACH: { name: string; path: (seed: Seed) => string; status?: number }[] = [
  { name: 'home', path: (seed) => `/shop/${seed.storeSlug}` },
  { name: 'category', path: (seed) => `/shop/${seed.storeSlug}/category/ropa?min=abc` },
  { name: 'product', path: (seed) => `/shop/${seed.storeSlug}/product/camiseta-quito` },
  { name: 'page', path: (seed) => `/shop/${seed.storeSlug}/page/sobre-nosotros` },
  { name: 'search', path: (seed) => `/shop/${seed.storeSlug}/search?q=camiseta` },
  { name: 'search without results', path: (seed) => `/shop/${seed.storeSlug}/search?q=zzz` },
  { name: 'the store\'s 404', path: (seed) => `/shop/${seed.storeSlug}/product/no-such-product`, status: 404 },
  { name: 'store not available', path: () => '/shop/no-such-store', status: 404 },
  // With the cart cookie the walk's context carries (cartCookie below): two of the variant, a coupon.
  { name: 'cart', path: (seed) => `/shop/${seed.storeSlug}/cart` },
  { name: 'checkout', path: (seed) => `/shop/${seed.storeSlug}/checkout` },
  { name: 'order', path: (seed) => `/shop/${seed.storeSlug}/order?code=${seed.orderCode}` },
  { name: 'order lookup', path: (seed) => `/shop/${seed.storeSlug}/order` },
];

/** The storefront walk's cart: two of the seeded variant (decision 060's cookie); the coupon is applied by its form. */
export const cartCookie = (seed: Seed) => ({
  name: `tb_cart_${seed.storeId}`,
  value: encodeURIComponent(JSON.stringify({ l: [[seed.catalog.product, seed.catalog.variant, 2]] })),
  url: MAIN_URL,
});

type PageRoute = { key: string; path: string };

/** The page routes of the config (layouts are not pages), once: the Spanish tree and the catch-all. */
function pageRoutes(entries: RouteConfigEntry[]): PageRoute[] {
  return entries.flatMap((entry): PageRoute[] => {
    const children = entry.children ? pageRoutes(entry.children) : [];
    const id = entry.id ?? '';
    if (entry.path === undefined && !entry.index) return children;
    if (id.startsWith('en/')) return children;
    const key = id.replace(/^es\//, '');
    return [{ key, path: entry.index ? '/' : `/${entry.path}` }, ...children];
  });
}

/** Every page route of the app: the walk's list, which REACH must cover line for line. */
export const PAGES = pageRoutes(routes);
