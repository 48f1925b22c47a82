import { isGatewayMethod } from '#common/enums/payment.ts';
import { acceptOf, MAX_IMAGE_BYTES, MAX_PDF_BYTES } from '#common/upload-limits.ts';
import type { OrderView } from '#server/modules/sales/checkout/checkout.service.ts';
import { MAX_RECEIPTS_PER_ORDER, type ReceiptProblem, type ShopperOrderHistory, takesReceipt } from '#server/modules/sales/payment/receipt.service.ts';
import { html, type SafeHtml } from '../../shop/shop-html.ts';
import type { PixelEvent } from '../../shop/shop-pixel.ts';
import { shopDocument, type ShopRequest } from '../../shop/shop-layout.ts';
import type { Rendered } from '../../shop/shop-pages.ts';
import type { ShopFrame } from '../../shop/shop.service.ts';
import { shopPath } from '../../shop/shop-url.ts';
import { lineAmount, totalsBlock } from './shop-cart-pages.ts';

// The shopper's order page (issue 23 §3, issue 39 §4, §6): plain HTML that works without
// JavaScript. It always says where the order stands — its state, its payment's, and a timeline of
// each step with its date — and offers only what the shopper can still do: the bank details and the
// receipt form while a transfer is unpaid, "Pay now" while a gateway order is unpaid. Never cached.

const link = (frame: ShopFrame, request: ShopRequest, rest = '') => shopPath(request.locale, frame.store.slug, rest);

/** The gateways' own names, the same in every language. */
const GATEWAY_NAMES: Record<string, string> = { payphone: 'PayPhone', paypal: 'PayPal' };
const MB = 1024 * 1024;

/** What the address or the last form left for the page to say. */
export type OrderPageNotice = {
  /** `?payment=`: how the shopper's payment at the gateway went (paid, failed, pending, cancelled, …). */
  payment?: string | null;
  /** `?receipt=sent`: the receipt was kept. */
  receiptSent?: boolean;
  /** The receipt form's refusal (receipt.routes.ts): the page is drawn again with it. */
  receiptError?: ReceiptProblem | 'incomplete' | 'tooMany' | null;
};

/** The notice the order page's address carries (`?payment=…`, `?receipt=sent`). */
export function orderNoticeOf(query: URLSearchParams): OrderPageNotice {
  return { payment: query.get('payment'), receiptSent: query.get('receipt') === 'sent' };
}

/** Notices that tell of good news are read out politely; the others as alerts. */
const GOOD_NEWS = new Set(['paid', 'pending']);

function noticeBlock(request: ShopRequest, notice: OrderPageNotice): SafeHtml {
  const texts = request.tr.texts.cart;
  const payment = notice.payment && Object.hasOwn(texts.paymentNotices, notice.payment) ? (notice.payment as keyof typeof texts.paymentNotices) : null;
  // A file's problem is said at the top too: the form sits at the end of the page a shopper lands on.
  const error = notice.receiptError ? receiptErrorText(request, notice.receiptError) : null;
  const good = [...(payment && GOOD_NEWS.has(payment) ? [texts.paymentNotices[payment]] : []), ...(notice.receiptSent ? [texts.receiptSent] : [])];
  const bad = [...(payment && !GOOD_NEWS.has(payment) ? [texts.paymentNotices[payment]] : []), ...(error ? [error] : [])];
  return html`${bad.length ? html`<div class="notice error" role="alert">${bad.map((text) => html`<p>${text}</p>`)}</div>` : ''}
${good.length ? html`<div class="notice success" role="status">${good.map((text) => html`<p>${text}</p>`)}</div>` : ''}`;
}

const isFileProblem = (problem: string) => ['empty', 'fileType', 'fileSize', 'incomplete'].includes(problem);
const sizes = (request: ShopRequest) => ({ imageMb: request.tr.number(MAX_IMAGE_BYTES / MB), pdfMb: request.tr.number(MAX_PDF_BYTES / MB) });

