import { randomUUID } from 'node:crypto';
import { shopShipping as enShipping } from '#common/i18n/en/shop-shipping.ts';
import { shopShipping as esShipping } from '#common/i18n/es/shop-shipping.ts';
import { FINAL_CONSUMER } from '#common/identification.ts';
import type { Locale } from '#common/locale.ts';
import { shopPath } from '../../shop/shop-url.ts';
import { overOrderMaximum } from '#common/order-totals.ts';
import { emit } from '#server/events/events.ts';
import { emitStockMove } from '#server/events/inventory.ts';
import { couponReason, takeCouponUse } from '#server/modules/coupon/coupon.service.ts';
import { wakeWorkers } from '#server/modules/job/job-queue.ts';
import { loadStoreSales, lockOrderNumbers, takeOrderNumber } from '#server/modules/sales/store-sales/store-sales.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { groupCommit, inSavepoint } from '#server/group-commit.ts';
import { type Limit, takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import { AppError } from '#server/errors.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { CartCookie } from './cart-cookie.ts';
import { lineName, priceCart } from './cart.service.ts';
import type { CheckoutInput, PaymentMethod } from './checkout-form.ts';
import type { DeliveryProblem } from './delivery-quote.ts';
import { enabledGateways } from '../payment/payment-gateways.ts';
import { openPayment } from '../payment/payment-ledger.ts';
import type { StoreSalesSettings } from '../store-sales/store-sales.service.ts';
import * as repository from './checkout.repository.ts';
import { customerEventData, orderEventData } from './order-event-data.ts';

// Placing an order (issue 23 §4, decision 060): one transaction that re-reads the cart, takes the
// stock and the coupon's use with conditional updates, numbers the order and writes it — so two
// shoppers buying the last unit at once never both get it, on SQLite and on PostgreSQL alike. The
// placings that arrive together share that transaction's commit, each in a savepoint of its own
// (group commit, decision 070).

/** The checked form; a canton and a shipping option may be left out by a caller that has none (a store's flat fee). */
export type PlaceCustomer = Omit<CheckoutInput, 'canton' | 'shippingOption'> & Partial<Pick<CheckoutInput, 'canton' | 'shippingOption'>>;

export type PlaceOrderInput = {
  cart: CartCookie;
  customer: PlaceCustomer;
  locale: Locale;
  /**
   * The shopper's attempt, counted in the placing's own commit (decision 070) and kept when the
   * placing is refused; past the limit nothing is placed and the answer is `tooMany`.
   */
  attempt?: { key: string; limit: Limit };
};

/**
 * `history`: the order is a record of the past (the demo store's month, issue 23 §13), not a
 * purchase happening now — its events are logged, but no subscriber hears them: nobody is mailed
 * and the owner's bell does not ring. Every shopper's order is placed without it.
 */
export type PlaceOptions = { history?: boolean };

export type PlaceProblem =
  /** Nothing left to buy. */
  | { problem: 'empty' }
  /** The cart changed on its own (a product gone, a quantity capped): the shopper checks it first. */
  | { problem: 'changed' }
  /** Sold out while the shopper was paying. */
  | { problem: 'stock'; name: string }
  | { problem: 'coupon'; reason: string }
  /** The address is not shipped to, or the shipping chosen is not offered there (issue 40 §1). */
  | { problem: 'shipping'; reason: DeliveryProblem }
  /** A payment method the store does not take. */
  | { problem: 'payment' }
  /** Past the most one order may amount to (MAX_ORDER_CENTS, decision 078). */
  | { problem: 'tooLarge' }
  /** A consumidor final buying past SRI's limit for an unidentified buyer (FINAL_CONSUMER, issue 37 §3). */
  | { problem: 'finalConsumerLimit' }
  /** Past the attempt's limit (`PlaceOrderInput.attempt`): nothing was tried. */
  | { problem: 'tooMany' };

export type PlaceResult = { ok: true; order: { id: number; number: number; code: string } } | ({ ok: false } & PlaceProblem);

/** Thrown inside the transaction to undo what it took, and answered as a refusal. */
class PlacingRefused extends Error {
  readonly refusal: PlaceProblem;
  constructor(refusal: PlaceProblem) {
    super(refusal.problem);
    this.refusal = refusal;
  }
}

/** Is this way to pay switched on: cash and transfer in the sales settings, a gateway with its credentials. */
async function takesMethod(tx: ServiceDeps, scope: StoreScope, settings: StoreSalesSettings, method: PaymentMethod): Promise<boolean> {
  if (method === 'cash_on_delivery') return settings.cashOnDelivery;
  if (method === 'bank_transfer') return settings.bankTransfer;
  return (await enabledGateways(tx, scope)).includes(method);
}

const pickupName = (locale: Locale) => (locale === 'en' ? enShipping : esShipping).pickup;

export const orderPath = (locale: Locale, slug: string, code: string) => `${shopPath(locale, slug, '/order')}?code=${code}`;

export async function placeOrder(deps: ServiceDeps, scope: StoreScope, input: PlaceOrderInput, options: PlaceOptions = {}): Promise<PlaceResult> {
  // groupCommit, not inTransaction: it batches the placings that arrive together into one commit,
  // each in its own savepoint (decision 070), a throughput tool for this hot write, not a way to open
  // a transaction. One queue per store: the batch takes the store's order counter first
  // (`lockOrderNumbers`), so the locks of two workers' batches never cross on PostgreSQL.
  const batch = { key: `placing:${scope.storeId}`, begin: (tx: ServiceDeps) => lockOrderNumbers(tx.db, scope) };
  const result = await groupCommit(deps, batch, async (tx): Promise<PlaceResult> => {
    if (input.attempt) {
      try {
        await takeAttempt(tx, input.attempt.key, input.attempt.limit);
      } catch (error) {
        // Counted all the same (record first, decision 046): the count commits with the batch.
        if (error instanceof AppError && error.status === 429) return { ok: false, problem: 'tooMany' };
        throw error;
      }
    }
    try {
      const placed = await inSavepoint(tx, (own) => writeOrder(options.history ? { ...own, subscribers: [] } : own, scope, input));
      return { ok: true, order: { id: placed.id, number: placed.number, code: placed.code } };
    } catch (error) {
      // Undone by its savepoint; the attempt counted above stays.
      if (error instanceof PlacingRefused) return { ok: false, ...error.refusal };
      throw error;
    }
  });
  if (result.ok) wakeWorkers(deps.db);
  return result;
}

/** The placing itself, inside the transaction `tx`: throws PlacingRefused to have it undone. */
async function writeOrder(tx: ServiceDeps, scope: StoreScope, input: PlaceOrderInput) {
  const delivery = { province: input.customer.province, canton: input.customer.canton ?? '', option: input.customer.shippingOption ?? '' };
  const priced = await priceCart(tx, scope, input.cart, input.locale, delivery);
  if (priced.notices.length > 0) throw new PlacingRefused({ problem: 'changed' });
  if (priced.lines.length === 0) throw new PlacingRefused({ problem: 'empty' });
  // Only a shipping the store offers to this address, at its price now (decision 090).
  const chosen = priced.delivery.chosen;
  if (!chosen) throw new PlacingRefused({ problem: 'shipping', reason: priced.delivery.problem ?? 'shippingRequired' });
  if (priced.coupon && !priced.coupon.ok) throw new PlacingRefused({ problem: 'coupon', reason: priced.coupon.reason });
  // Before anything is taken or written: no amount past it ever reaches an `integer` column.
  if (overOrderMaximum(priced.totals)) throw new PlacingRefused({ problem: 'tooLarge' });
  // The invoice could not be made out to a consumidor final past SRI's limit: the shopper says who buys.
  if (input.customer.documentType === 'final' && priced.totals.totalCents > FINAL_CONSUMER.maxTotalCents) throw new PlacingRefused({ problem: 'finalConsumerLimit' });
  if (!(await takesMethod(tx, scope, priced.settings, input.customer.paymentMethod))) throw new PlacingRefused({ problem: 'payment' });

  // In one order (product, then variant) so that two placings lock rows alike and never deadlock.
  const byRow = [...priced.lines].sort((a, b) => a.productId - b.productId || (a.variantId ?? 0) - (b.variantId ?? 0));
  for (const line of byRow) {
    const left = line.variantId === null
      ? await repository.takeProductStock(tx.db, scope, line.productId, line.quantity)
      : await repository.takeVariantStock(tx.db, scope, line.variantId, line.productId, line.quantity);
    if (left === null) throw new PlacingRefused({ problem: 'stock', name: lineName(line) });
    await emitStockMove(tx, scope, { productId: line.productId, variantId: line.variantId, name: lineName(line), sku: line.sku, before: left + line.quantity, after: left });
  }
  if (priced.coupon?.ok && !(await takeCouponUse(tx, scope, priced.coupon.couponId))) {
    throw new PlacingRefused({ problem: 'coupon', reason: couponReason({ ok: false, reason: 'catalog.coupon.verdict.invalid' }, input.locale) });
  }

  const number = await takeOrderNumber(tx.db, scope);
  const at = tx.clock.now().toISOString();
  // One customer per e-mail and store, whatever its case (the form's schema lowers it too).
  const customer = { ...input.customer, email: input.customer.email.trim().toLowerCase() };
  const details = { name: customer.name, phone: customer.phone, documentType: customer.documentType, documentNumber: customer.documentNumber, address: customer.address, city: customer.city, province: customer.province };
  const { id: customerId, created } = await repository.findOrCreateCustomer(tx.db, scope, { ...details, code: randomUUID(), userId: null, email: customer.email, createdAt: at, updatedAt: at });
  await repository.updateCustomerDetails(tx.db, scope, customerId, { ...details, updatedAt: at });
  if (created) {
    await emit(tx, { type: 'customer.created', storeId: scope.storeId, resource: { kind: 'customer', id: customerId, label: details.name || customer.email }, data: customerEventData({ id: customerId, ...details, email: customer.email, createdAt: at, updatedAt: at }) });
  }

  const code = randomUUID();
  const { totals } = priced;
  const values = {
    number, code, customerId, locale: input.locale, status: 'pending', paymentMethod: customer.paymentMethod,
    couponId: priced.coupon?.ok ? priced.coupon.couponId : null, couponCode: priced.coupon?.ok ? priced.coupon.code : '',
    subtotalCents: totals.subtotalCents, discountCents: totals.discountCents, taxCents: totals.taxCents, shippingCents: totals.shippingCents, totalCents: totals.totalCents,
    // Shipping's IVA as charged now: a later change of the store's rate never reaches this order.
    shippingIvaCode: priced.shipping.ivaCode, shippingTaxCents: totals.shippingTaxCents,
    ...details, email: customer.email, notes: customer.notes, createdAt: at, updatedAt: at,
    // What was sold: the canton, the rate's name (pickup's in the order's language), whether picked up.
    canton: delivery.canton, shippingName: chosen.pickup ? pickupName(input.locale) : chosen.name, shippingPickup: chosen.pickup ? 1 : 0,
  };
  const id = await repository.insertOrder(tx.db, scope, values);
  const lines = priced.lines.map((line, index) => ({
    orderId: id, position: index + 1, productId: line.productId, variantId: line.variantId, name: lineName(line), sku: line.sku.slice(0, 64),
    unitPriceCents: line.unitPriceCents, quantity: line.quantity,
    discountCents: totals.lines[index]!.discountCents, baseCents: totals.lines[index]!.baseCents, taxBp: line.taxBp, ivaCode: line.ivaCode, taxCents: totals.lines[index]!.taxCents,
  }));
  await repository.insertOrderLines(tx.db, scope, lines);
  await repository.insertOrderEvent(tx.db, scope, { orderId: id, status: 'pending', createdAt: at });
  // Its payment, pending, in the same commit: a gateway's with the deadline the expiry job keeps.
  await openPayment(tx, scope, { id, paymentMethod: customer.paymentMethod, totalCents: totals.totalCents });
  // In the same commit as the order (decision 067): its subscribers queue the shopper's
  // confirmation and ring the owner's bell (server/composition.ts), so a crash after it can no
  // longer leave an order that holds stock but that neither the shopper nor the owner hears of.
  await emit(tx, { type: 'order.created', storeId: scope.storeId, resource: { kind: 'order', id, label: `#${number}` }, data: orderEventData({ id, ...values }, lines) });
  return { id, number, code, priced };
}

/** The shopper's order by its code, with what the page shows; null for any other code (a 404). */
export async function loadOrderByCode(deps: ServiceDeps, scope: StoreScope, code: string) {
  const order = await repository.findOrderByCode(deps.db, scope, code);
  if (!order) return null;
  const [lines, settings, invoice, creditNotes] = await Promise.all([
    repository.listOrderLines(deps.db, scope, order.id), loadStoreSales(deps, scope), repository.findOrderInvoiceNumber(deps.db, scope, order.id), repository.findOrderCreditNotes(deps.db, scope, order.id),
  ]);
  return { order, lines, bank: { name: settings.bankName, accountType: settings.bankAccountType, accountNumber: settings.bankAccountNumber, holder: settings.bankAccountHolder }, invoice: invoice ?? null, creditNotes };
}

export type OrderView = NonNullable<Awaited<ReturnType<typeof loadOrderByCode>>>;

/**
 * Gives an order's units back to their products and variants (a cancelled order): for the orders
 * module, inside its transaction; each move is an `inventory.changed`.
 */
export async function returnOrderStock(tx: ServiceDeps, scope: StoreScope, lines: readonly { productId: number | null; variantId: number | null; quantity: number; name: string; sku: string }[]): Promise<void> {
  for (const line of lines) {
    const now = line.variantId !== null
      ? await repository.giveBackVariantStock(tx.db, scope, line.variantId, line.productId, line.quantity)
      : line.productId !== null ? await repository.giveBackProductStock(tx.db, scope, line.productId, line.quantity) : null;
    if (now !== null) await emitStockMove(tx, scope, { productId: line.productId, variantId: line.variantId, name: line.name, sku: line.sku, before: now - line.quantity, after: now });
  }
}
