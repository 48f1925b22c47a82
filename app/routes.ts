import { index, layout, type RouteConfig, type RouteConfigEntry, route } from '@react-router/dev/routes';
import type { Locale } from '#common/locale.ts';
import { RESOURCES } from '#common/resources/index.ts';

// Every screen exists twice: Spanish without prefix and English under /en (PRODUCT §4). The
// route ids carry the language so the same module can serve both trees.
function tree(locale: Locale): RouteConfigEntry[] {
  const page = (path: string, file: string): RouteConfigEntry => {
    const id = `${locale}/${path || 'index'}`;
    if (locale === 'es') return path === '' ? index(file, { id }) : route(path, file, { id });
    return route(path === '' ? 'en' : `en/${path}`, file, { id });
  };
  return [
    // default layout, login required
    layout('layouts/default.tsx', { id: `${locale}/layout-default` }, [
      page('', 'routes/desk.tsx'),
      page('alert', 'routes/alert/list.tsx'),
      page('alert/show', 'routes/alert/show.tsx'),
      page('package', 'routes/package/list.tsx'),
      page('package/show', 'routes/package/show.tsx'),
      page('ticket', 'routes/ticket/list.tsx'),
      page('ticket/new', 'routes/ticket/new.tsx'),
      page('ticket/show', 'routes/ticket/show.tsx'),
      page('consolidate', 'routes/consolidate/list.tsx'),
      page('consolidate/new', 'routes/consolidate/new.tsx'),
      page('consolidate/show', 'routes/consolidate/show.tsx'),
      page('profile', 'routes/profile/show.tsx'),
      page('profile/update', 'routes/profile/update.tsx'),
      page('profile/password', 'routes/profile/password.tsx'),
      page('profile/delete', 'routes/profile/delete.tsx'),
      page('profile/notifications', 'routes/profile/notifications.tsx'),
      page('profile/tokens', 'routes/profile/tokens.tsx'),
      // back office: its layout's middleware answers 404 to anyone but staff and admins, and the
      // admin-only layout inside it to anyone but admins
      layout('layouts/back-office.tsx', { id: `${locale}/layout-back-office` }, [
        page('admin', 'routes/admin/home.tsx'),
        page('admin/client', 'routes/admin/client.tsx'),
        page('admin/client/show', 'routes/admin/client-show.tsx'),
        page('admin/package', 'routes/admin/package.tsx'),
        page('admin/package/show', 'routes/admin/package-show.tsx'),
        page('admin/alert', 'routes/admin/alert.tsx'),
        page('admin/alert/show', 'routes/admin/alert-show.tsx'),
        page('admin/consolidate', 'routes/admin/consolidate/list.tsx'),
        page('admin/consolidate/show', 'routes/admin/consolidate/show.tsx'),
        page('admin/ticket', 'routes/admin/ticket/list.tsx'),
        page('admin/ticket/show', 'routes/admin/ticket/show.tsx'),
        page('admin/store', 'routes/admin/store.tsx'),
        page('admin/store/show', 'routes/admin/store-show.tsx'),
        layout('layouts/admin-only.tsx', { id: `${locale}/layout-admin-only` }, [
          page('admin/setting', 'routes/admin/setting.tsx'),
          page('admin/user', 'routes/admin/user.tsx'),
          page('admin/plan', 'routes/admin/plan.tsx'),
        ]),
      ]),
      page('notification', 'routes/notification.tsx'),
      // the store home, or the new-store form while the user has none (so outside the store layout)
      page('store', 'routes/store/home.tsx'),
      // the header's store switcher (issue 38 §2): a form posts here, no page
      page('store/switch', 'routes/store/switch.ts'),
      // Unknown path: inside this layout, so a logged-in user keeps the menu on the 404 screen;
      // a visitor gets the plain error screen (requireUser answers 404 for this route).
      page('*', 'routes/not-found.tsx'),
      // the owner's store: its scope is resolved once by this layout's middleware (decision 025)
      layout('layouts/store-scope.tsx', { id: `${locale}/layout-store` }, [
        page('store/delete', 'routes/store/delete.tsx'),
        page('store/design', 'routes/store/design.tsx'),
        page('store/settings', 'routes/store/settings.tsx'),
        page('store/marketing', 'routes/store/marketing.tsx'),
        // the store's own domain (issue 41 §5, decision 100)
        page('store/domain', 'routes/store/domain.tsx'),
        page('store/contact', 'routes/store/contact.tsx'),
        page('store/analytics', 'routes/store/analytics.tsx'),
        page('store/payments', 'routes/store/payments.tsx'),
        // shipping zones, rates and pickup (issue 40 §1): area `settings`
        page('store/shipping', 'routes/store/shipping.tsx'),
        page('store/shipping/zone', 'routes/store/shipping-zone.tsx'),
        page('store/shipping/rate', 'routes/store/shipping-rate.tsx'),
        // webhooks for integrators (issue 38 §5): owners and administrators (area `webhooks`)
        page('store/webhooks', 'routes/store/webhooks.tsx'),
        page('store/webhooks/new', 'routes/store/webhook-new.tsx'),
        page('store/webhooks/show', 'routes/store/webhook-show.tsx'),
        // the store's members and invitations (issue 38 §2): the owner manages, administrators read
        page('store/staff', 'routes/store/staff.tsx'),
        // the store's activity log and its CSV (issue 38 §4): owners and administrators
        page('store/activity', 'routes/store/activity.tsx'),
        page('store/activity/export', 'routes/store/activity-export.ts'),
        page('sales/order', 'routes/sales/order-list.tsx'),
        page('sales/order/show', 'routes/sales/order-show.tsx'),
        page('sales/order/receipt', 'routes/sales/receipt-file.ts'),
        // the order's papers (issue 40 §3): the list's CSV, and the packing slips and summaries of one or many orders
        page('sales/order/export', 'routes/sales/order-export.ts'),
        page('store/orders/slip', 'routes/sales/order-slip.tsx'),
        page('sales/customer', 'routes/sales/customer-list.tsx'),
        page('sales/customer/show', 'routes/sales/customer-show.tsx'),
        page('catalog/product/import', 'routes/catalog/product-import.tsx'),
        page('catalog/product/variants', 'routes/catalog/product-variants.tsx'),
        // the product screen's and list's own actions (issue 20 §21): forms post here, no page
        page('catalog/product/duplicate', 'routes/catalog/product-duplicate.ts'),
        page('catalog/product/stock', 'routes/catalog/product-stock.ts'),
        // SRI invoices (issue 23 §5): list, detail, its two downloads, and the order page's issue action
        page('sales/invoice', 'routes/sales/invoice-list.tsx'),
        page('sales/invoice/show', 'routes/sales/invoice-show.tsx'),
        page('sales/invoice/pdf', 'routes/sales/invoice-pdf.ts'),
        page('sales/invoice/xml', 'routes/sales/invoice-xml.ts'),
        page('sales/invoice/issue', 'routes/sales/invoice-issue.ts'),
        page('sales/invoice/sri-retry', 'routes/sales/invoice-sri-retry.ts'),
        page('sales/credit-note/xml', 'routes/sales/credit-note-xml.ts'),
        page('sales/credit-note/pdf', 'routes/sales/credit-note-pdf.ts'),
        // every kit resource's list, new and show screens (decision 028), on the generic modules
        ...RESOURCES.flatMap(({ path }) => [
          page(path.slice(1), 'routes/resource/list.tsx'),
          page(`${path.slice(1)}/new`, 'routes/resource/new.tsx'),
          page(`${path.slice(1)}/show`, 'routes/resource/show.tsx'),
        ]),
      ]),
    ]),
    // page layout, public
    layout('layouts/page.tsx', { id: `${locale}/layout-page` }, [page('terms', 'routes/terms.tsx')]),
    // user layout: account screens outside the dashboard that are not in the seed's table
    layout('layouts/user.tsx', { id: `${locale}/layout-user` }, [
      page('user/reset/confirm', 'routes/user/reset-confirm.tsx'),
      // an invitation's link to a store (issue 38 §2): join with the account, or make one
      page('user/invitation', 'routes/user/invitation.tsx'),
    ]),
    // no layout: each draws its whole screen
    page('user/login', 'routes/user/login.tsx'),
    page('user/register', 'routes/user/register.tsx'),
    page('user/reset', 'routes/user/reset.tsx'),
    page('user/logout', 'routes/user/logout.tsx'),
    page('maintenance', 'routes/maintenance.tsx'),
    page('error', 'routes/error.tsx'),
  ];
}

export default [...tree('es'), ...tree('en')] satisfies RouteConfig;