function receiptErrorText(request: ShopRequest, problem: NonNullable<OrderPageNotice['receiptError']>): string {
  const errors = request.tr.texts.cart.receiptErrors;
  if (problem === 'notFound') return errors.notPayable;
  if (problem === 'tooManyReceipts') return request.tr.t(errors.tooManyReceipts, { max: MAX_RECEIPTS_PER_ORDER });
  return request.tr.t(errors[problem], sizes(request));
}

type Order = OrderView['order'];
type StepKey = 'placed' | 'paid' | 'shipped' | 'delivered' | 'cancelled' | 'expired' | 'refunded';
type Step = { key: StepKey; label: string; at: string | null };

/**
 * The order's steps with their dates, in the order they happened: placed, paid, shipped,
 * delivered, cancelled (or expired, unpaid in time) from its moves, and each refund. The steps an
 * order on its way has still to take follow, undated.
 */
function timelineSteps(request: ShopRequest, order: Order, history: ShopperOrderHistory): Step[] {
  const { tr } = request;
  const names = tr.texts.cart.timeline;
  const when = (status: string) => history.moves.findLast((move) => move.status === status)?.createdAt ?? null;
  const done: Step[] = [{ key: 'placed', label: names.placed, at: when('pending') ?? order.createdAt }];
  for (const key of ['paid', 'shipped', 'delivered'] as const) {
    const at = when(key);
    if (at) done.push({ key, label: names[key], at });
  }
  const cancelledAt = when('cancelled');
  if (cancelledAt) done.push(order.paymentState === 'expired' ? { key: 'expired', label: names.expired, at: cancelledAt } : { key: 'cancelled', label: names.cancelled, at: cancelledAt });
  for (const refund of history.refunds) done.push({ key: 'refunded', label: tr.t(names.refunded, { amount: tr.money(refund.amountCents) }), at: refund.createdAt });
  done.sort((a, b) => a.at!.localeCompare(b.at!));
  if (order.status === 'cancelled' || order.status === 'delivered') return done;
  const upcoming = (['paid', 'shipped', 'delivered'] as const).filter((key) => !done.some((step) => step.key === key));
  return [...done, ...upcoming.map((key): Step => ({ key, label: names[key], at: null }))];
}

function timelineBlock(request: ShopRequest, order: Order, history: ShopperOrderHistory): SafeHtml {
  const { tr } = request;
  const texts = tr.texts.cart;
  return html`<section class="order-timeline-box" aria-labelledby="timeline-title"><h2 id="timeline-title">${texts.timelineTitle}</h2>
<ol class="order-timeline">${timelineSteps(request, order, history).map((step) => step.at
  ? html`<li class="done" data-step="${step.key}"><span class="step-name">${step.label}</span> <time datetime="${step.at}">${tr.dateTime(step.at)}</time></li>`
  : html`<li class="upcoming" data-step="${step.key}"><span class="step-name">${step.label}</span> <span class="muted small">${texts.timelineUpcoming}</span></li>`)}</ol>
</section>`;
}

/**
 * The order's parcels (issue 40 §2): each with its carrier, tracking number, date, the link to
 * follow it (the carrier's page with the number, or its page where the number is typed) and what it
 * carries. Nothing before the first parcel leaves.
 */
