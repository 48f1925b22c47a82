import { identificationType } from '#common/enums/identification.ts';
import { isGatewayMethod } from '#common/enums/payment.ts';
import { FINAL_CONSUMER } from '#common/identification.ts';
import { asIvaCode, ivaBp } from '#common/iva.ts';
import type { OrderTotals } from '#common/order-totals.ts';
import { lineName, type PricedCart } from '#server/modules/sales/checkout/cart.service.ts';
import type { CheckoutError, CheckoutValues, PaymentMethod, ShippingMessage } from '#server/modules/sales/checkout/checkout-form.ts';
import { placeFields, shippingFieldset } from '#server/modules/sales/checkout/shop-delivery-block.ts';
import type { Gateway } from '#server/modules/sales/payment/payment-provider.ts';
import { html, type SafeHtml } from '../../shop/shop-html.ts';
import type { PixelEvent } from '../../shop/shop-pixel.ts';
import { shopDocument, type ShopRequest, whatsappIcon, whatsappLink } from '../../shop/shop-layout.ts';
import type { Rendered } from '../../shop/shop-pages.ts';
import type { ShopFrame } from '../../shop/shop.service.ts';
import { shopPath } from '../../shop/shop-url.ts';
import { reminderAttribute, reminderField, reminderScript } from '../abandoned-cart/abandoned-cart-form.ts';

// The cart, the checkout and the order page (issue 23 §1–3, §8): plain HTML forms that work
// without JavaScript (each POST answers 303 to a GET), lines as cards at every width, totals as
// common/order-totals.ts reckons them. Never cached: they are one shopper's (`no-store`).

const link = (frame: ShopFrame, request: ShopRequest, rest = '') => shopPath(request.locale, frame.store.slug, rest);
// The WhatsApp button sits in the footer's flow here, not over the page: on a phone it covered the
// coupon's "Aplicar" and the totals (issue 40, defect 9).
const page = (frame: ShopFrame, request: ShopRequest, title: string, body: SafeHtml, status = 200, pixelEvents: readonly PixelEvent[] = [], scripts?: SafeHtml): Rendered => ({
  status,
  html: shopDocument(frame, request, { title, description: title, canonical: null, noindex: true }, body, { pixelEvents, whatsappInFlow: true, ...(scripts ? { scripts } : {}) }),
});

/** Messages shown at the top of the cart: what changed on its own, and what the last form did. */
export type CartMessages = { info: string[]; errors: string[] };

function messagesBlock(messages: CartMessages): SafeHtml {
  return html`${messages.errors.length ? html`<div class="notice error" role="alert">${messages.errors.map((text) => html`<p>${text}</p>`)}</div>` : ''}
${messages.info.length ? html`<div class="notice success" role="status">${messages.info.map((text) => html`<p>${text}</p>`)}</div>` : ''}`;
}

/** The shipping row's name with the IVA it is charged at ("Envío (IVA 15 %)"), stated as the invoice states it. */
function shippingLabel(request: ShopRequest, code: string): string {
  const texts = request.tr.texts.cart;
  const ivaCode = asIvaCode(code);
  if (ivaCode === '7') return texts.shippingExempt;
  if (ivaCode === '6') return texts.shippingNotSubject;
  return request.tr.t(texts.shippingTaxed, { rate: `${ivaBp(ivaCode) / 100} %` });
}

/**
 * `shippingIvaCode`: the store's (a cart) or the one frozen on the order (its page). `shippingPending`:
 * no shipping chosen yet (a store shipping by zone, before the address): said so, not "free".
 */
