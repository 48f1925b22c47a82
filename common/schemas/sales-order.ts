import { z } from '#common/zod.ts';
import { paymentMethod, paymentState } from '../enums/payment.ts';
import { orderStatus } from '../enums/sales-order.ts';
import { listApiParameters, listQuerySchema } from '../list-query.ts';
import type { Locale } from '../locale.ts';
import { readLocaleNumber } from '../locale-number.ts';
import { parseTypedDate } from '../dates.ts';
import type { FieldErrors } from '../forms.ts';
import { MAX_ID } from '../record-id.ts';

// The owner's order list and status changes: shared by the screens, their actions and the JSON API.

// By the order's status, and by how it is paid and where its payment stands (issue 39 §9).
const ORDER_LIST = {
  sort: ['created'] as const,
  defaultSort: 'created' as const,
  defaultDir: 'desc' as const,
  filters: { status: orderStatus.values, paymentMethod: paymentMethod.values, paymentState: paymentState.values },
  refs: ['customer'] as const,
};

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)));

const PageListQuery = listQuerySchema(ORDER_LIST);
/** The filter form's range fields as typed (a repeated or missing parameter is none). */
const typedText = z.string().max(40).optional().catch(undefined);
const PageRange = z.object({ from: typedText, to: typedText, min: typedText, max: typedText });

/**
 * The order list's filter form as the form kit sees it: the day range is typed in the page's order
 * (the kit's DateField) and the totals in its number format; the loader judges them
 * (`readOrderListFilters`), this only names the fields.
 */
export const OrderFilterFormSchema = z.object({ from: z.string().optional(), to: z.string().optional(), min: z.string().optional(), max: z.string().optional() });

/** Dollars as the page's language writes them (`10,50` in Spanish, decision 053) to cents; null when it cannot be read. */
function cents(text: string, locale: Locale): number | null {
  const dollars = readLocaleNumber(text, locale);
  return dollars !== null && dollars >= 0 && dollars <= 100_000_000 ? Math.round(dollars * 100) : null;
}

/** The list's query: the usual search, status, customer and page, and a day range (Ecuador's days) and total range in cents. */
export type OrderListQuery = z.infer<typeof PageListQuery> & { customerId?: number; from?: string; to?: string; minCents?: number; maxCents?: number };

function withCustomer(list: z.infer<typeof PageListQuery>, range: { from?: string; to?: string; minCents?: number; maxCents?: number }): OrderListQuery {
  const customer = (list.filters as Record<string, string | undefined>).customer;
  return { ...list, ...(customer ? { customerId: Number(customer) } : {}), ...range };
}

/**
 * The screen's URL (`?status=paid&from=15/11/2026&min=10,50`): the list's query, and an error beside
 * each range field it could not use — a day that does not exist or is not written in the page's
 * order (`dateField.typeAs`; `YYYY-MM-DD`, which the browser's own date input sends without
 * JavaScript, is read too), "to" before "from", a total not written the page's way. A refused bound
 * is not applied, and its error says so beside the field: never a silent default, never a 500.
 */
export function readOrderListFilters(params: Record<string, unknown>, locale: Locale): { query: OrderListQuery; errors: FieldErrors } {
  const typed = PageRange.parse(params);
  const errors: FieldErrors = {};
  const days: { from?: string; to?: string } = {};
  for (const name of ['from', 'to'] as const) {
    const text = typed[name]?.trim();
    if (!text) continue;
    const iso = parseTypedDate(text, locale);
    if (iso) days[name] = iso;
    else errors[name] = 'dateField.typeAs';
  }
  if (days.from && days.to && days.to < days.from) {
    errors.to = 'order.toBeforeFrom';
    delete days.to;
  }
  const totals: { minCents?: number; maxCents?: number } = {};
  for (const [name, key] of [['min', 'minCents'], ['max', 'maxCents']] as const) {
    const text = typed[name]?.trim();
    if (!text) continue;
    const value = cents(text, locale);
    if (value === null) errors[name] = 'validation.number';
    else totals[key] = value;
  }
  return { query: withCustomer(PageListQuery.parse(params), { ...days, ...totals }), errors };
}

/** The list's query alone (the service's tests): what `readOrderListFilters` applies. */
export const parseOrderListQuery = (params: Record<string, unknown>, locale: Locale): OrderListQuery => readOrderListFilters(params, locale).query;

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
