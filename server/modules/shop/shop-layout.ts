import { readFileSync } from 'node:fs';
import { type Locale, LOCALE_SWITCH_PARAM, localizePath } from '#common/locale.ts';
import { mediaUrl, type MediaWidth } from '#common/media-url.ts';
import { whatsappNumber } from '#common/whatsapp.ts';
import { storeStyleTokens, storeStyleVariables } from '#common/store-styles.ts';
import { html, jsonForScript, type SafeHtml, trustedHtml } from './shop-html.ts';
import { type PixelEvent, pixelTag } from './shop-pixel.ts';
import type { ShopFrame } from './shop.service.ts';
import type { Translate } from './shop-text.ts';
import { shopPath } from './shop-url.ts';

// The document every storefront page shares: head (SEO), header with the logo, search and the
// category menu, the footer with contact, pages and social links, and the WhatsApp button. The
// CSS is one small file inlined in the page (no request, no render blocking), themed by the
// store's style tokens as CSS custom properties (common/store-styles.ts).

const BASE_CSS = readFileSync(new URL('./shop.css', import.meta.url), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\s*\n\s*/g, '');

const styleCss = new Map<number, string>();
function themeCss(style: number): string {
  let css = styleCss.get(style);
  if (!css) {
    const tokens = storeStyleTokens(style);
    css = `:root{${Object.entries(storeStyleVariables(tokens)).map(([name, value]) => `${name}:${value}`).join(';')};color-scheme:${tokens.name === 'dark' ? 'dark' : 'light'}}`;
    styleCss.set(style, css);
  }
  return css;
}

export type ShopRequest = {
  locale: Locale;
  tr: Translate;
  /** The page's path without the language prefix and without the query (`/shop/x/product/y`, or `/product/y` on the store's domain). */
  barePath: string;
  /** The query string the page was asked with, `?…` or ''. */
  search: string;
  /** The origin of the page's absolute addresses: the store's domain's when served on it (decision 100). */
  publicUrl: string;
  /** Whether the ALTCHA widget can run (no reCAPTCHA keys configured). */
  altcha: boolean;
  /** Items in the shopper's cart cookie, for the header's cart link. */
  cartCount?: number;
};

export type Head = {
  title: string;
  description: string;
  /** The canonical path (bare, no language prefix); its two languages give the hreflang links. */
  canonical: string | null;
  image?: string | null;
  type?: 'website' | 'product' | 'article';
  jsonLd?: unknown[];
  noindex?: boolean;
};

/** `srcset` of a store image at the widths that may exist (the media route serves the nearest one below). */
export function srcset(storeId: number, uploadId: string, widths: readonly MediaWidth[]): string {
  return widths.map((width) => `${mediaUrl(storeId, uploadId, width)} ${width}w`).join(', ');
}

export const logoUrl = (frame: ShopFrame) => (frame.store.logo ? `${shopPath('es', frame.store.slug, '/logo')}?v=${frame.store.logo}` : null);

export const absolute = (request: ShopRequest, path: string) => `${request.publicUrl}${path}`;

const localized = (locale: Locale, bare: string) => localizePath(bare, locale);

/** The language switch: `?lang=` makes the server store the choice and redirect (PRODUCT §4), as the app's switch does. */
function switchHref(request: ShopRequest, other: Locale): string {
  const params = new URLSearchParams(request.search);
  params.set(LOCALE_SWITCH_PARAM, other);
  return `${localized(other, request.barePath)}?${params.toString()}`;
}

