// PRODUCT §3: the main menu of the default layout. Paths are Spanish-form; links localize them.
// The whole menu of the product is written here; an entry whose screen has not landed yet is
// `planned` and stays hidden. The store issues switch an entry on by deleting `planned` when they add
// its route: tests/integration/menu.test.ts fails while a shown entry answers anything but 200, or a
// planned one already answers (so nobody forgets to show it).
import type { MessageKey } from '#common/i18n/messages.ts';
import type { StoreArea } from '#common/store-permissions.ts';

/** The back office's queues a menu entry can show as a badge (counted by desk.backOfficeQueues). */
export type QueueName = 'requestedConsolidations' | 'waitingTickets' | 'pendingAlerts';
export type Queues = Record<QueueName, number>;

export type MenuItem = {
  key: string;
  label: MessageKey;
  path?: string;
  children?: MenuItem[];
  staffOnly?: boolean;
  /** Shown only to admins (inside the admin-only layout). */
  adminOnly?: true;
  planned?: true;
  /** A store screen: shown only to a member whose role reaches this area (decision 088). */
  area?: StoreArea;
  /** Active only on its own path, not on the paths below it (a hub above its sections). */
  exact?: true;
  /** The queue whose count the entry shows as a badge, when there is something waiting. */
  badge?: QueueName;
};

export const mainMenu: MenuItem[] = [
  { key: 'desk', label: 'nav.desk', path: '/' },
  // Staff's own navigation, near the top: their daily work, with what waits in each queue.
  {
    key: 'back-office',
    label: 'nav.backOffice',
    staffOnly: true,
    children: [
      { key: 'admin-home', label: 'backOffice.overview', path: '/admin', exact: true },
      { key: 'admin-packages', label: 'page.adminPackages', path: '/admin/package' },
      { key: 'admin-consolidations', label: 'nav.consolidations', path: '/admin/consolidate', badge: 'requestedConsolidations' },
      { key: 'admin-tickets', label: 'nav.tickets', path: '/admin/ticket', badge: 'waitingTickets' },
      { key: 'admin-alerts', label: 'nav.alerts', path: '/admin/alert', badge: 'pendingAlerts' },
      { key: 'admin-clients', label: 'page.adminClients', path: '/admin/client' },
      { key: 'admin-stores', label: 'page.adminStores', path: '/admin/store' },
      { key: 'admin-plans', label: 'page.adminPlans', path: '/admin/plan', adminOnly: true },
      { key: 'admin-users', label: 'page.adminUsers', path: '/admin/user', adminOnly: true },
      { key: 'admin-settings', label: 'nav.settings', path: '/admin/setting', adminOnly: true },
    ],
  },
  {
    key: 'casillero',
    label: 'nav.casillero',
    children: [
      { key: 'alerts', label: 'nav.alerts', path: '/alert' },
      { key: 'packages', label: 'nav.packages', path: '/package' },
      { key: 'consolidations', label: 'nav.consolidations', path: '/consolidate' },
      { key: 'tickets', label: 'nav.tickets', path: '/ticket' },
    ],
  },
  {
    key: 'store',
    label: 'nav.store',
    children: [
      // `/store` shows always: it is where a store is opened
      { key: 'store-home', label: 'nav.storeHome', path: '/store', exact: true },
      { key: 'settings', label: 'nav.settings', path: '/store/settings', area: 'settings' },
      { key: 'payments', label: 'salesSettings.title', path: '/store/payments', area: 'settings' },
      { key: 'shipping', label: 'shipping.title', path: '/store/shipping', area: 'settings' },
      { key: 'design', label: 'nav.design', path: '/store/design', area: 'settings' },
      { key: 'marketing', label: 'nav.marketing', path: '/store/marketing', area: 'settings' },
      { key: 'domain', label: 'nav.domain', path: '/store/domain', area: 'settings' },
      { key: 'contact', label: 'nav.contact', path: '/store/contact', area: 'settings' },
      { key: 'analytics', label: 'nav.analytics', path: '/store/analytics', area: 'settings' },
      { key: 'staff', label: 'nav.staff', path: '/store/staff', area: 'staff' },
      { key: 'activity', label: 'nav.activity', path: '/store/activity', area: 'activity' },
      { key: 'webhooks', label: 'nav.webhooks', path: '/store/webhooks', area: 'webhooks' },
    ],
  },
  {
    key: 'catalog',
    label: 'nav.catalog',
    children: [
      { key: 'products', label: 'nav.products', path: '/catalog/product', area: 'catalogue' },
      { key: 'variants', label: 'catalog.variant.title', path: '/catalog/variant', area: 'catalogue' },
      { key: 'categories', label: 'catalog.category.title', path: '/catalog/category', area: 'catalogue' },
      { key: 'subcategories', label: 'catalog.subcategory.title', path: '/catalog/subcategory', area: 'catalogue' },
      { key: 'brands', label: 'catalog.brand.title', path: '/catalog/brand', area: 'catalogue' },
      { key: 'colors', label: 'catalog.color.title', path: '/catalog/color', area: 'catalogue' },
      { key: 'sizes', label: 'catalog.size.title', path: '/catalog/size', area: 'catalogue' },
      { key: 'coupons', label: 'catalog.coupon.title', path: '/catalog/coupon', area: 'catalogue' },
      { key: 'reviews', label: 'catalog.review.title', path: '/catalog/review', area: 'content' },
    ],
  },
  {
    key: 'content',
    label: 'nav.content',
    children: [
      { key: 'banners', label: 'content.banner.title', path: '/content/banner', area: 'content' },
      { key: 'pages', label: 'content.page.title', path: '/content/page', area: 'content' },
    ],
  },
  {
    key: 'sales',
    label: 'nav.sales',
    children: [
      { key: 'orders', label: 'nav.orders', path: '/sales/order', area: 'orders' },
      { key: 'invoices', label: 'nav.invoices', path: '/sales/invoice', area: 'orders' },
      { key: 'customers', label: 'nav.customers', path: '/sales/customer', area: 'orders' },
    ],
  },
  {
    key: 'system',
    label: 'nav.system',
    children: [
      { key: 'profile', label: 'nav.profile', path: '/profile' },
    ],
  },
];