export function totalsBlock(request: ShopRequest, totals: Pick<OrderTotals, 'subtotalCents' | 'discountCents' | 'taxCents' | 'shippingCents' | 'totalCents'>, shippingIvaCode: string, hasLines = true, shippingPending = false): SafeHtml {
  const { tr } = request;
  const texts = tr.texts.cart;
  return html`<dl class="totals">
<div><dt>${texts.subtotal}</dt><dd>${tr.money(totals.subtotalCents)}</dd></div>
${totals.discountCents > 0 ? html`<div><dt>${texts.discount}</dt><dd>−${tr.money(totals.discountCents)}</dd></div>` : ''}
<div><dt>${texts.tax}</dt><dd>${tr.money(totals.taxCents)}</dd></div>
<div><dt>${totals.shippingCents > 0 ? shippingLabel(request, shippingIvaCode) : texts.shipping}</dt><dd>${shippingPending ? texts.rates.pending : hasLines && totals.shippingCents === 0 ? texts.shippingFree : tr.money(totals.shippingCents)}</dd></div>
<div class="grand"><dt>${texts.total}</dt><dd>${tr.money(totals.totalCents)}</dd></div>
</dl>`;
}

function couponBlock(frame: ShopFrame, request: ShopRequest, priced: PricedCart): SafeHtml {
  const texts = request.tr.texts.cart;
  const action = link(frame, request, '/cart');
  const coupon = priced.coupon;
  if (coupon?.ok) {
    return html`<div class="coupon-box"><p>${request.tr.t(texts.couponApplied, { code: coupon.code })}</p>
<form method="post" action="${action}"><input type="hidden" name="intent" value="uncoupon"><button type="submit" class="link-button">${texts.couponRemove}</button></form></div>`;
  }
  return html`<div class="coupon-box">
${coupon ? html`<p class="field-error" id="coupon-error">${request.tr.t(texts.couponNotApplied, { code: coupon.code, reason: coupon.reason })}</p>
<form method="post" action="${action}"><input type="hidden" name="intent" value="uncoupon"><button type="submit" class="link-button">${texts.couponRemove}</button></form>` : ''}
<form method="post" action="${action}" class="coupon-form"><input type="hidden" name="intent" value="coupon">
<div class="field"><label for="coupon-code">${texts.coupon}</label><div class="inline"><input id="coupon-code" name="code" maxlength="40" autocomplete="off" value="${coupon && !coupon.ok ? coupon.code : ''}"${coupon ? html` aria-describedby="coupon-error"` : ''}><button type="submit">${texts.couponApply}</button></div></div>
</form></div>`;
}

function freeShippingHint(request: ShopRequest, priced: PricedCart): SafeHtml | '' {
  const { settings, totals, delivery } = priced;
  // A store shipping by zone: each rate has its own threshold, said at the checkout.
  if (delivery.zoned) return html`<p class="hint">${request.tr.texts.cart.rates.pendingHint}</p>`;
  if (settings.freeShippingFromCents === null || totals.shippingCents === 0) return '';
  return html`<p class="hint">${request.tr.t(request.tr.texts.cart.freeShippingFrom, { amount: request.tr.money(settings.freeShippingFromCents) })}</p>`;
}

/**
 * "Send my cart by WhatsApp" (issue 40 §4): the store's WhatsApp with a message in the page's
 * language listing each line (quantity, name) and the total; nothing when the store has no number.
 */
function whatsappCartLink(frame: ShopFrame, request: ShopRequest, priced: PricedCart): SafeHtml | '' {
  const wa = whatsappLink(frame.store.whatsapp);
  if (!wa || priced.lines.length === 0) return '';
  const { tr } = request;
  const texts = tr.texts.shopper;
  const message = [
    tr.t(texts.whatsappCartGreeting, { store: frame.store.name }),
    ...priced.lines.map((line) => tr.t(texts.whatsappCartLine, { quantity: String(line.quantity), name: lineName(line) })),
    tr.t(texts.whatsappCartTotal, { amount: tr.money(priced.totals.totalCents) }),
  ].join('\n');
  return html`<p><a class="button wide whatsapp-cart" href="${wa}?text=${encodeURIComponent(message)}" target="_blank" rel="noopener" aria-describedby="whatsapp-cart-hint">${whatsappIcon()}${texts.whatsappCart}</a></p>
<p class="hint" id="whatsapp-cart-hint">${texts.whatsappCartHint}</p>`;
}

