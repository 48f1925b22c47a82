import { setImmediate as yieldToOthers } from 'node:timers/promises';
import { formatDate } from '#common/dates.ts';
import { paymentMethod, paymentState } from '#common/enums/payment.ts';
import { orderStatus } from '#common/enums/sales-order.ts';
import { translator } from '#common/i18n/all-languages.ts';
import type { Locale } from '#common/locale.ts';
import type { OrderListQuery } from '#common/schemas/sales-order.ts';
import { notFound } from '#server/errors.ts';
import { csvLines, neutraliseCell } from '#server/modules/product-csv/csv-values.ts';
import { shipmentsOfOrders } from '#server/modules/sales/shipment/shipment-view.ts';
import { getStore } from '#server/modules/store/store.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as papers from './order-papers.repository.ts';

// The order's papers (issue 40 §3): the packing slips and order summaries the owner prints, one
// order a page, and the order list as a CSV file with the list's filters.

/** The store's orders among `ids`, in the order asked, each with its lines, and the store that prints them; none of them the store's: not found. */
export async function orderSlips(deps: ServiceDeps, scope: StoreScope, ids: readonly number[], locale: Locale) {
  const found = ids.length === 0 ? [] : await papers.ordersByIds(deps.db, scope, ids);
  if (found.length === 0) throw notFound();
  const lines = await papers.linesOfOrders(deps.db, scope, found.map((order) => order.id));
  const byId = new Map(found.map((order) => [order.id, order]));
  const orders = [...new Set(ids)].flatMap((id) => {
    const order = byId.get(id);
    return order ? [{ order, lines: lines.filter((line) => line.orderId === id) }] : [];
  });
  // Each order's parcels, so the packer sees what left already and under which tracking number.
  const parcels = await shipmentsOfOrders(deps, scope, orders.map(({ order }) => order.id), locale);
  const store = await getStore(deps, scope);
  return { store: { name: store.name, slug: store.slug, logo: store.logo }, orders: orders.map((slip) => ({ ...slip, shipments: (parcels.get(slip.order.id) ?? []).map(({ id, carrierLabel, trackingNumber }) => ({ id, carrierLabel, trackingNumber })) })), missing: ids.length - orders.length };
}

/** Orders per piece of the CSV: each batch read and written in one go, then a turn for others. */
const EXPORT_BATCH = 500;

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * The list's filtered orders as CSV text in the caller's language, in pieces (the activity log's
 * and the catalogue's habits, decision 044): a BOM so spreadsheets read the accents, the header in
 * the page's language, a line per order, newest first — every one the filters pick, not a page.
 * Amounts are written with a point and no thousands separator (the catalogue file's rule); every
 * text cell is neutralised against formulas (a shopper called "=HYPERLINK(…)" stays text).
 */
export async function* exportOrders(deps: ServiceDeps, scope: StoreScope, query: OrderListQuery, locale: Locale, batch = EXPORT_BATCH): AsyncGenerator<string> {
  const t = translator(locale);
  const header = ['number', 'date', 'status', 'paymentMethod', 'paymentState', 'customer', 'email', 'phone', 'document', 'address', 'city', 'province', 'canton', 'units', 'subtotal', 'discount', 'coupon', 'shipping', 'shippingMethod', 'tax', 'total', 'notes'].map((key) => String(t(`orderPapers.csv.${key}` as 'orderPapers.csv.number')));
  yield `\uFEFF${csvLines([header])}`;
  const { page: _page, sort: _sort, dir: _dir, ...filters } = query;
  for (let before: { createdAt: string; id: number } | null = null; ; ) {
    const rows = await papers.orderBatch(deps.db, scope, filters, before, batch);
    if (rows.length === 0) return;
    const units = new Map((await papers.unitsOfOrders(deps.db, scope, rows.map((row) => row.id))).map((row) => [Number(row.orderId), Number(row.units)]));
    yield csvLines(
      rows.map((order) => [
        String(order.number),
        formatDate(order.createdAt, locale, true),
        ...[
          String(t(orderStatus.label(order.status))),
          paymentMethod.is(order.paymentMethod) ? String(t(paymentMethod.label(order.paymentMethod))) : order.paymentMethod,
          paymentState.is(order.paymentState) ? String(t(paymentState.label(order.paymentState))) : order.paymentState,
          order.name, order.email, order.phone, order.documentNumber, order.address, order.city, order.province, order.canton].map(neutraliseCell),
        String(units.get(order.id) ?? 0),
        money(order.subtotalCents),
        money(order.discountCents),
        neutraliseCell(order.couponCode),
        money(order.shippingCents),
        neutraliseCell(order.shippingPickup === 1 ? String(t('orderPapers.slip.pickup')) : order.shippingName),
        money(order.taxCents),
        money(order.totalCents),
        neutraliseCell(order.notes),
      ]),
    );
    if (rows.length < batch) return;
    const last = rows[rows.length - 1]!;
    before = { createdAt: last.createdAt, id: last.id };
    await yieldToOthers();
  }
}