function shipmentsBlock(request: ShopRequest, history: ShopperOrderHistory): SafeHtml | '' {
  const { tr } = request;
  const texts = tr.texts.cart;
  if (history.shipments.length === 0) return '';
  return html`<section class="order-shipments" aria-labelledby="shipments-title"><h2 id="shipments-title">${texts.shipmentsTitle}</h2>
<ul class="shipments">${history.shipments.map((shipment) => html`<li data-carrier="${shipment.carrier}"><strong>${shipment.trackingNumber ? tr.t(texts.shipmentOf, { carrier: shipment.carrierLabel, number: shipment.trackingNumber }) : shipment.carrierLabel}</strong>
<br><span class="muted small">${tr.t(texts.shippedOn, { date: tr.date(shipment.createdAt) })}</span>
${shipment.trackingUrl ? html`<br><a href="${shipment.trackingUrl}" rel="noopener noreferrer" target="_blank" data-testid="tracking-link">${shipment.linkCarriesNumber ? texts.track : tr.t(texts.trackPage, { carrier: shipment.carrierLabel })}</a>${shipment.linkCarriesNumber || !shipment.trackingNumber ? '' : html` <span class="small">${tr.t(texts.typeNumber, { number: shipment.trackingNumber })}</span>`}` : ''}
<br><span class="small">${shipment.lines.map((line) => `${line.name} × ${tr.number(line.quantity)}`).join(', ')}</span></li>`)}</ul>
</section>`;
}

/** The sentence under the title: where the order stands now, never "we received it" once it moved on. */
function leadOf(request: ShopRequest, order: Order, history: ShopperOrderHistory): string {
  const { tr } = request;
  const leads = tr.texts.cart.leads;
  if (order.paymentState === 'refunded') return tr.t(leads.refunded, { amount: tr.money(order.refundedCents) });
  if (order.paymentState === 'partially_refunded') return tr.t(leads.partiallyRefunded, { amount: tr.money(order.refundedCents) });
  switch (order.status) {
    case 'cancelled': return order.paymentState === 'expired' ? leads.expired : leads.cancelled;
    case 'delivered': return leads.delivered;
    case 'shipped': return leads.shipped;
    // Some parcels left, some units still to ship (decision 091).
    case 'paid': return history.shipments.length > 0 ? tr.texts.cart.partlyShipped : leads.paid;
    default:
      if (order.paymentMethod === 'bank_transfer') return history.receipts.some((receipt) => receipt.state === 'submitted') ? leads.receiptInReview : tr.t(leads.awaitingTransfer, { name: order.name });
      if (isGatewayMethod(order.paymentMethod)) return tr.t(leads.awaitingPayment, { name: order.name });
      return tr.t(tr.texts.cart.thanks, { name: order.name });
  }
}

function methodName(request: ShopRequest, method: string): string {
  const texts = request.tr.texts.cart;
  if (method === 'bank_transfer') return texts.bankTransfer;
  if (method === 'cash_on_delivery') return texts.cashOnDelivery;
  return GATEWAY_NAMES[method] ?? method;
}

function receiptsList(request: ShopRequest, history: ShopperOrderHistory): SafeHtml | '' {
  const { tr } = request;
  const texts = tr.texts.cart;
  if (history.receipts.length === 0) return '';
  return html`<h3>${texts.receiptsTitle}</h3>
<ul class="receipts">${history.receipts.map((receipt) => html`<li data-state="${receipt.state}">${tr.t(texts.receiptSentOn, { date: tr.date(receipt.createdAt) })}: <strong>${(texts.receiptStates as Record<string, string>)[receipt.state] ?? receipt.state}</strong>${receipt.state === 'rejected' && receipt.reason ? html`<br><span>${tr.t(texts.receiptReason, { reason: receipt.reason })}</span>` : ''}</li>`)}</ul>`;
}

function receiptForm(frame: ShopFrame, request: ShopRequest, order: Order, notice: OrderPageNotice): SafeHtml {
  const texts = request.tr.texts.cart;
  const error = notice.receiptError && isFileProblem(notice.receiptError) ? receiptErrorText(request, notice.receiptError) : null;
  return html`<form method="post" action="${link(frame, request, '/order/receipt')}" enctype="multipart/form-data" class="receipt-form">
<h3>${texts.receiptUploadTitle}</h3>
<input type="hidden" name="code" value="${order.code}">
<div class="field"><label for="receipt-file">${texts.receiptLabel}</label>
<input id="receipt-file" name="file" type="file" accept="${acceptOf('invoice')}" required aria-describedby="receipt-file-help${error ? ' receipt-file-error' : ''}"${error ? html` aria-invalid="true"` : ''}>
<p class="hint" id="receipt-file-help">${request.tr.t(texts.receiptHelp, sizes(request))}</p>
${error ? html`<p class="field-error" id="receipt-file-error">${error}</p>` : ''}</div>
<button type="submit">${texts.receiptSend}</button>
</form>`;
}

