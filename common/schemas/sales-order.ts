import { z } from 'zod';
import { orderStatus } from '../enums/sales-order.ts';
import { listApiParameters, listQuerySchema } from '../list-query.ts';
import type { Locale } from '../locale.ts';
import { readLocaleNumber } from '../locale-number.ts';
import { MAX_ID } from '../record-id.ts';

// The owner's order list and status changes: shared by the screens, their actions and the JSON API.

const ORDER_LIST = { sort: ['created'] as const, defaultSort: 'created' as const, defaultDir: 'desc' as const, filters: { status: orderStatus.values }, refs: ['customer'] as const };

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

const PageListQuery = listQuerySchema(ORDER_LIST);
const PageRange = z.object({
  from: day.optional().catch(undefined),
  to: day.optional().catch(undefined),
  min: z.string().max(20).optional().catch(undefined),
  max: z.string().max(20).optional().catch(undefined),
});

/** Dollars as the page's language writes them (`10,50` in Spanish, decision 053) to cents; anything else is no filter. */
function cents(text: string | undefined, locale: Locale): number | undefined {
  const dollars = text ? readLocaleNumber(text, locale) : null;
  return dollars !== null && dollars >= 0 && dollars <= 100_000_000 ? Math.round(dollars * 100) : undefined;
}

/** The list's query: the usual search, status, customer and page, and a day range (Ecuador's days) and total range in cents. */
export type OrderListQuery = z.infer<typeof PageListQuery> & { customerId?: number; from?: string; to?: string; minCents?: number; maxCents?: number };

function withCustomer(list: z.infer<typeof PageListQuery>, range: { from?: string; to?: string; minCents?: number; maxCents?: number }): OrderListQuery {
  const customer = (list.filters as Record<string, string | undefined>).customer;
  return { ...list, ...(customer ? { customerId: Number(customer) } : {}), ...range };
}

/** The screen's URL (`?status=paid&from=2026-11-01&min=10`): anything unreadable is no filter. */
export function parseOrderListQuery(params: Record<string, unknown>, locale: Locale): OrderListQuery {
  const range: { from?: string; to?: string; min?: string; max?: string } = PageRange.parse(params);
  return withCustomer(PageListQuery.parse(params), { from: range.from, to: range.to, minCents: cents(range.min, locale), maxCents: cents(range.max, locale) });
}

const ApiRange = z.object({
  from: day.optional().describe('First day (YYYY-MM-DD, Ecuador time) of the orders listed'),
  to: day.optional().describe('Last day (YYYY-MM-DD, Ecuador time) of the orders listed'),
  minCents: z.coerce.number({ error: 'validation.number' }).int().min(0).max(MAX_ID).optional().describe('Smallest total, in cents'),
  maxCents: z.coerce.number({ error: 'validation.number' }).int().min(0).max(MAX_ID).optional().describe('Largest total, in cents'),
});

/** The API's list parameters: a wrong value is a 400 that names it; totals in cents (decision 052). */
export const OrderListParameters = listApiParameters(ORDER_LIST).extend(ApiRange.shape);

export const OrderStatusInputSchema = z.object({
  status: orderStatus.schema('validation.required'),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional().default(''),
});
export type OrderStatusInput = z.infer<typeof OrderStatusInputSchema>;

/** The API's parameters (already checked by `OrderListParameters`) as the service takes them. */
export function orderListFromApi(params: Record<string, unknown>): OrderListQuery {
  return withCustomer(PageListQuery.parse(params), ApiRange.parse(params));
}
