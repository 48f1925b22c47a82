import { createHash } from 'node:crypto';
import { html, type SafeHtml, trustedHtml } from './shop-html.ts';
import type { ShopFrame } from './shop.service.ts';
import { shopPath } from './shop-url.ts';

// Issue 22 §6: the store's analytics and pixel scripts run only on its storefront, inside a
// document of their own (`/shop/{slug}/pixel-frame.html`) that the browser gives an opaque origin
// twice over — the iframe's `sandbox="allow-scripts"` and the document's own CSP `sandbox
// allow-scripts` (so opening it directly sandboxes it too). Scripts run; same origin, forms,
// popups and top navigation do not: no cookie, no parent page, no request with our origin.
// The storefront page tells the frame what happens by `postMessage` (docs/merchant-pixel-events.md).
// Issue 36: the frame is served only to an iframe (shop-pixel.routes.ts, decision 076), and asked
// for with `referrerpolicy="no-referrer"`: a page's address may hold a secret (the order page's
// `?code=`), and the frame's `document.referrer` would hand it to the merchant's scripts. They
// learn the page from `page_viewed.path`, which never carries the query.

/** What a storefront page tells the merchant's scripts (docs/merchant-pixel-events.md). Money in integer cents, USD. */
export type PixelEvent =
  | { type: 'page_viewed'; store: string; language: string; path: string; title: string }
  | { type: 'product_viewed'; product: PixelProduct }
  | { type: 'search'; query: string; results: number }
  | { type: 'added_to_cart'; product: PixelProduct; quantity: number; valueCents: number; currency: 'USD' }
  | { type: 'checkout_completed'; orderNumber: number | string; totalCents: number; currency: 'USD'; items: { sku: string; name: string; quantity: number; priceCents: number }[] };

export type PixelProduct = { id: number; sku: string; name: string; priceCents: number; currency: 'USD'; category: string | null };

/** For the cart: the event a page sends after the shopper added something (pass it in `shopDocument`'s `pixelEvents`). */
export const addedToCartEvent = (product: PixelProduct, quantity: number): PixelEvent => ({ type: 'added_to_cart', product, quantity, valueCents: product.priceCents * quantity, currency: 'USD' });

/** For the checkout: the event the order's confirmation page sends once. */
export const checkoutCompletedEvent = (order: { number: number | string; totalCents: number; items: { sku: string; name: string; quantity: number; priceCents: number }[] }): PixelEvent => ({
  type: 'checkout_completed',
  orderNumber: order.number,
  totalCents: order.totalCents,
  currency: 'USD',
  items: order.items,
});

export const pixelFramePath = (slug: string) => shopPath('es', slug, '/pixel-frame.html');

/**
 * The parent's side: after the frame has loaded, post it the page's events (a data attribute, so
 * they are data, escaped like any attribute, never code). `window.tiendaboxPixel(event)` posts one
 * more later (a cart added without leaving the page). The target origin is `*` because a
 * sandboxed frame's origin is opaque: the events carry nothing a shopper could not read on the page.
 */
const BRIDGE = `(()=>{const f=document.getElementById('shop-pixel');if(!f)return;const q=JSON.parse(f.dataset.events||'[]');let ready=false;const post=(e)=>f.contentWindow&&f.contentWindow.postMessage(e,'*');f.addEventListener('load',()=>{ready=true;q.splice(0).forEach(post)});window.tiendaboxPixel=(e)=>{if(ready)post(e);else q.push(e)}})()`;

/** The bridge's CSP hash: the storefront's policy allows it by hash, not by nonce, so a stored page needs no per-request change (§8). */
export const PIXEL_BRIDGE_HASH = `'sha256-${createHash('sha256').update(BRIDGE).digest('base64')}'`;

/** The frame and its bridge, at the end of a storefront page whose store has scripts. */
/** What of the request the tag needs (not ShopRequest: shop-layout imports this file). */
type PixelRequest = { locale: string; barePath: string; tr: { texts: { pixelFrameTitle: string } } };

export function pixelTag(frame: ShopFrame, request: PixelRequest, title: string, events: readonly PixelEvent[]): SafeHtml | '' {
  if (!frame.pixel) return '';
  const viewed: PixelEvent = { type: 'page_viewed', store: frame.store.slug, language: request.locale, path: request.barePath, title };
  return html`<iframe id="shop-pixel" class="pixel-frame" src="${pixelFramePath(frame.store.slug)}" sandbox="allow-scripts" referrerpolicy="no-referrer" title="${request.tr.texts.pixelFrameTitle}" tabindex="-1" hidden data-events="${JSON.stringify([viewed, ...events])}"></iframe>
<script>${trustedHtml(BRIDGE)}</script>`;
}


/**
 * The frame's side, before the merchant's code: `tiendabox.on(fn)` calls fn with every event the
 * page posted, earlier ones included (a script that loads late misses nothing), and
 * `tiendabox.events` lists them. Messages from anything but the parent page are ignored.
 */
const FRAME_RUNTIME = `(()=>{const events=[],fns=[];window.tiendabox={events,on(fn){fns.push(fn);events.forEach((e)=>{try{fn(e)}catch(x){console.error(x)}})}};addEventListener('message',(m)=>{if(m.source!==parent||!m.data||typeof m.data.type!=='string')return;events.push(m.data);fns.forEach((fn)=>{try{fn(m.data)}catch(x){console.error(x)}})})})()`;

/**
 * The frame's document: our runtime, then the merchant's two scripts as they typed them (markup,
 * on purpose: analytics snippets are `<script>` tags). This is the one place merchant text is
 * markup, and it is a document with an opaque origin.
 */
export function pixelFrameDocument(scripts: { analyticsScript: string; pixelScript: string }): string {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><meta name="robots" content="noindex"><title>pixel</title><script>${FRAME_RUNTIME}</script>\n${scripts.analyticsScript}\n${scripts.pixelScript}\n</head><body></body></html>`;
}

/**
 * The frame's policy: sandboxed (opaque origin, scripts only), framed only by our own pages, and
 * otherwise open — merchant tags load from their vendors' hosts and send beacons anywhere.
 */
export const PIXEL_FRAME_POLICY = "sandbox allow-scripts; default-src * data: blob: 'unsafe-inline' 'unsafe-eval'; frame-ancestors 'self'";

/**
 * The storefront pages' own policy (decision 064): the app's, with `'self'` and the bridge's hash
 * in place of a per-request nonce, so a page is the same bytes for every shopper and can be
 * stored compressed. `'self'` serves only our own files: uploads are images sent with `nosniff`,
 * which a browser refuses to run, and the API answers JSON.
 */
export function shopPagePolicy(formOrigins: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${PIXEL_BRIDGE_HASH}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "frame-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    // A browser holds a form's redirect to this list too: the checkout's and "Pay now"'s answer is a
    // 303 to the payment gateway's page (issue 39), whose origins the shopper's pages name.
    `form-action 'self'${formOrigins.map((origin) => ` ${origin}`).join('')}`,
    "frame-ancestors 'none'",
  ].join('; ');
}

export const SHOP_PAGE_POLICY = shopPagePolicy();