/** How the shopper pays, or paid: only what can still be done is offered. */
function paymentBlock(frame: ShopFrame, request: ShopRequest, view: OrderView, history: ShopperOrderHistory, notice: OrderPageNotice): SafeHtml {
  const { tr } = request;
  const texts = tr.texts.cart;
  const { order, bank } = view;
  const method = order.paymentMethod;
  if (method === 'bank_transfer' && takesReceipt(order)) {
    return html`<h2 id="pay-title">${texts.transferTitle}</h2>
<p>${tr.t(texts.transferHint, { amount: tr.money(order.totalCents), number: String(order.number) })}</p>
<dl class="facts"><dt>${texts.bank}</dt><dd>${bank.name}</dd><dt>${texts.accountType}</dt><dd>${texts.accountTypes[bank.accountType as 'savings' | 'checking' | ''] ?? ''}</dd><dt>${texts.accountNumber}</dt><dd>${bank.accountNumber}</dd><dt>${texts.accountHolder}</dt><dd>${bank.holder}</dd></dl>
${receiptsList(request, history)}
${receiptForm(frame, request, order, notice)}`;
  }
  if (isGatewayMethod(method) && order.status === 'pending' && (order.paymentState === 'pending' || order.paymentState === 'failed')) {
    const gateway = GATEWAY_NAMES[method]!;
    return html`<h2 id="pay-title">${texts.payNowTitle}</h2>
${order.paymentState === 'failed' ? html`<p>${texts.payAgainHint}</p>` : ''}
<p id="pay-now-help">${tr.t(texts.payNowWith, { amount: tr.money(order.totalCents), gateway })}</p>
<form method="post" action="${link(frame, request, '/order/pay')}" class="pay-now-form"><input type="hidden" name="code" value="${order.code}">
<button type="submit" class="wide" aria-describedby="pay-now-help"><img src="/payment-logos/${method}.svg" alt="" width="72" height="20" class="pay-logo"> ${texts.payNow}</button></form>`;
  }
  const unpaidCash = method === 'cash_on_delivery' && order.status === 'pending';
  return html`<h2 id="pay-title">${texts.paymentMethod}</h2>
<p>${unpaidCash ? texts.payOnDelivery : methodName(request, method)}</p>
${method === 'bank_transfer' ? receiptsList(request, history) : ''}`;
}

/**
 * The shopper's order. `history` is receipt.service.ts's `shopperOrderHistory` of the order (its
 * moves, refunds and receipts); `notice` what the address or the receipt form left to say. The
 * invoice module's spot is kept: once an invoice is issued the page links its PDF, and once SRI
 * authorized it its XML; the order's credit notes likewise (issue 37 §8).
 */