/**
 * A line's amount as the cart, the checkout and the order page show it (decision 096): the
 * catalogue's unit price before IVA times the quantity, exactly what the unit shown multiplies to.
 * The product's discount, the coupon and the IVA (reckoned on each line's base, as the invoice
 * does) are lines of the totals: a unit with IVA, rounded to the cent, times 3 is not the line.
 */
export const lineAmount = (line: { unitPriceCents: number; quantity: number }) => line.unitPriceCents * line.quantity;

/** `pixelEvents`: what the merchant's scripts hear on this page (an addition, decision 064). */
export function renderCart(frame: ShopFrame, request: ShopRequest, priced: PricedCart, messages: CartMessages, pixelEvents: readonly PixelEvent[] = []): Rendered {
  const { tr } = request;
  const texts = tr.texts.cart;
  const action = link(frame, request, '/cart');
  const lines = priced.lines.map((line, index) => {
    const name = lineName(line);
    const hidden = html`<input type="hidden" name="product" value="${line.productId}"><input type="hidden" name="variant" value="${line.variantId ?? ''}">`;
    return html`<li class="cart-line">
<div class="cart-line-name"><a href="${link(frame, request, `/product/${line.slug}`)}">${name}</a><span class="muted small">${tr.texts.sku} ${line.sku}</span></div>
<p class="cart-line-price"><span class="label">${texts.unitPrice}</span> ${tr.money(line.unitPriceCents)}</p>
<form method="post" action="${action}" class="qty-form"><input type="hidden" name="intent" value="set">${hidden}
<label for="qty-${index}">${texts.quantity}</label><div class="inline"><input id="qty-${index}" name="quantity" type="number" inputmode="numeric" min="1" max="${Math.min(line.stock, 999)}" value="${line.quantity}"><button type="submit" class="secondary">${texts.update}</button></div></form>
<p class="cart-line-total"><span class="label">${texts.lineTotal}</span> <strong>${tr.money(lineAmount(line))}</strong></p>
<details class="confirm"><summary>${texts.remove}<span class="sr-only"> ${name}</span></summary><div class="confirm-box"><p>${tr.t(texts.removeConfirm, { name })}</p>
<form method="post" action="${action}"><input type="hidden" name="intent" value="remove">${hidden}<button type="submit" class="danger">${texts.removeYes}</button></form></div></details>
</li>`;
  });
  const body = html`<div class="wrap cart-page">
<h1>${texts.title}</h1>
${messagesBlock(messages)}
${priced.lines.length === 0
  ? html`<div class="empty"><p>${texts.empty}</p><p><a class="button" href="${link(frame, request)}">${texts.continueShopping}</a></p></div>`
  : html`<div class="cart-layout">
<div><ul class="cart-lines">${lines}</ul><p class="muted small">${texts.pricesBeforeTax}</p></div>
<section class="cart-summary" aria-labelledby="summary-title"><h2 id="summary-title">${texts.summary}</h2>
${couponBlock(frame, request, priced)}
${totalsBlock(request, priced.totals, priced.shipping.ivaCode, true, priced.delivery.chosen === null)}
${freeShippingHint(request, priced)}
<p><a class="button wide" href="${link(frame, request, '/checkout')}">${texts.toCheckout}</a></p>
${whatsappCartLink(frame, request, priced)}
<p><a href="${link(frame, request)}">${texts.continueShopping}</a></p>
</section></div>`}
</div>`;
  return page(frame, request, texts.title, body, 200, pixelEvents);
}

/**
 * `gateways`: the card and app gateways the store has switched on, offered after cash and transfer.
 * `remember`: the "Remember my details" box ticked; `remembered`: the values came from this
 * browser's remembered details (buyer-cookie.ts), which the page offers to forget; `forgotten`:
 * they were just forgotten. `reminder`: the abandoned-cart consent box, when the store sends
 * reminders (issue 40 §6), as posted.
 */
