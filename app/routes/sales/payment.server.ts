import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { parseRecordId } from '#common/record-id.ts';
import { readRefundForm } from '#common/schemas/refund.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { echo, failure, orNotFound } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { recordId } from '#app/lib/record-id.server.ts';
import { services } from '#app/lib/services.server.ts';
import { requireCan, storeScope } from '#app/lib/store-scope.server.ts';
import { contentDisposition, UPLOAD_CSP, uploadDisposition } from '#server/modules/upload/upload.api.ts';

// The order page's payments section (issue 39 §4, §5): what its loader adds, the posts of its
// forms (`intent=receiptConfirm|receiptReject|refund`), and a receipt's file. Thin adapters over
// the refund and receipt services, in the store's scope; every post needs the orders area's write.

type Context = LoaderFunctionArgs['context'];

/** The intents this section answers; order.server.ts hands them here. */
export const PAYMENT_INTENTS: ReadonlySet<string> = new Set(['receiptConfirm', 'receiptReject', 'refund']);

/** The order's attempts, receipts and refunds with what is left to refund (PaymentSection). */
export const orderPaymentsOf = (context: Context, orderId: number) => orNotFound(services(context).refunds.orderPayments(storeScope(context), orderId));

/** The answer to one of the section's forms, marked with its intent so only that form shows it. */
function answer(intent: string, result: FormResult, status: number, headers?: HeadersInit) {
  return data<FormResult>({ ...result, intent }, { status, headers });
}

/** A business refusal as `failure` maps it, for this form only. */
function refused(intent: string, error: unknown, values: Record<string, string>) {
  const mapped = failure(error, values);
  return answer(intent, mapped.data, mapped.init?.status ?? 409, mapped.init?.headers);
}

export async function paymentAction(request: Request, context: Context, orderId: number, values: Record<string, string>) {
  requireCan(context, { area: 'orders', write: true });
  const scope = storeScope(context);
  const actor = { userId: currentUser(context).id };
  const locale = localeFromPath(new URL(request.url).pathname);
  const back = (notice: string) => redirect(`${localizePath('/sales/order/show', locale)}?id=${orderId}&notice=${notice}`);
  const intent = values.intent!;
  try {
    if (intent === 'refund') {
      const parsed = readRefundForm(values, locale);
      if (!parsed.ok) return answer(intent, { errors: parsed.errors, values: echo(values) }, 400);
      await services(context).refunds.refundOrder(scope, actor, orderId, parsed.data);
      return back('refunded');
    }
    // A receipt of another order (or store) is the same 404 as an unknown one.
    const receiptId = parseRecordId(values.receiptId);
    const receipt = receiptId === null ? undefined : (await services(context).receipts.listReceipts(scope, orderId)).find((row) => row.id === receiptId);
    if (!receipt) throw data(null, { status: 404 });
    if (intent === 'receiptConfirm') {
      await services(context).receipts.confirmReceipt(scope, actor, receipt.id);
      return back('receiptConfirmed');
    }
    await services(context).receipts.rejectReceipt(scope, actor, receipt.id, values.reason ?? '');
    return back('receiptRejected');
  } catch (error) {
    return refused(intent, error, values);
  }
}

/**
 * `/sales/order/receipt?id=`: a transfer receipt as the shopper sent it (re-encoded at upload).
 * A photo opens in the browser, a PDF downloads; either under the uploads' sandbox, so a file
 * never runs as a page of ours.
 */
export async function receiptFileLoader({ request, context }: LoaderFunctionArgs) {
  const { body, contentType, fileName } = await orNotFound(services(context).receipts.receiptFile(storeScope(context), recordId(request)));
  return new Response(new Uint8Array(body), {
    headers: {
      'Content-Type': contentType,
      'Content-Disposition': contentDisposition(fileName, uploadDisposition(contentType, false)),
      'Content-Security-Policy': UPLOAD_CSP,
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    },
  });
}
