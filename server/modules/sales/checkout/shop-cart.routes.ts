// The cart, the checkout and the order page of a store (issue 23 §1–3, decision 060).
//
// Placing an order takes two requests, with or without a browser (a benchmark drives it so):
//   1. POST /shop/{slug}/cart   (application/x-www-form-urlencoded)
//        intent=add&product={productId}&variant={variantId or empty}&quantity={n}
//      → 303 to /shop/{slug}/cart, with `Set-Cookie: tb_cart_{storeId}=…` (the cart; keep it).
//      A client may also write that cookie itself: `tb_cart_{storeId}=` + encodeURIComponent of
//      `{"l":[[productId,variantId or 0,quantity],…]}` — the server trusts none of it. A coupon is
//      applied only by `intent=coupon&code=…` (refused attempts limited per address and cart, 429
//      past them), which writes the code with the server's seal; a code written by hand is ignored
//      (decision 081).
//   2. POST /shop/{slug}/checkout   with that cookie, form-encoded:
//        name, email, phone, documentType=cedula|ruc|passport|foreign|final, documentNumber (empty
//        or 9999999999999 for `final`, consumidor final), address, city, province,
//        notes (optional), paymentMethod=cash_on_delivery|bank_transfer (one the store takes)
//        and remember=1 (optional): keep the contact and address in this browser for the next
//        checkout (buyer-cookie.ts, issue 40 §4); placing without it forgets what was kept
//      → 303 to /shop/{slug}/order?code={uuid} when placed (the cookie cleared); 400 with the page
//        and its field errors (also a consumidor final past USD 50 of total, SRI's limit); 409
//        when the coupon no longer applies or the order is past USD 1,000,000 (decision 078);
//        303 back to /shop/{slug}/cart (which says why) when the cart changed or sold out
//        meanwhile — nothing is taken then;
//        429 past LIMITS.orderPerIp from one address (request.ip: behind a proxy, TRUST_PROXY).
// Browsers send Origin on POST: a foreign one is refused (server/plugins/csrf.ts); a script may
// send none. Everything also answers under /en/shop/{slug}/… in English.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '#common/locale.ts';
import { MAX_ORDER_CENTS, overOrderMaximum } from '#common/order-totals.ts';
import { isGatewayMethod } from '#common/enums/payment.ts';
import { AppError } from '#server/errors.ts';
import { type CartCookie, cartCookieHeader, type CartLine, MAX_LINE_QUANTITY, readCart } from '#server/modules/sales/checkout/cart-cookie.ts';
import { type AddResult, lineName, type PricedCart } from '#server/modules/sales/checkout/cart.service.ts';
import { type CheckoutError, type CheckoutValues, checkoutValuesOf, emptyCheckout, parseCheckout } from '#server/modules/sales/checkout/checkout-form.ts';
import { type OrderView, orderPath } from '#server/modules/sales/checkout/checkout.service.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import type { Services } from '#server/services.ts';
import { type CartMessages, renderCart, renderCheckout } from './shop-cart-pages.ts';
import { orderNoticeOf, renderOrder } from './shop-order-page.ts';
import { emptyLookup, renderOrderLookup } from './shop-order-lookup-page.ts';
import { readBuyer, rememberBuyerHeaders, forgetBuyerHeaders, buyerCookieName } from './buyer-cookie.ts';
import { readCookie } from '#server/plugins/cookies.ts';
import type { ShopRequest } from '../../shop/shop-layout.ts';
import type { Rendered } from '../../shop/shop-pages.ts';
import type { ShopFrame } from '../../shop/shop.service.ts';
import { refusedReason } from './shop-coupon.ts';
import { reminderConsent } from '../abandoned-cart/abandoned-cart-form.ts';
import { shopOrigin, shopPath } from '../../shop/shop-url.ts';
import { addedToCartEvent, checkoutCompletedEvent, type PixelEvent } from '../../shop/shop-pixel.ts';

type Params = { slug: string };
type Redirect = { redirect: string };

/** Why an order past MAX_ORDER_CENTS is refused (decision 078), with that maximum in the page's money. */
const orderTooLarge = (sr: ShopRequest) => sr.tr.t(sr.tr.texts.cart.orderTooLarge, { amount: sr.tr.money(MAX_ORDER_CENTS) });

