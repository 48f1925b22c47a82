import type { StoreAction, StoreArea } from '#common/store-permissions.ts';

// Which area of the permission matrix each store screen and API operation belongs to (issue 38 §1,
// decision 088). The first matching prefix wins, so the longer ones come first. A path in no area
// is refused to every role: a new screen or operation is closed until it is given one here, and the
// permission test (tests/integration/permission-matrix.test.ts) fails on it.

type Rule = readonly [prefix: string, area: StoreArea];

const PAGE_RULES: readonly Rule[] = [
  ['/store/delete', 'delete'],
  ['/store/staff', 'staff'],
  ['/store/activity', 'activity'],
  ['/store/webhooks', 'webhooks'],
  ['/store/design', 'settings'],
  ['/store/settings', 'settings'],
  ['/store/marketing', 'settings'],
  ['/store/contact', 'settings'],
  ['/store/analytics', 'settings'],
  ['/store/payments', 'settings'],
  ['/store/domain', 'settings'],
  // the packing slips of the orders (issue 40 §3): named by the bulk actions' contract, orders' work
  ['/store/orders', 'orders'],
  ['/store/shipping', 'settings'],
  ['/store', 'desk'],
  ['/sales', 'orders'],
  ['/catalog/review', 'content'],
  ['/content', 'content'],
  ['/catalog', 'catalogue'],
];

/** The API's rules, on the route's pattern below `/api/v1`. */
const API_RULES: readonly Rule[] = [
  ['/store/members', 'staff'],
  ['/store/design', 'settings'],
  ['/store/sales', 'settings'],
  ['/store/shipping', 'settings'],
  ['/store/payment-gateways', 'settings'],
  ['/store/certificate', 'settings'],
  ['/store/domain', 'settings'],
  ['/store/settings', 'settings'],
  ['/store/marketing', 'settings'],
  ['/store/contact', 'settings'],
  ['/store/analytics', 'settings'],
  ['/activity', 'activity'],
  ['/webhooks', 'webhooks'],
  ['/orders', 'orders'],
  ['/customers', 'orders'],
  ['/invoices', 'orders'],
  ['/products', 'catalogue'],
  ['/variants', 'catalogue'],
  ['/categories', 'catalogue'],
  ['/subcategories', 'catalogue'],
  ['/brands', 'catalogue'],
  ['/colors', 'catalogue'],
  ['/sizes', 'catalogue'],
  ['/coupons', 'catalogue'],
  ['/reviews', 'content'],
  ['/banners', 'content'],
  ['/pages', 'content'],
];

const matches = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

function areaIn(rules: readonly Rule[], path: string): StoreArea | undefined {
  return rules.find(([prefix]) => matches(path, prefix))?.[1];
}

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A dashboard page's action: its path without the language prefix or a `.data` suffix, and the request's method. */
export function pageAction(path: string, method: string): StoreAction | undefined {
  const area = areaIn(PAGE_RULES, path.replace(/\.data$/, '').replace(/\/+$/, '') || '/');
  return area && { area, write: !READS.has(method) };
}

/** An API operation's action, from its route pattern (`/api/v1/orders/:id`) and method. */
export function apiAction(route: string, method: string): StoreAction | undefined {
  if (route === '/api/v1/store') return { area: method === 'DELETE' ? 'delete' : 'desk', write: !READS.has(method) };
  const area = areaIn(API_RULES, route.replace(/^\/api\/v1/, ''));
  return area && { area, write: !READS.has(method) };
}
