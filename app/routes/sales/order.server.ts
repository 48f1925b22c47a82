import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { readCreditNoteForm } from '#common/schemas/credit-note.ts';
import { OrderStatusInputSchema, readOrderListFilters } from '#common/schemas/sales-order.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { failure, invalid, orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { orderContactOf, orderNoteAction } from './order-papers.server.ts';
import { orderPaymentsOf, PAYMENT_INTENTS, paymentAction } from './payment.server.ts';
import { orderBulkAction, orderShipmentsOf, shipAction } from './shipment.server.ts';

// The owner's orders (/sales/order): thin adapters over the order service, in the store's scope.

export async function orderListLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const { query, errors } = readOrderListFilters(Object.fromEntries(url.searchParams), localeFromPath(url.pathname));
  const page = await services(context).orders.listOrders(storeScope(context), query);
  // The typed range comes back as typed, so the filter form shows what the owner wrote beside its error.
  const typed = { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '', min: url.searchParams.get('min') ?? '', max: url.searchParams.get('max') ?? '' };
  return { query, typed, errors, page };
}

/** The list's bulk actions (mark paid, ship with one carrier): shipment.server.ts. */
export async function orderListAction({ request, context }: LoaderFunctionArgs) {
  return orderBulkAction(context, formValues(await readForm(request)));
}

export async function orderShowLoader({ request, context }: LoaderFunctionArgs) {
  const id = recordId(request);
  const order = await orNotFound(services(context).orders.getOrder(storeScope(context), id));
  // Its invoice, if issued: the page links it, or offers to issue one (IssueInvoiceButton); and
  // then its credit notes, with what is left to credit (CreditNoteSection).
  const [invoice, creditNotes] = await Promise.all([services(context).invoices.invoiceOfOrder(storeScope(context), id), services(context).creditNotes.creditNotesOfOrder(storeScope(context), id)]);
  // Its payments, receipts and refunds (PaymentSection, issue 39).
  const payments = await orderPaymentsOf(context, id);
  // Its notes to the shopper and a WhatsApp link (issue 40 §3).
  const contact = await orderContactOf(context, order.order);
  // Its shipments and the units left to ship (ShipmentSection, ShipOrderButton: issue 40 §2).
  const shipping = await orderShipmentsOf(context, request, id);
  return { ...order, invoice, creditNotes, payments, contact, shipping };
}

/** The credit note form's post (`intent=creditNote`): issued → back to the order with a notice. */
async function creditNoteAction(request: Request, context: LoaderFunctionArgs['context'], id: number, values: Record<string, string>) {
  const scope = storeScope(context);
  const invoice = await services(context).invoices.invoiceOfOrder(scope, id);
  // No invoice (or another store's order): nothing to credit, the same 404 as an unknown order.
  if (!invoice) throw data(null, { status: 404 });
  const parsed = readCreditNoteForm(values, invoice.id);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).creditNotes.issueCreditNote(scope, { userId: currentUser(context).id }, parsed.data);
    const path = localizePath('/sales/order/show', localeFromPath(new URL(request.url).pathname));
    return redirect(`${path}?id=${id}&notice=creditNoteIssued`);
  } catch (error) {
    return failure(error, values);
  }
}

export async function orderShowAction({ request, context }: LoaderFunctionArgs) {
  const id = recordId(request);
  const values = formValues(await readForm(request));
  if (values.intent === 'creditNote') return creditNoteAction(request, context, id, values);
  if (values.intent === 'note') return orderNoteAction(request, context, id, values);
  // A receipt's confirmation or rejection, or a refund (payment.server.ts).
  if (values.intent && PAYMENT_INTENTS.has(values.intent)) return paymentAction(request, context, id, values);
  // A shipment with its carrier and tracking number (shipment.server.ts).
  if (values.intent === 'ship') return shipAction(request, context, id, values);
  const parsed = parseWith(OrderStatusInputSchema, values);
  if (!parsed.ok) return invalid(parsed.errors, values);
  try {
    await services(context).orders.changeOrderStatus(storeScope(context), { userId: currentUser(context).id }, id, parsed.data);
    const path = localizePath('/sales/order/show', localeFromPath(new URL(request.url).pathname));
    return redirect(`${path}?id=${id}&notice=updated`);
  } catch (error) {
    return failure(error, values);
  }
}