function headTags(frame: ShopFrame, request: ShopRequest, head: Head): SafeHtml {
  const { locale } = request;
  const title = head.title === frame.store.name ? head.title : `${head.title} | ${frame.store.name}`;
  const canonical = head.canonical ? absolute(request, localized(locale, head.canonical)) : null;
  const image = head.image ? absolute(request, head.image) : null;
  return html`<title>${title}</title>
<meta name="description" content="${head.description}">
${frame.store.keywords ? html`<meta name="keywords" content="${frame.store.keywords}">` : ''}
${head.noindex || frame.preview ? html`<meta name="robots" content="noindex">` : ''}
${canonical
  ? html`<link rel="canonical" href="${canonical}">
<link rel="alternate" hreflang="es" href="${absolute(request, head.canonical!)}">
<link rel="alternate" hreflang="en" href="${absolute(request, localized('en', head.canonical!))}">
<link rel="alternate" hreflang="x-default" href="${absolute(request, head.canonical!)}">`
  : ''}
<meta property="og:site_name" content="${frame.store.name}">
<meta property="og:title" content="${title}">
<meta property="og:description" content="${head.description}">
<meta property="og:type" content="${head.type ?? 'website'}">
<meta property="og:locale" content="${locale === 'es' ? 'es_EC' : 'en_US'}">
${canonical ? html`<meta property="og:url" content="${canonical}">` : ''}
${image ? html`<meta property="og:image" content="${image}">` : ''}
<meta name="twitter:card" content="${image ? 'summary_large_image' : 'summary'}">
<meta name="twitter:title" content="${title}">
<meta name="twitter:description" content="${head.description}">
${image ? html`<meta name="twitter:image" content="${image}">` : ''}
${(head.jsonLd ?? []).map((data) => html`<script type="application/ld+json">${jsonForScript(data)}</script>`)}`;
}

function header(frame: ShopFrame, request: ShopRequest, query: string): SafeHtml {
  const { tr, locale } = request;
  const { store } = frame;
  const logo = logoUrl(frame);
  const other: Locale = locale === 'es' ? 'en' : 'es';
  const home = shopPath(locale, store.slug);
  return html`<header class="shop-header">
${previewBar(frame, request)}
<div class="wrap header-row">
<a class="brand" href="${home}">${logo ? html`<img src="${logo}" alt="${store.name}" width="248" height="60">` : html`<span class="brand-name">${store.name}</span>`}</a>
<form class="search" role="search" action="${shopPath(locale, store.slug, '/search')}" method="get">
<label class="sr-only" for="shop-search">${tr.texts.searchLabel}</label>
<input id="shop-search" type="search" name="q" value="${query}" placeholder="${tr.texts.searchPlaceholder}" maxlength="100" autocomplete="off">
<button type="submit">${searchIcon()}<span class="sr-only">${tr.texts.searchButton}</span></button>
</form>
<div class="header-actions">
<a class="lang" href="${switchHref(request, other)}" hreflang="${other}" lang="${other}">${tr.texts.otherLanguage}</a>
${cartLink(request, store.slug)}
</div>
</div>
${frame.categories.length > 0
  ? html`<nav class="cat-nav" aria-label="${tr.texts.categories}"><div class="wrap"><ul>
<li><a href="${home}"${request.barePath === shopPath('es', store.slug) ? html` aria-current="page"` : ''}>${tr.texts.home}</a></li>
${frame.categories.map((category) => {
  const path = shopPath('es', store.slug, `/category/${category.slug}`);
  return html`<li><a href="${localized(locale, path)}"${request.barePath === path ? html` aria-current="page"` : ''}>${category.name}</a></li>`;
})}
</ul></div></nav>`
  : ''}
</header>`;
}

/**
 * The cart, with how many items it holds: seen as "Cart 3", heard as "Cart, 3 items" (the words
 * around the number are for screen readers only, so the name holds the visible text).
 */
function cartLink(request: ShopRequest, slug: string): SafeHtml {
  const { tr } = request;
  const count = request.cartCount ?? 0;
  const path = shopPath(request.locale, slug, '/cart');
  const current = request.barePath === shopPath('es', slug, '/cart');
  return html`<a class="cart-link" href="${path}"${current ? html` aria-current="page"` : ''}>${cartIcon()}<span>${tr.texts.cart.link}</span>${count > 0 ? html`<span class="sr-only">, </span><span class="cart-count">${count}</span><span class="sr-only"> ${tr.plural(tr.texts.cart.itemsUnit, count)}</span>` : ''}</a>`;
}