export type CheckoutForm = { values: CheckoutValues; errors: Record<string, CheckoutError> | null; formError: string | null; gateways: readonly Gateway[]; remember: boolean; remembered: boolean; forgotten: boolean; reminder?: { checked: boolean } | null };

/** The remembered details' notice over the form, with the way to forget them (a form of its own, confirmed). */
function rememberedBlock(frame: ShopFrame, request: ShopRequest, form: CheckoutForm): SafeHtml | '' {
  const texts = request.tr.texts.shopper;
  if (form.forgotten) return html`<div class="notice success" role="status"><p>${texts.forgotten}</p></div>`;
  if (!form.remembered) return '';
  return html`<div class="remembered-box"><p>${texts.remembered}</p>
<details class="confirm"><summary>${texts.forget}</summary><div class="confirm-box"><p>${texts.forgetConfirm}</p>
<form method="post" action="${link(frame, request, '/checkout/forget')}"><button type="submit" class="danger">${texts.forgetYes}</button></form></div></details></div>`;
}

function summaryBlock(request: ShopRequest, priced: PricedCart): SafeHtml {
  const { tr } = request;
  return html`<ul class="summary-lines">${priced.lines.map((line) => html`<li><span>${line.quantity} × ${lineName(line)}</span> <span>${tr.money(lineAmount(line))}</span></li>`)}</ul>
<p class="muted small">${tr.texts.cart.pricesBeforeTax}</p>
${priced.coupon?.ok ? html`<p class="muted small">${tr.t(tr.texts.cart.couponApplied, { code: priced.coupon.code })}</p>` : ''}
${totalsBlock(request, priced.totals, priced.shipping.ivaCode, true, priced.delivery.chosen === null)}`;
}

