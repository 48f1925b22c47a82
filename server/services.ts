import * as accessTokenService from '#server/modules/access-token/access-token.service.ts';
import * as activityService from '#server/modules/activity/activity.service.ts';
import * as alertService from '#server/modules/alert/alert.service.ts';
import * as authService from '#server/modules/user/auth.service.ts';
import * as sessionService from '#server/modules/auth/session.service.ts';
import * as cartService from '#server/modules/sales/checkout/cart.service.ts';
import * as checkoutService from '#server/modules/sales/checkout/checkout.service.ts';
import * as paymentGatewaysService from '#server/modules/sales/payment/payment-gateways.ts';
import * as paymentService from '#server/modules/sales/payment/payment.service.ts';
import * as receiptService from '#server/modules/sales/payment/receipt.service.ts';
import * as refundService from '#server/modules/sales/payment/refund.service.ts';
import * as shipmentService from '#server/modules/sales/shipment/shipment.service.ts';
import * as orderBulkService from '#server/modules/sales/order/order-bulk.service.ts';
import * as consolidationService from '#server/modules/consolidation/consolidation.service.ts';
import * as customerService from '#server/modules/sales/customer/customer.service.ts';
import * as deskService from '#server/modules/desk/desk.service.ts';
import * as invoiceService from '#server/modules/sales/invoice/invoice.service.ts';
import * as creditNoteService from '#server/modules/sales/credit-note/credit-note.service.ts';
import * as notificationService from '#server/modules/notification/notification.service.ts';
import * as orderService from '#server/modules/sales/order/order.service.ts';
import * as orderNoteService from '#server/modules/sales/order/order-note.service.ts';
import * as orderPapersService from '#server/modules/sales/order/order-papers.service.ts';
import * as packageService from '#server/modules/package/package.service.ts';
import * as planService from '#server/modules/plan/plan.service.ts';
import * as productCsvExportService from '#server/modules/product-csv/product-csv-export.service.ts';
import * as productCsvService from '#server/modules/product-csv/product-csv.service.ts';
import * as productActionService from '#server/modules/product/product-actions.service.ts';
import * as variantGridService from '#server/modules/product/variant-grid.service.ts';
import * as rateLimitService from '#server/modules/rate-limit/rate-limit.service.ts';
import * as storeScopeService from '#server/tenancy/store-scope.ts';
import * as storeService from '#server/modules/store/store.service.ts';
import * as storeRenewalService from '#server/modules/store/store-renewal.service.ts';
import * as storeSalesService from '#server/modules/sales/store-sales/store-sales.service.ts';
import * as shippingService from '#server/modules/sales/shipping/shipping.service.ts';
import * as settingService from '#server/modules/setting/setting.service.ts';
import * as shopCouponService from '#server/modules/sales/checkout/shop-coupon.ts';
import * as orderLookupService from '#server/modules/sales/checkout/order-lookup.service.ts';
import * as shopService from '#server/modules/shop/shop.service.ts';
import * as sriCertificateService from '#server/modules/sales/sri-certificate/sri-certificate.service.ts';
import * as staffService from '#server/modules/staff/staff.service.ts';
import * as ticketService from '#server/modules/ticket/ticket.service.ts';
import * as uploadService from '#server/modules/upload/upload.service.ts';
import * as userService from '#server/modules/user/user.service.ts';
import * as webhookService from '#server/modules/webhook/webhook.service.ts';
import * as abandonedCartService from '#server/modules/sales/abandoned-cart/abandoned-cart.service.ts';
import * as domainService from '#server/modules/domain/domain.service.ts';
import { bindResources } from '#server/resources/registry.ts';
import { bindService, type ServiceDeps } from '#server/service-deps.ts';

/**
 * Every service bound once to one set of dependencies (decision 023): `buildApp` and the scripts
 * call this, loaders, actions and API routes only use what it returns.
 */
export function createServices(deps: ServiceDeps) {
  return {
    deps,
    accessTokens: bindService(accessTokenService, deps),
    activity: bindService(activityService, deps),
    alerts: bindService(alertService, deps),
    auth: bindService(authService, deps),
    sessions: bindService(sessionService, deps),
    carts: bindService(cartService, deps),
    checkout: bindService(checkoutService, deps),
    payments: bindService(paymentService, deps),
    paymentGateways: bindService(paymentGatewaysService, deps),
    receipts: bindService(receiptService, deps),
    refunds: bindService(refundService, deps),
    shipments: bindService(shipmentService, deps),
    orderBulk: bindService(orderBulkService, deps),
    consolidations: bindService(consolidationService, deps),
    customers: bindService(customerService, deps),
    desk: bindService(deskService, deps),
    invoices: bindService(invoiceService, deps),
    creditNotes: bindService(creditNoteService, deps),
    notifications: bindService(notificationService, deps),
    orders: bindService(orderService, deps),
    /** The order's packing slips, summaries and CSV export, and the notes to its shopper (issue 40 §3). */
    orderPapers: bindService(orderPapersService, deps),
    orderNotes: bindService(orderNoteService, deps),
    packages: bindService(packageService, deps),
    plans: bindService(planService, deps),
    productActions: bindService(productActionService, deps),
    productCsv: bindService(productCsvService, deps),
    productCsvExport: bindService(productCsvExportService, deps),
    rateLimits: bindService(rateLimitService, deps),
    settings: bindService(settingService, deps),
    /** The storefront's pages, and a code typed on its cart. */
    shop: bindService(shopService, deps),
    shopCoupons: bindService(shopCouponService, deps),
    /** A shopper's order found by its number and e-mail (issue 40 §4). */
    orderLookup: bindService(orderLookupService, deps),
    sriCertificates: bindService(sriCertificateService, deps),
    staff: bindService(staffService, deps),
    stores: bindService(storeService, deps),
    storeRenewals: bindService(storeRenewalService, deps),
    storeSales: bindService(storeSalesService, deps),
    shipping: bindService(shippingService, deps),
    storeScopes: bindService(storeScopeService, deps),
    tickets: bindService(ticketService, deps),
    uploads: bindService(uploadService, deps),
    users: bindService(userService, deps),
    variantGrids: bindService(variantGridService, deps),
    webhooks: bindService(webhookService, deps),
    /** Abandoned carts: the checkout's capture, the restore link, the owner's switch and counts (issue 40 §6). */
    abandonedCarts: bindService(abandonedCartService, deps),
    /** A store's own domain and its DNS verification (issue 41 §5, decision 100). */
    domains: bindService(domainService, deps),
    /** The store-owned resources built on the kit, by key (decision 028). */
    resources: bindResources(deps),
  };
}

export type Services = ReturnType<typeof createServices>;
