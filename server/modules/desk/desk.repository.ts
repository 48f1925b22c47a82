import { MONEY_TAKEN } from '#common/enums/payment.ts';
import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The desk's sales figures (issue 23 §7): read straight off `store_order` by the desk, which owns
// no table, so that the desk's summary costs one query however many orders the month had.

export type PeriodFigures = { orders: number; salesCents: number };

/** Not paid yet: waiting, held by a gateway, or declined with the shopper free to try again. */
const UNPAID = ['pending', 'authorized', 'failed'] as const;

/**
 * Orders and what they sold (their totals) in each period `[bounds[i], bounds[i + 1])`, cancelled
 * orders left out: a cancelled order neither sold nor counts as one. One pass over the store's
 * `(store_id, created_at)` index with a conditional sum per period, rather than a per-day GROUP BY:
 * a day is Ecuador's, which SQLite and PostgreSQL would each cut with their own date functions.
 * Bounds are ISO instants, compared as the app stores them on both databases.
 */
export async function ordersByPeriod(db: Db, scope: StoreScope, bounds: readonly string[]): Promise<PeriodFigures[]> {
  if (bounds.length < 2) return [];
  const periods = bounds.slice(0, -1).map((from, index) => ({ from, to: bounds[index + 1]! }));
  const row = await db
    .selectFrom('storeOrder')
    .where('storeId', '=', scope.storeId)
    .where('status', '<>', 'cancelled')
    .where('createdAt', '>=', bounds[0]!)
    .where('createdAt', '<', bounds.at(-1)!)
    .select((eb) =>
      periods.flatMap(({ from, to }, index) => {
        const within = () => eb.and([eb('createdAt', '>=', from), eb('createdAt', '<', to)]);
        // Literals, not parameters: PostgreSQL reads an untyped parameter in a CASE as text.
        return [
          eb.fn.sum<number | string | null>(eb.case().when(within()).then(eb.lit(1)).else(eb.lit(0)).end()).as(`orders${index}`),
          eb.fn.sum<number | string | null>(eb.case().when(within()).then(eb.ref('totalCents')).else(eb.lit(0)).end()).as(`cents${index}`),
        ];
      }),
    )
    .executeTakeFirst();
  const figures = (row ?? {}) as Record<string, number | string | null>;
  // An empty month sums to null; PostgreSQL's sum of integers is a bigint, read as text.
  return periods.map((_, index) => ({ orders: Number(figures[`orders${index}`] ?? 0), salesCents: Number(figures[`cents${index}`] ?? 0) }));
}

/** The money of a period's orders (issue 39 §9), in cents. */
export type PaymentFigures = { paidCents: number; pendingCents: number; refundedCents: number };

/**
 * Of the orders placed in `[from, to)`: what was paid (the totals of those whose money was taken,
 * refunded later or not), what is still to be paid (the totals of unpaid orders not cancelled: a
 * cancelled or expired one will never be), and what was refunded. One pass over the same index as
 * `ordersByPeriod`, reading the order's own `payment_state` and `refunded_cents`.
 */
export async function paymentsInPeriod(db: Db, scope: StoreScope, from: string, to: string): Promise<PaymentFigures> {
  const row = await db
    .selectFrom('storeOrder')
    .where('storeId', '=', scope.storeId)
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .select((eb) => [
      eb.fn.sum<number | string | null>(eb.case().when('paymentState', 'in', [...MONEY_TAKEN]).then(eb.ref('totalCents')).else(eb.lit(0)).end()).as('paid'),
      eb.fn.sum<number | string | null>(eb.case().when(eb.and([eb('paymentState', 'in', [...UNPAID]), eb('status', '<>', 'cancelled')])).then(eb.ref('totalCents')).else(eb.lit(0)).end()).as('pending'),
      eb.fn.sum<number | string | null>('refundedCents').as('refunded'),
    ])
    .executeTakeFirst();
  // No order sums to null; PostgreSQL's sum of integers is a bigint, read as text.
  return { paidCents: Number(row?.paid ?? 0), pendingCents: Number(row?.pending ?? 0), refundedCents: Number(row?.refunded ?? 0) };
}

/**
 * Whether the store has saved its sales settings: its `store_sales` row exists. (Placing a first
 * order also makes it, with the defaults; by then the store is selling with them, so the
 * checklist's step is rightly behind it.)
 */
export async function hasSalesSettings(db: Db, scope: StoreScope): Promise<boolean> {
  return Boolean(await db.selectFrom('storeSales').select('id').where('storeId', '=', scope.storeId).limit(1).executeTakeFirst());
}
