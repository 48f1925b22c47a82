import { asLocale } from '#common/locale.ts';
import { AppError } from '#server/errors.ts';
import { orderPath } from '#server/modules/sales/checkout/checkout.service.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import { takesReceipt } from '#server/modules/sales/payment/receipt.service.ts';
import { shipmentsOfOrder } from '#server/modules/sales/shipment/shipment-view.ts';
import { loadPickup } from '#server/modules/sales/shipping/shipping.service.ts';
import { loadStoreSales } from '#server/modules/sales/store-sales/store-sales.service.ts';
import { getStore, getStoreSection } from '#server/modules/store/store.service.ts';
import { storeShopDomain } from '#server/modules/domain/domain.service.ts';
import { onShopDomain, shopOrigin, shopPath } from '#server/modules/shop/shop-url.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { type StoreScope, staffStoreScope } from '#server/tenancy/store-scope.ts';
import * as orders from '#server/modules/sales/order/order.repository.ts';
import type { QueuedShopperMessage, ShopperMailData, ShopperMailMessage } from './shopper-mail-data.ts';
import { renderShopperMail } from './shopper-mail.ts';

// The shopper's e-mails about their order (issue 40 §5, decision 093). A subscriber of the order's
// events queues one in the event's transaction — the job row is the outbox (decision 067) — with
// only what the event alone knows (a note, a refund's amount); the job draws the mail from the order
// when it leaves, outside any transaction, so a placing's commit never waits for a mail to render.
// The order's code, the secret of its page's link, is read from the order then, never carried in
// the event, whose data a webhook hands to an integrator.

/** Queues a shopper's e-mail about an order, in the caller's transaction. */
export async function queueShopperMail(tx: ServiceDeps, storeId: number, orderId: number, message: QueuedShopperMessage): Promise<void> {
  await enqueueJob(tx, { kind: 'order.shopperMail', payload: { storeId, orderId, message } });
}

/** The store as its shopper e-mails show it (an order's, a cart's): name, Reply-To, logo, colours, where to collect. */
export async function shopperMailStore(deps: ServiceDeps, scope: StoreScope): Promise<ShopperMailData['store']> {
  const [store, contact, domain] = await Promise.all([getStore(deps, scope), getStoreSection(deps, scope, 'contact'), storeShopDomain(deps, scope)]);
  // On the store's own domain once it has a verified one (decision 100), as its pages are.
  const logoUrl = onShopDomain(domain, () => `${shopOrigin(deps.config.publicUrl)}${shopPath('es', scope.slug, '/logo')}?v=${store.logo}`);
  return {
    name: store.name,
    contactEmail: contact.contactEmail,
    logoUrl: store.logo ? logoUrl : null,
    style: store.style,
    address: [contact.contactAddress, contact.contactCity].map((part) => part.trim()).filter(Boolean).join(', '),
  };
}

/**
 * What the mail says, from the order as it stands: its lines and totals, the store, and the account
 * to pay into while a transfer still waits for its money (paid in the meantime, it is not shown).
 * Null when the order is gone.
 */
export async function shopperMailData(deps: ServiceDeps, scope: StoreScope, orderId: number, message: ShopperMailMessage): Promise<{ to: string; data: ShopperMailData } | null> {
  const order = await orders.findOrder(deps.db, scope, orderId);
  if (!order) return null;
  const [lines, store, sales] = await Promise.all([orders.orderLines(deps.db, scope, orderId), shopperMailStore(deps, scope), loadStoreSales(deps, scope)]);
  const locale = asLocale(order.locale);
  // The order's page on the store's own domain once it has a verified one (decision 100).
  const domain = await storeShopDomain(deps, scope);
  const orderUrl = onShopDomain(domain, () => `${shopOrigin(deps.config.publicUrl)}${orderPath(locale, scope.slug, order.code)}`);
  // A pickup order is collected where the shipping screen says (issue 40 §1), else at the contact address.
  const pickup = order.shippingPickup === 1 ? await loadPickup(deps, scope) : null;
  const pickupPlace = pickup ? [pickup.address, pickup.instructions].map((part) => part.trim()).filter(Boolean).join(' — ') : '';
  const data: ShopperMailData = {
    locale,
    message,
    store: pickupPlace ? { ...store, address: pickupPlace } : store,
    order: { ...order, couponCode: order.couponCode ?? '' },
    lines: lines.map((line) => ({ name: line.name, sku: line.sku, quantity: line.quantity, unitPriceCents: line.unitPriceCents })),
    bank: takesReceipt(order) ? { name: sales.bankName, accountType: sales.bankAccountType, accountNumber: sales.bankAccountNumber, holder: sales.bankAccountHolder } : null,
    orderUrl,
    shippingName: order.shippingName,
    pickup: order.shippingPickup === 1,
  };
  // A shipped order's parcels with their tracking: the one a shipment just sent, or all of them.
  if (message.kind === 'status' && message.status === 'shipped') {
    const sent = (await shipmentsOfOrder(deps, scope, orderId, locale)).filter((shipment) => message.shipmentId === undefined || shipment.id === message.shipmentId);
    data.shipments = sent.map(({ carrierLabel, trackingNumber, trackingUrl }) => ({ carrierLabel, trackingNumber, trackingUrl }));
  }
  return { to: order.email, data };
}

/** The job's handler: renders the mail and sends it; a store or order deleted since has nothing to tell. */
export async function sendShopperMail(deps: ServiceDeps, payload: { storeId: number; orderId: number; message: QueuedShopperMessage }): Promise<void> {
  const scope = await staffStoreScope(deps, payload.storeId).catch((error: unknown) => {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  });
  const found = scope && (await shopperMailData(deps, scope, payload.orderId, payload.message));
  if (!found) return;
  await deps.mailer.send(await renderShopperMail(found.to, found.data));
}