export function renderCheckout(frame: ShopFrame, request: ShopRequest, priced: PricedCart, form: CheckoutForm, status = 200): Rendered {
  const { tr } = request;
  const texts = tr.texts.cart;
  const { values, errors } = form;
  const message = (field: string): string | null => {
    const error = errors?.[field];
    if (!error) return null;
    // The consumidor final's limit is money, said in the page's own format.
    if (error.message === 'finalOverLimit') return tr.t(texts.finalOverLimit, { limit: tr.money(FINAL_CONSUMER.maxTotalCents) });
    if (error.message in texts.rates) return texts.rates[error.message as ShippingMessage];
    return tr.t(texts[error.message as Exclude<typeof error.message, ShippingMessage>], error.vars);
  };
  const describedBy = (field: string, hint?: string) => {
    const ids = [hint, message(field) ? `checkout-${field}-error` : null].filter(Boolean).join(' ');
    return html`${ids ? html` aria-describedby="${ids}"` : ''}${message(field) ? html` aria-invalid="true"` : ''}`;
  };
  const fieldError = (field: string) => (message(field) ? html`<p class="field-error" id="checkout-${field}-error">${message(field)}</p>` : '');
  const input = (field: keyof CheckoutValues, label: string, attributes: SafeHtml, hint?: string) =>
    html`<div class="field"><label for="checkout-${field}">${label}</label><input id="checkout-${field}" name="${field}" value="${values[field]}"${attributes}${describedBy(field, hint ? `checkout-${field}-hint` : undefined)}>${hint ? html`<p class="hint" id="checkout-${field}-hint">${hint}</p>` : ''}${fieldError(field)}</div>`;
  const methods: PaymentMethod[] = [...(priced.settings.cashOnDelivery ? ['cash_on_delivery' as const] : []), ...(priced.settings.bankTransfer ? ['bank_transfer' as const] : []), ...form.gateways];
  const chosen = values.paymentMethod || (methods.length === 1 ? methods[0] : '');
  const hasErrors = Boolean(form.formError || (errors && Object.keys(errors).length));

  const body = html`<div class="wrap checkout-page">
<h1>${texts.checkoutTitle}</h1>
${hasErrors ? html`<div class="notice error" role="alert"><p>${form.formError ?? texts.errors}</p></div>` : ''}
${rememberedBlock(frame, request, form)}
<form method="post" action="${link(frame, request, '/checkout')}" class="checkout-form" novalidate${form.reminder ? reminderAttribute(link(frame, request, '/checkout/remind')) : ''}>
<div class="checkout-fields">
<fieldset class="group"><legend>${texts.contact}</legend>
${input('name', texts.name, html` maxlength="160" autocomplete="name" required`)}
${input('email', texts.email, html` type="email" maxlength="254" autocomplete="email" required`, texts.emailHint)}
${form.reminder ? reminderField(request, form.reminder.checked) : ''}
${input('phone', texts.phone, html` type="tel" maxlength="20" autocomplete="tel" required`)}
<div class="field"><label for="checkout-documentType">${texts.documentType}</label><select id="checkout-documentType" name="documentType" required${describedBy('documentType')}>
${identificationType.values.map((type) => html`<option value="${type}"${(values.documentType || 'cedula') === type ? ' selected' : ''}>${texts.documentTypes[type]}</option>`)}
</select>${fieldError('documentType')}</div>
${input('documentNumber', texts.documentNumber, html` maxlength="20" autocomplete="off"`, tr.t(texts.documentNumberHint, { limit: tr.money(FINAL_CONSUMER.maxTotalCents) }))}
</fieldset>
<fieldset class="group"><legend>${texts.delivery}</legend>
${input('address', texts.address, html` maxlength="300" autocomplete="street-address" required`)}
${input('city', texts.city, html` maxlength="80" autocomplete="address-level2" required`)}
${placeFields(request, values, { describedBy, fieldError })}
<div class="field"><label for="checkout-notes">${texts.notes}</label><textarea id="checkout-notes" name="notes" rows="3" maxlength="1000"${describedBy('notes')}>${values.notes}</textarea>${fieldError('notes')}</div>
</fieldset>
<div class="field check remember-box"><input type="checkbox" id="checkout-remember" name="remember" value="1"${form.remember ? ' checked' : ''} aria-describedby="checkout-remember-hint"><label for="checkout-remember">${tr.texts.shopper.remember}</label></div>
<p class="hint remember-hint" id="checkout-remember-hint">${tr.texts.shopper.rememberHint}</p>
${shippingFieldset(request, priced.delivery, priced.delivery.chosen?.key ?? null, { describedBy, fieldError })}
<fieldset class="group field"${message('paymentMethod') ? html` aria-describedby="checkout-paymentMethod-error"` : ''}><legend>${texts.payment}</legend>
${methods.map((method) => html`<div class="field check pay-method"><input type="radio" id="pay-${method}" name="paymentMethod" value="${method}"${chosen === method ? ' checked' : ''} aria-describedby="pay-${method}-help"><label for="pay-${method}">${isGatewayMethod(method) ? html`<img src="/payment-logos/${method}.svg" alt="" width="72" height="20" class="pay-logo"> ` : ''}${texts.methods[method]}</label><p class="hint" id="pay-${method}-help">${texts.methodHelp[method]}</p></div>`)}
${fieldError('paymentMethod')}</fieldset>
</div>
<section class="cart-summary checkout-summary" aria-labelledby="summary-title"><h2 id="summary-title">${texts.yourOrder}</h2>
${summaryBlock(request, priced)}
<p><a href="${link(frame, request, '/cart')}">${texts.title}</a></p>
</section>
<div class="checkout-place">
<p class="hint">${texts.placeHint}</p>
<button type="submit" class="wide">${texts.place}</button>
</div>
</form>
</div>`;
  return page(frame, request, texts.checkoutTitle, body, status, [], form.reminder ? reminderScript() : undefined);
}