export type WithStore = (
  request: FastifyRequest<{ Params: Params }>,
  reply: FastifyReply,
  locale: Locale,
  render: (frame: ShopFrame, sr: ShopRequest) => Promise<Rendered | Redirect | null>,
  options: { privatePage: boolean },
) => Promise<unknown>;

/**
 * Starts paying the order of `code` at its gateway (the checkout's placing, the order page's "Pay
 * now"): where to send the shopper — the gateway's own page, by the address the gateway gave server
 * to server and never one the request carried, or back to the order page saying why not. Null: no
 * such order in this store.
 */
export async function payRedirect(services: Services, frame: ShopFrame, locale: Locale, code: string): Promise<string | null> {
  const back = (path: string) => `${shopOrigin(services.deps.config.publicUrl)}${shopPath(locale, frame.store.slug, path)}?code=${encodeURIComponent(code)}`;
  const result = await services.payments.payOrderByCode(frame.scope, code, { returnUrl: back('/order/paid'), cancelUrl: back('/order/pay-cancelled'), storeName: frame.store.name });
  if (!result) return null;
  return result.ok ? result.redirect : `${shopPath(locale, frame.store.slug, '/order')}?code=${encodeURIComponent(code)}&payment=${result.problem}`;
}

const bodyOf = (request: FastifyRequest) => (request.body instanceof URLSearchParams ? request.body : new URLSearchParams());
const idOf = (value: string | null) => (value && /^\d{1,10}$/.test(value) && Number(value) > 0 && Number(value) < 2 ** 31 ? Number(value) : null);

/** The flash a refused change leaves for the cart page. */
function refusalFlash(result: Exclude<AddResult, { ok: true }>): CartCookie['flash'] {
  if (result.problem === 'notEnough') return { key: 'notEnough', n: result.count, name: result.name };
  return { key: result.problem };
}

