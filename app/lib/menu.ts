// PRODUCT §3: the main menu of the default layout. Paths are Spanish-form; links localize them.
import type { MessageKey } from '#common/i18n/messages.ts';

export type MenuItem = { key: string; label: MessageKey; path?: string; children?: MenuItem[]; staffOnly?: boolean };

export const mainMenu: MenuItem[] = [
  { key: 'desk', label: 'nav.desk', path: '/' },
  {
    key: 'casillero',
    label: 'nav.casillero',
    children: [
      { key: 'alerts', label: 'nav.alerts', path: '/alert' },
      { key: 'consolidations', label: 'nav.consolidations', path: '/consolidate' },
      { key: 'tickets', label: 'nav.tickets', path: '/ticket' },
    ],
  },
  {
    key: 'store',
    label: 'nav.store',
    children: [
      { key: 'store-home', label: 'nav.storeHome', path: '/store' },
      { key: 'settings', label: 'nav.settings', path: '/store/settings' },
      { key: 'design', label: 'nav.design', path: '/store/design' },
      { key: 'marketing', label: 'nav.marketing', path: '/store/marketing' },
      { key: 'contact', label: 'nav.contact', path: '/store/contact' },
      { key: 'analytics', label: 'nav.analytics', path: '/store/analytics' },
    ],
  },
  { key: 'catalog', label: 'nav.catalog', path: '/catalog/product' },
  { key: 'content', label: 'nav.content', path: '/content/banner' },
  {
    key: 'sales',
    label: 'nav.sales',
    children: [
      { key: 'orders', label: 'nav.orders', path: '/sales/order' },
      { key: 'invoices', label: 'nav.invoices', path: '/sales/invoice' },
      { key: 'customers', label: 'nav.customers', path: '/sales/customer' },
    ],
  },
  {
    key: 'system',
    label: 'nav.system',
    children: [
      { key: 'profile', label: 'nav.profile', path: '/profile' },
      { key: 'back-office', label: 'nav.backOffice', path: '/admin', staffOnly: true },
    ],
  },
];