const cartIcon = () => trustedHtml('<svg aria-hidden="true" width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><circle cx="9" cy="20" r="1.5"/><circle cx="18" cy="20" r="1.5"/><path d="M2 3h3l2.7 12.4a1 1 0 0 0 1 .8h9.6a1 1 0 0 0 1-.8L21 7H6"/></svg>');

const searchIcon = () => trustedHtml('<svg aria-hidden="true" width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2.2" stroke-linecap="round"><circle cx="11" cy="11" r="7"/><path d="m20 20-3.5-3.5"/></svg>');
export const whatsappIcon = () => trustedHtml('<svg aria-hidden="true" width="28" height="28" viewBox="0 0 24 24" fill="currentColor"><path d="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.2l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8-.2-.1-.4-.1-.6.1l-.8 1c-.1.2-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.3-.4.7-1.3.1-.2 0-.3 0-.4l-.8-1.8c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6.5-.1 1.5-.6 1.7-1.2.2-.6.2-1.1.2-1.2-.1-.1-.3-.2-.5-.3Z"/></svg>');

const SOCIAL: [keyof ShopFrame['store'], string][] = [['facebook', 'Facebook'], ['instagram', 'Instagram'], ['tiktok', 'TikTok'], ['x', 'X'], ['youtube', 'YouTube']];

