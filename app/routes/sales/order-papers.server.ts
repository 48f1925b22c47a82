import { Readable } from 'node:stream';
import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { parseWith } from '#common/forms.ts';
import { translator } from '#common/i18n/all-languages.ts';
import { asLocale, localeFromPath, localizePath } from '#common/locale.ts';
import { MAX_SLIPS, OrderNoteSchema, readSlipIds, slipKind } from '#common/schemas/order-papers.ts';
import { readOrderListFilters } from '#common/schemas/sales-order.ts';
import { whatsappUrl } from '#common/whatsapp.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { echo, failure, orNotFound } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { requireCan, storeScope } from '#app/lib/store-scope.server.ts';

// The order's papers and notes (issue 40 §3): thin adapters over the services, in the store's scope.
// The slips' page (/store/orders/slip), the list's CSV (/sales/order/export), and the order page's
// note to the shopper and WhatsApp link.

type Context = LoaderFunctionArgs['context'];

/**
 * `?ids=1,2,3[&kind=summary]`: the store's orders among them, one a printed page; ids of another
 * store are left out (and counted), none of the store's is a 404. No ids, or more than MAX_SLIPS,
 * is a 400 with the message that says so, never a 5xx.
 */
export async function orderSlipsLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const kind = slipKind(url.searchParams.get('kind'));
  const read = readSlipIds(url.searchParams.get('ids'));
  if (!read.ok) return data({ kind, ids: '', problem: { key: read.error, max: MAX_SLIPS }, slips: null }, { status: 400 });
  const slips = await orNotFound(services(context).orderPapers.orderSlips(storeScope(context), read.ids, localeFromPath(url.pathname)));
  return { kind, ids: read.ids.join(','), problem: null, slips };
}

/** The list's filtered orders as a CSV file in the page's language, streamed as it is written (every page of them). */
export async function orderExportLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const { query } = readOrderListFilters(Object.fromEntries(url.searchParams), locale);
  const scope = storeScope(context);
  const pieces = services(context).orderPapers.exportOrders(scope, query, locale);
  // ASCII only: the word and the store's slug (lowercase letters, digits and hyphens).
  const name = `${String(translator(locale)('orderPapers.csv.fileName'))}-${scope.slug}.csv`;
  return new Response(Readable.toWeb(Readable.from(pieces)) as ReadableStream, {
    headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}

/**
 * What the order page adds for the papers and the shopper (loaded beside the order): the notes sent,
 * and a WhatsApp link to the shopper's phone with a message in the order's language, or null.
 */
export async function orderContactOf(context: Context, order: { id: number; number: number; name: string; phone: string; locale: string }) {
  const scope = storeScope(context);
  const [notes, store] = await Promise.all([services(context).orderNotes.notesOfOrder(scope, order.id), services(context).stores.getStore(scope)]);
  const message = String(translator(asLocale(order.locale))('orderPapers.whatsapp.message', { name: order.name, store: store.name, number: order.number }));
  return { notes, whatsapp: whatsappUrl(order.phone, message) };
}

/** The note dialog's post (`intent=note`): sent → back to the order with a notice; refused → the dialog again with what was typed. */
export async function orderNoteAction(request: Request, context: Context, orderId: number, values: Record<string, string>) {
  requireCan(context, { area: 'orders', write: true });
  const parsed = parseWith(OrderNoteSchema, values);
  if (!parsed.ok) return data<FormResult>({ errors: parsed.errors, values: echo(values), intent: 'note' }, { status: 400 });
  try {
    await services(context).orderNotes.sendOrderNote(storeScope(context), { userId: currentUser(context).id }, orderId, parsed.data);
  } catch (error) {
    const mapped = failure(error, values);
    return data<FormResult>({ ...(mapped.data as FormResult), intent: 'note' }, { status: mapped.init?.status ?? 400 });
  }
  return redirect(`${localizePath('/sales/order/show', localeFromPath(new URL(request.url).pathname))}?id=${orderId}&notice=noteSent`);
}