/** The role's access to each store area (null without a store), as `storeHeader` reckons it. */
export type StoreAccess = Partial<Record<StoreArea, 'read' | 'write'>> | null;

/**
 * The entries a user sees: no planned screens, staff entries only for staff, admin entries only
 * for admins, store screens only to a member whose role reaches their area, and no group left
 * without a visible entry.
 */
export function visibleMenu(items: MenuItem[], viewer: { isStaff: boolean; isAdmin?: boolean; access: StoreAccess }): MenuItem[] {
  return items.flatMap((item) => {
    if (item.planned || (item.staffOnly && !viewer.isStaff) || (item.adminOnly && !viewer.isAdmin) || (item.area && !viewer.access?.[item.area])) return [];
    if (!item.children) return [item];
    const children = visibleMenu(item.children, viewer);
    return children.length ? [{ ...item, children }] : [];
  });
}

/** Every path of the menu, planned or not, with whether it is shown to staff. */
export function menuPaths(items: MenuItem[] = mainMenu): { path: string; planned: boolean }[] {
  return items.flatMap((item) => [...(item.path ? [{ path: item.path, planned: Boolean(item.planned) }] : []), ...menuPaths(item.children ?? [])]);
}

/** Whether an entry is the current screen's: its path or one below it, or exactly it for a hub. */
export function isActive(item: MenuItem, current: string): boolean {
  if (!item.path) return false;
  if (item.path === '/' || item.exact) return current === item.path;
  return current === item.path || current.startsWith(`${item.path}/`);
}