/** A link the owner typed, only when it is a web address (no `javascript:` can reach an href). */
const webLink = (value: string) => (/^https?:\/\//i.test(value) ? value : null);

export const whatsappLink = (number: string) => {
  // wa.me needs the country code: a number kept the national way ("0998877665") is Ecuador's.
  const digits = whatsappNumber(number);
  return digits ? `https://wa.me/${digits}` : null;
};

/** The store's address as the footer prints it, one line a part; empty without one. */
const placeOf = (store: ShopFrame['store']) => [store.contactAddress, [store.contactCity, store.contactState].filter(Boolean).join(', '), store.contactCountry].filter(Boolean);

/** Whether the footer's "Contacto" has anything under it: an address, a phone or an e-mail (the order lookup's help says where else to look without). */
export const hasContactDetails = (store: ShopFrame['store']) => Boolean(placeOf(store).length || store.contactPhone || store.contactEmail);

function footer(frame: ShopFrame, request: ShopRequest, whatsappInFlow: boolean): SafeHtml {
  const { tr, locale } = request;
  const { store } = frame;
  const place = placeOf(store);
  const socials = SOCIAL.map(([key, name]) => [webLink(String(store[key] ?? '')), name] as const).filter(([href]) => href);
  return html`<footer class="shop-footer">
<div class="wrap footer-grid">
<section aria-labelledby="footer-store"><h2 id="footer-store">${store.name}</h2>${store.description ? html`<p>${store.description}</p>` : ''}
<p><a class="lookup-link" href="${shopPath(locale, store.slug, '/order')}">${tr.texts.shopper.lookupLink}</a></p></section>
${hasContactDetails(store)
  ? html`<section aria-labelledby="footer-contact"><h2 id="footer-contact">${tr.texts.contact}</h2><address>
${place.length ? html`<p>${place.map((line, index) => html`${index ? html`<br>` : ''}${line}`)}</p>` : ''}
${store.contactPhone ? html`<p><a href="tel:${store.contactPhone.replace(/[^\d+]/g, '')}">${store.contactPhone}</a></p>` : ''}
${store.contactEmail ? html`<p><a href="mailto:${store.contactEmail}">${store.contactEmail}</a></p>` : ''}
</address></section>`
  : ''}
${frame.pages.length ? html`<nav aria-labelledby="footer-pages"><h2 id="footer-pages">${tr.texts.pages}</h2><ul>${frame.pages.map((page) => html`<li><a href="${shopPath(locale, store.slug, `/page/${page.slug}`)}">${page.title}</a></li>`)}</ul></nav>` : ''}
${socials.length ? html`<nav aria-labelledby="footer-social"><h2 id="footer-social">${tr.texts.followUs}</h2><ul>${socials.map(([href, name]) => html`<li><a href="${href}" rel="noopener me" target="_blank">${name}</a></li>`)}</ul></nav>` : ''}
</div>
<p class="wrap powered">${tr.texts.poweredBy}</p>
${whatsapp(frame, request, whatsappInFlow)}
</footer>`;
}

/**
 * The WhatsApp button, fixed in a corner (inside the footer, so it stays in a landmark); `inFlow`:
 * a link in the footer's flow instead, on the pages of a purchase, where a fixed button covered the
 * coupon's "Aplicar" and the totals on a phone (issue 40, defect 9).
 */
function whatsapp(frame: ShopFrame, request: ShopRequest, inFlow: boolean): SafeHtml | '' {
  const wa = whatsappLink(frame.store.whatsapp);
  if (!wa) return '';
  if (inFlow) return html`<p class="wrap whatsapp-line"><a class="whatsapp-inline" href="${wa}" target="_blank" rel="noopener">${whatsappIcon()}<span>${request.tr.texts.whatsapp}</span></a></p>`;
  return html`<a class="whatsapp" href="${wa}" target="_blank" rel="noopener"><span class="sr-only">${request.tr.texts.whatsapp}</span>${whatsappIcon()}</a>`;
}

function previewBar(frame: ShopFrame, request: ShopRequest): SafeHtml | '' {
  if (!frame.preview) return '';
  const { tr, locale } = request;
  return html`<div class="preview-bar"><div class="wrap"><p>${frame.preview === 'expired' ? tr.texts.previewExpired : tr.texts.previewUnpublished}</p><a href="${locale === 'en' ? '/en/store' : '/store'}">${tr.texts.previewAction}</a></div></div>`;
}

/** The whole storefront document around a page's main content. */
export function shopDocument(frame: ShopFrame, request: ShopRequest, head: Head, main: SafeHtml, options: { query?: string; scripts?: SafeHtml; pixelEvents?: readonly PixelEvent[]; whatsappInFlow?: boolean } = {}): string {
  const { tr, locale } = request;
  return `<!DOCTYPE html>${html`<html lang="${locale === 'es' ? 'es-EC' : 'en-US'}" data-style="${storeStyleTokens(frame.store.style).name}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${headTags(frame, request, head)}
<link rel="icon" href="${logoUrl(frame) ?? '/favicon.svg'}">
<style>${trustedHtml(themeCss(frame.store.style) + BASE_CSS)}</style>
</head>
<body>
<a class="skip" href="#main">${tr.texts.skipToContent}</a>
${header(frame, request, options.query ?? '')}
<main id="main" tabindex="-1">${main}</main>
${footer(frame, request, options.whatsappInFlow === true)}
${options.scripts ?? ''}
${pixelTag(frame, request, head.title, options.pixelEvents ?? [])}
</body>
</html>`.value}`;
}

/** "Store not available": the same for every unknown, unpublished or expired store (no store's style to draw). */
export function unavailableDocument(request: ShopRequest): string {
  const { tr, locale } = request;
  return `<!DOCTYPE html>${html`<html lang="${locale === 'es' ? 'es-EC' : 'en-US'}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${tr.texts.unavailableTitle}</title>
<style>${trustedHtml(themeCss(4) + BASE_CSS)}</style></head>
<body><main id="main" class="wrap unavailable"><h1>${tr.texts.unavailableTitle}</h1><p>${tr.texts.unavailableText}</p><p><a class="button" href="${locale === 'en' ? '/en' : '/'}">${tr.texts.unavailableLink}</a></p></main></body>
</html>`.value}`;
}