export function renderOrder(frame: ShopFrame, request: ShopRequest, view: OrderView, pixelEvents: readonly PixelEvent[], history: ShopperOrderHistory, notice: OrderPageNotice = {}): Rendered {
  const { tr } = request;
  const texts = tr.texts.cart;
  const { order } = view;
  const title = tr.t(texts.orderTitle, { number: order.number });
  const statusName = (texts.statuses as Record<string, string>)[order.status] ?? order.status;
  const paymentStateName = (texts.paymentStates as Record<string, string>)[order.paymentState] ?? order.paymentState;
  const invoicePdf = view.invoice ? `${link(frame, request, '/order/invoice.pdf')}?code=${order.code}` : null;
  const invoiceXml = view.invoice?.sriStatus === 'authorized' ? `${link(frame, request, '/order/invoice.xml')}?code=${order.code}` : null;
  const creditNoteFile = (file: 'pdf' | 'xml', id: number) => `${link(frame, request, `/order/credit-note.${file}`)}?code=${order.code}&id=${id}`;
  const body = html`<div class="wrap order-page">
<h1>${title}</h1>
${noticeBlock(request, notice)}
<p class="lead">${leadOf(request, order, history)}</p>
<p class="hint">${texts.keepLink}</p>
<dl class="facts order-facts">
<dt>${texts.status}</dt><dd><span class="badge-status" data-status="${order.status}">${statusName}</span></dd>
<dt>${texts.paymentStatus}</dt><dd><span class="badge-status" data-payment-state="${order.paymentState}">${paymentStateName}</span></dd>
<dt>${texts.placedOn}</dt><dd>${tr.date(order.createdAt)}</dd>
<dt>${texts.paymentMethod}</dt><dd>${methodName(request, order.paymentMethod)}</dd>
</dl>
${timelineBlock(request, order, history)}
${shipmentsBlock(request, history)}
<div class="cart-layout">
<section aria-labelledby="lines-title"><h2 id="lines-title">${texts.yourOrder}</h2>
<ul class="cart-lines">${view.lines.map((line) => html`<li class="cart-line order-line"><div class="cart-line-name"><span>${line.name}</span>${line.sku ? html`<span class="muted small">${tr.texts.sku} ${line.sku}</span>` : ''}</div>
<p class="cart-line-price"><span class="label">${tr.texts.cart.unitPrice}</span> ${tr.money(line.unitPriceCents)}</p>
<p class="cart-line-quantity"><span class="label">${texts.quantity}</span> ${line.quantity}</p>
<p class="cart-line-total"><span class="label">${texts.lineTotal}</span> <strong>${tr.money(lineAmount(line))}</strong></p></li>`)}</ul>
<p class="muted small">${tr.texts.cart.pricesBeforeTax}</p>
${totalsBlock(request, order, order.shippingIvaCode)}
</section>
<section class="cart-summary" aria-labelledby="pay-title">
${paymentBlock(frame, request, view, history, notice)}
<h2>${texts.deliverTo}</h2>
<p>${order.name}<br>${order.address}<br>${[order.city, order.canton, order.province].filter(Boolean).join(', ')}<br>${order.phone}</p>
${order.shippingPickup === 1 || order.shippingName ? html`<p>${texts.shipping}: ${order.shippingPickup === 1 ? texts.rates.pickup : order.shippingName}</p>` : ''}
${invoicePdf ? html`<h2>${tr.t(texts.invoice, { number: view.invoice!.number })}</h2><p><a class="button" href="${invoicePdf}">${texts.invoicePdf}</a></p>
${invoiceXml ? html`<p><a class="button" href="${invoiceXml}">${texts.invoiceXml}</a></p>` : html`<p class="hint">${texts.xmlPending}</p>`}` : ''}
${view.creditNotes.length > 0 ? html`<h2>${tr.plural(texts.creditNotes, view.creditNotes.length)}</h2>
<ul class="credit-notes">${view.creditNotes.map((note) => html`<li>${tr.t(texts.creditNote, { number: note.number, date: tr.date(note.issuedAt), amount: tr.money(note.totalCents) })} <a href="${creditNoteFile('pdf', note.id)}">${tr.t(texts.creditNotePdf, { number: note.number })}</a>${note.sriStatus === 'authorized' ? html` · <a href="${creditNoteFile('xml', note.id)}">${tr.t(texts.creditNoteXml, { number: note.number })}</a>` : ''}</li>`)}</ul>
${view.creditNotes.some((note) => note.sriStatus !== 'authorized') ? html`<p class="hint">${texts.xmlPending}</p>` : ''}` : ''}
</section>
</div>
</div>`;
  return { status: 200, html: shopDocument(frame, request, { title, description: title, canonical: null, noindex: true }, body, { pixelEvents, whatsappInFlow: true }) };
}