export function shopCartRoutes(app: FastifyInstance, { services, locale, withStore }: { services: Services; locale: Locale; withStore: WithStore }) {
  const { deps, carts, checkout, rateLimits, shopCoupons, paymentGateways, abandonedCarts } = services;
  const prefix = locale === 'en' ? '/en' : '';
  const secure = deps.config.secure;
  const setCart = (reply: FastifyReply, frame: ShopFrame, cart: CartCookie) => reply.header('set-cookie', cartCookieHeader(cart, frame.store.id, secure));
  const cartUrl = (frame: ShopFrame) => shopPath(locale, frame.store.slug, '/cart');
  const privatePage = { privatePage: true };

  /**
   * The cart priced for the checkout's address and chosen shipping, the cheapest option suggested
   * while none is (`DeliveryChoice.suggest`): one pricing of the cart, not one more to pick it.
   */
  const checkoutPriced = (frame: ShopFrame, cart: CartCookie, at: Locale, values: CheckoutValues): Promise<PricedCart> =>
    carts.priceCart(frame.scope, cart, at, { province: values.province, canton: values.canton, option: values.shippingOption, suggest: true });

  /** The cart page's messages: the flash of the last post, and what changed on its own. */
  async function cartMessages(frame: ShopFrame, sr: ShopRequest, cart: CartCookie, { notices, totals }: Pick<PricedCart, 'notices' | 'totals'>): Promise<CartMessages> {
    const texts = sr.tr.texts.cart;
    const messages: CartMessages = { info: [], errors: [] };
    for (const notice of notices) {
      if (notice.kind === 'gone') messages.errors.push(sr.tr.t(texts.gone, { name: notice.name }));
      else messages.errors.push(sr.tr.plural(texts.capped, notice.count, { name: notice.name }));
    }
    if (overOrderMaximum(totals)) messages.errors.push(orderTooLarge(sr));
    const flash = cart.flash;
    if (!flash) return messages;
    const name = flash.name ?? '';
    switch (flash.key) {
      case 'added': messages.info.push(sr.tr.t(texts.added, { name })); break;
      case 'updated': messages.info.push(texts.updated); break;
      case 'removed': messages.info.push(sr.tr.t(texts.removed, { name })); break;
      case 'couponApplied': messages.info.push(sr.tr.t(texts.couponApplied, { code: name })); break;
      case 'couponRemoved': messages.info.push(texts.couponRemoved); break;
      case 'couponEmpty': messages.errors.push(texts.couponEmpty); break;
      case 'notEnough': messages.errors.push(sr.tr.plural(texts.notEnough, flash.n ?? 0, { name })); break;
      case 'chooseOption': messages.errors.push(texts.chooseOption); break;
      case 'quantityInvalid': messages.errors.push(texts.quantityInvalid); break;
      case 'full': messages.errors.push(texts.full); break;
      case 'unavailable': messages.errors.push(sr.tr.t(texts.gone, { name: name || '—' })); break;
      case 'cartChanged': messages.errors.push(texts.cartChanged); break;
      case 'stockGone': messages.errors.push(sr.tr.t(texts.stockGone, { name })); break;
      // The reason travels in the flash: asking again for a code the cookie names would answer guesses unlimited.
      case 'couponRefused': messages.errors.push(sr.tr.t(texts.couponNotApplied, { code: name, reason: refusedReason(flash, sr.locale) })); break;
      // The abandoned-cart reminder's link (issue 40 §6): the kept cart is back, or the link was no good.
      case 'restored': messages.info.push(sr.tr.texts.cartReminder.restored); break;
      case 'restoreInvalid': messages.errors.push(sr.tr.texts.cartReminder.restoreInvalid); break;
      default: break;
    }
    return messages;
  }

  app.get<{ Params: Params }>(`${prefix}/shop/:slug/cart`, (request, reply) =>
    withStore(request, reply, locale, async (frame, sr) => {
      const cart = readCart(request.headers.cookie, frame.store.id);
      const priced = await carts.priceCart(frame.scope, cart, sr.locale);
      const messages = await cartMessages(frame, sr, cart, priced);
      // What changed on its own is said once; the cookie keeps the cart as it now is.
      if (cart.flash || priced.notices.length > 0) setCart(reply, frame, { ...priced.cart, flash: null });
      return renderCart(frame, sr, priced, messages, addedEvents(cart, priced));
    }, privatePage),
  );

  app.post<{ Params: Params; Body: URLSearchParams }>(`${prefix}/shop/:slug/cart`, (request, reply) =>
    withStore(request, reply, locale, async (frame, sr) => {
      const body = bodyOf(request);
      const cart = { ...readCart(request.headers.cookie, frame.store.id), flash: null };
      const productId = idOf(body.get('product'));
      const variantId = idOf(body.get('variant'));
      const quantityText = (body.get('quantity') ?? '1').trim();
      const quantity = /^\d{1,4}$/.test(quantityText) ? Number(quantityText) : -1;
      const line = (q: number): CartLine | null => (productId === null ? null : { productId, variantId, quantity: q });
      let next: CartCookie = cart;
      switch (body.get('intent')) {
        case 'add': {
          const wanted = line(quantity);
          if (!wanted || quantity < 1 || quantity > MAX_LINE_QUANTITY) next = { ...cart, flash: { key: wanted ? 'quantityInvalid' : 'unavailable' } };
          else {
            const result = await carts.addToCart(frame.scope, cart, wanted);
            next = result.ok ? { ...result.cart, flash: { key: 'added', name: result.name, line: wanted } } : { ...cart, flash: refusalFlash(result) };
          }
          break;
        }
        case 'set': {
          const wanted = line(quantity);
          if (!wanted || quantity < 0 || quantity > MAX_LINE_QUANTITY) next = { ...cart, flash: { key: 'quantityInvalid' } };
          else {
            const result = await carts.setCartQuantity(frame.scope, cart, wanted);
            next = result.ok ? { ...result.cart, flash: { key: 'updated' } } : { ...cart, flash: refusalFlash(result) };
          }
          break;
        }
        case 'remove': {
          const removed = cart.lines.find((item) => item.productId === productId && item.variantId === variantId);
          const priced = removed ? await carts.priceCart(frame.scope, { lines: [removed], coupon: '', flash: null }, locale) : null;
          const name = priced?.lines[0] ? lineName(priced.lines[0]) : '';
          next = { ...cart, lines: cart.lines.filter((item) => item !== removed), flash: { key: 'removed', name } };
          break;
        }
        case 'coupon': {
          const code = (body.get('code') ?? '').trim().toUpperCase().slice(0, 40);
          if (code === '') next = { ...cart, flash: { key: 'couponEmpty' } };
          else {
            const attempt = await shopCoupons.tryCoupon(frame, cart, code, request.ip, locale);
            if ('tooMany' in attempt) {
              // Past the attempt limit (decision 081): a 429, the cart as it was, and why.
              setCart(reply, frame, attempt.cart);
              reply.header('retry-after', String(attempt.retryAfterSeconds));
              const priced = await carts.priceCart(frame.scope, attempt.cart, locale);
              return { ...renderCart(frame, sr, priced, { info: [], errors: [sr.tr.texts.cart.couponTooMany] }, []), status: 429 };
            }
            next = attempt.cart;
          }
          break;
        }
        case 'uncoupon':
          next = { ...cart, coupon: '', flash: { key: 'couponRemoved' } };
          break;
        default:
          break;
      }
      setCart(reply, frame, next);
      return { redirect: cartUrl(frame) };
    }, privatePage),
  );

  app.get<{ Params: Params }>(`${prefix}/shop/:slug/checkout`, (request, reply) =>
    withStore(request, reply, locale, async (frame, sr) => {
      const cart = readCart(request.headers.cookie, frame.store.id);
      // The details this browser remembers for the store, when the shopper asked so (issue 40 §4):
      // their province and canton price the shipping options at once.
      const buyer = readBuyer(deps.config, request.headers.cookie, frame.store.id);
      const values = { ...emptyCheckout(), ...buyer };
      const priced = await checkoutPriced(frame, cart, sr.locale, values);
      // Nothing to buy, a cart that changed on its own or one past the order maximum: the cart page says why first.
      if (priced.lines.length === 0 || priced.notices.length > 0 || overOrderMaximum(priced.totals)) return { redirect: cartUrl(frame) };
      const remember = { remember: buyer !== null, remembered: buyer !== null, forgotten: new URL(request.url, 'http://local.invalid').searchParams.has('forgotten') };
      const reminder = (await abandonedCarts.cartRemindersOn(frame.scope)) ? { checked: false } : null;
      return renderCheckout(frame, sr, priced, { values, errors: null, formError: null, gateways: await paymentGateways.enabledGateways(frame.scope), ...remember, reminder });
    }, privatePage),
  );

  app.post<{ Params: Params; Body: URLSearchParams }>(`${prefix}/shop/:slug/checkout`, (request, reply) =>
    withStore(request, reply, locale, async (frame, sr) => {
      const texts = sr.tr.texts.cart;
      const cart = readCart(request.headers.cookie, frame.store.id);
      const values = checkoutValuesOf(bodyOf(request));
      // "Remember my details in this browser": unticked unless the shopper ticks it.
      const remember = bodyOf(request).get('remember') === '1';
      // The abandoned-cart consent (issue 40 §6): without JavaScript the e-mail reaches the server
      // only with this post, so a post that places nothing keeps the cart for a reminder (or forgets
      // it when the box was left unticked); a placed order closes it in its own transaction.
      const reminder = (await abandonedCarts.cartRemindersOn(frame.scope)) ? { checked: reminderConsent(bodyOf(request)) } : null;
      const keepCart = () => (reminder ? abandonedCarts.captureCart(frame.scope, { email: values.email, consent: reminder.checked, locale: sr.locale, cart }) : Promise.resolve(false));
      const again = async (status: number, errors: Record<string, CheckoutError> | null, formError: string | null) =>
        ({ ...renderCheckout(frame, sr, await checkoutPriced(frame, cart, sr.locale, values), { values, errors, formError, gateways: await paymentGateways.enabledGateways(frame.scope), remember, remembered: false, forgotten: false, reminder }), status });
      // "Show shipping options": the same page again with the options of the address typed (issue 40 §1);
      // a post that places nothing, so it keeps the cart for a reminder as the others do.
      if (bodyOf(request).get('intent') === 'shipping') {
        await keepCart();
        return again(200, null, null);
      }
      const attempt = { key: `order:${request.ip}`, limit: LIMITS.orderPerIp };
      const parsed = parseCheckout(values);
      if ('errors' in parsed) {
        // Counted as every post is, and refused past the limit before the form's errors are shown.
        try {
          await rateLimits.takeAttempt(attempt.key, attempt.limit);
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 429) throw error;
          return again(429, null, texts.tooManyOrders);
        }
        await keepCart();
        return again(400, parsed.errors, null);
      }
      // A well-formed order's attempt is counted in its placing's commit (decision 070).
      const result = await checkout.placeOrder(frame.scope, { cart, customer: parsed.input, locale: sr.locale, attempt });
      if (result.ok) {
        // The order page tells the merchant's pixel once: the cart, now empty, keeps which order was placed.
        setCart(reply, frame, { lines: [], coupon: '', flash: { key: 'placed', name: result.order.code } });
        // Kept for the next order only with the shopper's consent; unticking forgets what was kept.
        if (remember) reply.header('set-cookie', rememberBuyerHeaders(deps.config, values, frame.store, secure));
        else if (readCookie(request.headers.cookie, buyerCookieName(frame.store.id)) !== undefined) reply.header('set-cookie', forgetBuyerHeaders(frame.store, secure));
        // A card or app payment starts now, the stock held: to the gateway's page, or to the order
        // page (which says why and offers "Pay now") when the gateway could not be reached.
        if (isGatewayMethod(parsed.input.paymentMethod)) return { redirect: (await payRedirect(services, frame, sr.locale, result.order.code)) ?? orderPath(sr.locale, frame.store.slug, result.order.code) };
        return { redirect: orderPath(sr.locale, frame.store.slug, result.order.code) };
      }
      if (result.problem !== 'tooMany') await keepCart();
      switch (result.problem) {
        case 'tooMany': return again(429, null, texts.tooManyOrders);
        case 'payment': return again(400, { paymentMethod: { message: 'paymentInvalid' } }, null);
        case 'tooLarge': return again(409, null, orderTooLarge(sr));
        case 'finalConsumerLimit': return again(400, { documentType: { message: 'finalOverLimit' } }, null);
        case 'coupon': return again(409, null, sr.tr.t(texts.couponNotApplied, { code: cart.coupon, reason: result.reason }));
        case 'shipping': return again(409, { [result.reason === 'provinceNotServed' ? 'province' : 'shippingOption']: { message: result.reason } }, null);
        case 'stock':
          setCart(reply, frame, { ...cart, flash: { key: 'stockGone', name: result.name } });
          return { redirect: cartUrl(frame) };
        default:
          setCart(reply, frame, { ...cart, flash: { key: 'cartChanged' } });
          return { redirect: cartUrl(frame) };
      }
    }, privatePage),
  );

  app.get<{ Params: Params; Querystring: { code?: string } }>(`${prefix}/shop/:slug/order`, (request, reply) => {
    // The address holds the order's code, the key to the shopper's name, address and invoice: no
    // request from this page names it, not the pixel frame's, an asset's or a link's (issue 36 §3).
    // The lookup's form below keeps the same policy: its post goes same-origin (plugins/csrf.ts).
    reply.header('referrer-policy', 'no-referrer');
    // Without a code: "Find my order", by its number and e-mail (shop-shopper.routes.ts takes the post).
    if (!new URL(request.url, 'http://local.invalid').searchParams.has('code')) return withStore(request, reply, locale, async (frame, sr) => renderOrderLookup(frame, sr, emptyLookup()), privatePage);
    return withStore(request, reply, locale, async (frame, sr) => {
      const code = new URL(request.url, 'http://local.invalid').searchParams.get('code') ?? '';
      const view = await checkout.loadOrderByCode(frame.scope, code);
      if (!view) return null;
      const cart = readCart(request.headers.cookie, frame.store.id);
      const placedNow = cart.flash?.key === 'placed' && cart.flash.name === view.order.code;
      if (placedNow) setCart(reply, frame, { ...cart, flash: null });
      const history = await services.receipts.shopperOrderHistory(frame.scope, view.order.id, sr.locale);
      return renderOrder(frame, sr, view, placedNow ? [completedEvent(view)] : [], history, orderNoticeOf(new URL(request.url, 'http://local.invalid').searchParams));
    }, privatePage);
  });
}

/** The merchant pixel's `added_to_cart`, on the cart page right after an addition (decision 064). */
function addedEvents(cart: CartCookie, priced: PricedCart): PixelEvent[] {
  const added = cart.flash?.key === 'added' ? cart.flash.line : undefined;
  const line = added && priced.lines.find((item) => item.productId === added.productId && item.variantId === added.variantId);
  if (!added || !line) return [];
  const name = lineName(line);
  return [addedToCartEvent({ id: line.productId, sku: line.sku, name, priceCents: line.unitPriceCents, currency: 'USD', category: null }, added.quantity)];
}

/** The merchant pixel's `checkout_completed`, on the order page the shopper lands on after placing. */
function completedEvent({ order, lines }: OrderView): PixelEvent {
  return checkoutCompletedEvent({ number: order.number, totalCents: order.totalCents, items: lines.map((line) => ({ sku: line.sku, name: line.name, quantity: line.quantity, priceCents: line.unitPriceCents })) });
}
