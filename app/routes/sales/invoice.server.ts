import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { parseTypedDate } from '#common/dates.ts';
import { formValues, parseWith } from '#common/forms.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { InvoiceListQuerySchema, IssueInvoiceSchema } from '#common/schemas/invoice.ts';
import { orNotFound, readForm } from '#app/lib/form-action.server.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';
import { storeScope } from '#app/lib/store-scope.server.ts';
import { AppError } from '#server/errors.ts';

// The invoice screens and downloads (issue 23 §5): thin adapters over the invoice service, in the
// owner's store scope (the store layout's middleware), so another store's invoice is a 404.

const localeOf = (request: Request) => localeFromPath(new URL(request.url).pathname);
const here = (request: Request, path: string) => localizePath(path, localeOf(request));

export async function invoiceListLoader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  // Days are typed in the page's order (decision 037: 26/11/2026, 11/26/2026); one that is not a day is no bound.
  const typed = { from: url.searchParams.get('from') ?? '', to: url.searchParams.get('to') ?? '' };
  const query = InvoiceListQuerySchema.parse({ ...Object.fromEntries(url.searchParams), from: parseTypedDate(typed.from, locale), to: parseTypedDate(typed.to, locale) });
  const page = await services(context).invoices.listInvoices(storeScope(context), query);
  return { query, typed, page };
}

export async function invoiceShowLoader({ request, context }: LoaderFunctionArgs) {
  const doc = await orNotFound(services(context).invoices.getInvoice(storeScope(context), recordId(request)));
  const sriEvents = await services(context).invoices.invoiceSriEvents(storeScope(context), doc.invoice.id);
  return { invoice: doc.invoice, lines: doc.lines, bases: doc.bases, issuedOn: doc.issuedOn, orderNumber: doc.orderNumber, sriEvents };
}

/**
 * The invoice page's "Try SRI again" (`/sales/invoice/sri-retry`, posted with the invoice's id):
 * its job queued again from the step it stopped at, then back to the invoice's page. Another
 * store's invoice is a 404; one with SRI's final answer comes back with why (`?sriError=`).
 */
export async function invoiceSriRetryAction({ request, context }: LoaderFunctionArgs) {
  const id = Number(formValues(await readForm(request)).id);
  if (!Number.isSafeInteger(id) || id < 1) throw data(null, { status: 404 });
  const page = `${here(request, '/sales/invoice/show')}?id=${id}`;
  try {
    await services(context).invoices.retryInvoiceSri(storeScope(context), id);
    return redirect(page);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return redirect(`${page}&sriError=${encodeURIComponent(error.code)}`);
  }
}

/** A file the owner downloads: never kept by a cache (it is theirs alone). */
function download(body: Uint8Array | string, type: string, fileName: string) {
  return new Response(body as BodyInit, {
    headers: { 'Content-Type': type, 'Content-Disposition': `attachment; filename="${fileName}"`, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' },
  });
}

export async function invoicePdfLoader({ request, context }: LoaderFunctionArgs) {
  const { fileName, pdf } = await orNotFound(services(context).invoices.getInvoicePdf(storeScope(context), recordId(request), localeOf(request)));
  return download(new Uint8Array(pdf), 'application/pdf', fileName);
}

export async function invoiceXmlLoader({ request, context }: LoaderFunctionArgs) {
  const { fileName, xml } = await orNotFound(services(context).invoices.getInvoiceXml(storeScope(context), recordId(request)));
  return download(xml, 'application/xml; charset=utf-8', fileName);
}

/**
 * The "Issue invoice" button's action (`/sales/invoice/issue`, posted from the order's page):
 * issued → the invoice's screen; refused → back to the order's page, which shows why
 * (`?invoiceError=<message key>`), so it works the same with and without JavaScript.
 */
export async function invoiceIssueAction({ request, context }: LoaderFunctionArgs) {
  const values = formValues(await readForm(request));
  const parsed = parseWith(IssueInvoiceSchema, values);
  if (!parsed.ok) throw data(null, { status: 404 });
  const orderPage = `${here(request, '/sales/order/show')}?id=${parsed.data.orderId}`;
  try {
    const { id } = await services(context).invoices.issueInvoice(storeScope(context), parsed.data);
    return redirect(`${here(request, '/sales/invoice/show')}?id=${id}&notice=created`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    if (error.status === 404) throw data(null, { status: 404 });
    return redirect(`${orderPage}&invoiceError=${encodeURIComponent(error.code)}`);
  }
}

/** The issue route answers no GET: a page that is only an action. */
export function invoiceIssueLoader() {
  throw data(null, { status: 404 });
}


export async function creditNoteXmlLoader({ request, context }: LoaderFunctionArgs) {
  const { fileName, xml } = await orNotFound(services(context).creditNotes.getCreditNoteXml(storeScope(context), recordId(request)));
  return download(xml, 'application/xml; charset=utf-8', fileName);
}

/** A credit note's RIDE in the page's language (issue 37 §7); another store's note is a 404. */
export async function creditNotePdfLoader({ request, context }: LoaderFunctionArgs) {
  const { fileName, pdf } = await orNotFound(services(context).creditNotes.getCreditNotePdf(storeScope(context), recordId(request), localeOf(request)));
  return download(new Uint8Array(pdf), 'application/pdf', fileName);
}
