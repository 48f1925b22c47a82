import { shopPaymentRoutes } from '#server/modules/sales/payment/shop-payment.routes.ts';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '#common/locale.ts';
import type { BotCheck } from '#server/captcha/bot-check.ts';
import { AppError } from '#server/errors.ts';
import { sessionCookieName } from '#server/modules/auth/session.service.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { runInStore } from '#server/tenancy/active-store.ts';
import { SHOPPER } from '#server/tenancy/actor.ts';
import { enterContext, type StoreScope } from '#server/tenancy/store-scope.ts';
import { compressBuffer, compressPage, type Encoding, negotiateEncoding } from '#server/plugins/compress-html.ts';
import { readCookie } from '#server/plugins/cookies.ts';
import { currentUserPlugin } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';
import { cartCount, hasCartCookie, readCart } from '#server/modules/sales/checkout/cart-cookie.ts';
import { MIN_AGE_MS, reviewFormToken, reviewTokenAgain, type ReviewTokenState, reviewTokenState } from './shop-bot-check.ts';
import { shopCartRoutes } from '../sales/checkout/shop-cart.routes.ts';
import { abandonedCartRoutes, cartReminderScriptRoute } from '../sales/abandoned-cart/abandoned-cart.routes.ts';
import { receiptRoutes } from '../sales/payment/receipt.routes.ts';
import { shopShopperRoutes } from '../sales/checkout/shop-shopper.routes.ts';
import { type ShopRequest, unavailableDocument } from './shop-layout.ts';
import { type CacheSlot, ShopPageCache } from './shop-cache.ts';
import { SHOP_PAGE_POLICY, shopPagePolicy } from './shop-pixel.ts';
import { gatewayPageOrigins } from '#server/modules/sales/payment/payment-gateways.ts';
import { shopPixelRoutes } from './shop-pixel.routes.ts';
import { type Rendered, renderBadPage, renderCategory, renderContentPage, renderHome, renderNotFound, renderProduct, renderSearch } from './shop-pages.ts';
import { emptyReview, type ReviewForm } from './shop-review-form.ts';
import { parseShopReview, reviewValuesOf } from './shop-review.ts';
import { robotsTxt, sitemapIndexXml, storeRobotsTxt, storeSitemapXml } from './shop-sitemap.ts';
import { type Translate, translate } from './shop-text.ts';
import { onShopDomain, queryOf, shopOrigin, shopPath } from './shop-url.ts';
import { badPageParam, readFilters, type ShopFrame } from './shop.service.ts';

// The public storefront (issue 22, decision 047): Fastify routes that answer whole HTML pages
// rendered on the server, with no React runtime sent to the browser. Each page's work is
// `render(frame, request) → { status, html }`, so a per-store page cache can wrap it later.

type Params = { slug: string; category?: string; product?: string; page?: string; '*'?: string };
type ShopReq = FastifyRequest<{ Params: Params }>;
/** The same list's first page: the address without its `page` (a link on the 400 of a bad one). */
function firstPageOf(url: string): string {
  const address = new URL(url, 'http://local.invalid');
  address.searchParams.delete('page');
  return address.pathname + address.search;
}

/** After a form post that worked: see the page again with GET (303). */
type Redirect = { redirect: string };

/** Why a review sent without JavaScript's proof was refused, and what the shopper does next; null: it passes. */
function noScriptRefusal(state: ReviewTokenState, tr: Translate): string | null {
  if (state === 'ok') return null;
  if (state === 'tooSoon') return tr.t(tr.texts.botCheckTooSoon, { seconds: MIN_AGE_MS / 1000 });
  return tr.texts.botCheckExpired;
}

const ALTCHA_FILE = path.join(path.dirname(createRequire(import.meta.url).resolve('altcha')), 'altcha.min.js');

export async function shopRoutes(app: FastifyInstance, { services, botCheck }: { services: Services; botCheck: BotCheck }) {
  // The storefront calls the bound services, as the dashboard does; `deps` only for the page cache.
  const { deps, shop, rateLimits, uploads } = services;
  const { config } = deps;
  const cookieName = sessionCookieName(config);
  await app.register(currentUserPlugin, { services });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => done(null, new URLSearchParams(String(body))));

  const shopRequest = (request: FastifyRequest, locale: Locale): ShopRequest => {
    // The address the shopper asked for: on a store's domain, `/…` rather than `/shop/{slug}/…`.
    const url = new URL(request.originalUrl, 'http://local.invalid');
    return {
      locale,
      tr: translate(locale),
      barePath: locale === 'en' ? url.pathname.slice(3) || '/' : url.pathname,
      search: url.search,
      publicUrl: request.shopDomain?.origin ?? config.publicUrl,
      altcha: botCheck.kind === 'altcha',
    };
  };

  // A shopper's own pages (the checkout, the order) may send the form on to a payment gateway.
  const privatePolicy = shopPagePolicy(gatewayPageOrigins(config));

  // Anonymous shoppers' pages, kept compressed per process (decision 064).
  const pageCache = new ShopPageCache(deps, config.shopCache);
  const cacheSlots = new WeakMap<FastifyRequest, CacheSlot>();
  /** A visitor with a session (the owner previewing, a logged-in person) never shares a page or a frame with anonymous shoppers. */
  const signedIn = (request: FastifyRequest) => readCookie(request.headers.cookie, cookieName) !== undefined;

  const sendStored = (reply: FastifyReply, body: Buffer, encoding: Encoding | null, state: 'hit' | 'miss') => {
    reply.code(200).type('text/html; charset=utf-8').header('content-security-policy', SHOP_PAGE_POLICY).header('cache-control', 'no-cache').header('vary', 'Accept-Encoding').header('x-shop-cache', state);
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(body);
  };

  /** A GET every anonymous shopper sees alike: the stored page, or the render, stored on its way out. */
  async function fromCache(request: ShopReq, reply: FastifyReply, render: () => Promise<unknown>) {
    // A logged-in visitor's page is their own; so is a shopper's with a cart (its header counts the
    // cart's lines). Cheaper to test the cookie's name than to learn the store's id first.
    if (request.method !== 'GET' || signedIn(request) || hasCartCookie(request.headers.cookie)) return render();
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    // The host is part of the address: a page drawn for a store's domain links within that domain.
    const found = await pageCache.lookup(request.params.slug, request.shopDomain ? `//${request.shopDomain.host}${request.url}` : request.url, encoding);
    if (found && 'hit' in found) return sendStored(reply, found.hit.body, found.hit.encoding, 'hit');
    if (found) cacheSlots.set(request, found.slot);
    return render();
  }

  const sendHtml = async (reply: FastifyReply, request: FastifyRequest, rendered: Rendered | Redirect, privatePage: boolean) => {
    const slot = cacheSlots.get(request);
    if (slot && !privatePage && !('redirect' in rendered) && rendered.status === 200) {
      const body = slot.encoding ? compressPage(rendered.html, slot.encoding) : Buffer.from(rendered.html);
      pageCache.store(slot, body);
      return sendStored(reply, body, slot.encoding, 'miss');
    }
    return 'redirect' in rendered
      ? reply.header('cache-control', 'no-store').redirect(rendered.redirect, 303)
      : reply
      .code(rendered.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-security-policy', privatePage ? privatePolicy : SHOP_PAGE_POLICY)
      // A logged-in visitor's page (the owner's preview) is never kept; a shopper's may be revalidated.
      .header('cache-control', privatePage || signedIn(request) ? 'no-store' : 'no-cache')
      .send(rendered.html);
  };

  /**
   * `privatePage`: a shopper's own page (the checkout, the order). `sharedFrame`: a page never kept
   * (a search: every query its own address) that an anonymous shopper still sees in the frame kept
   * for the store's version, as a kept page does.
   */
  type PageOptions = { privatePage?: boolean; sharedFrame?: boolean };

  /** Resolves the store (or answers "store not available"), then renders inside its scope (decision 042). */
  function withStore(request: ShopReq, reply: FastifyReply, locale: Locale, render: (frame: ShopFrame, sr: ShopRequest) => Promise<Rendered | Redirect | null>, options: PageOptions = {}) {
    // Every address the page writes is its domain's when it is served on one (shop-url.ts).
    return onShopDomain(request.shopDomain, () => storePage(request, reply, locale, render, options));
  }

  async function storePage(request: ShopReq, reply: FastifyReply, locale: Locale, render: (frame: ShopFrame, sr: ShopRequest) => Promise<Rendered | Redirect | null>, options: PageOptions) {
    const sr = shopRequest(request, locale);
    let resolved: { scope: StoreScope; ownerPreview: boolean };
    try {
      resolved = await shop.resolveShopScope(request.params.slug, () => request.currentUser());
    } catch (error) {
      if (error instanceof AppError && error.status === 404) return sendHtml(reply, request, { status: 404, html: unavailableDocument(sr) }, false);
      throw error;
    }
    // The header's cart link counts what the cookie holds (the cart page checks it against the catalogue).
    sr.cartCount = cartCount(readCart(request.headers.cookie, resolved.scope.storeId));
    // The count is the shopper's own: a page that shows one is never kept for others, whatever let
    // the request this far (issue 36 §7: a cookie shape the cache's check missed stored "Carrito 999").
    if (sr.cartCount !== 0) cacheSlots.delete(request);
    // The storefront's changes (an order, a review) are a shopper's in the store's log (decision 088).
    return enterContext({ scope: resolved.scope, actor: SHOPPER }, async () => {
      // A page every anonymous shopper sees alike draws the frame its store's version keeps: a kept
      // page's slot holds that version; a page not kept reads it for the frame alone.
      const slot = cacheSlots.get(request) ?? (options.sharedFrame && request.method === 'GET' && !signedIn(request) ? await pageCache.frameSlot(request.params.slug) : null);
      const frame = slot && !resolved.ownerPreview ? await pageCache.frame(slot, () => shop.loadFrame(resolved.scope, false)) : await shop.loadFrame(resolved.scope, resolved.ownerPreview);
      const rendered = (await render(frame, sr)) ?? renderNotFound(frame, sr);
      return sendHtml(reply, request, rendered, resolved.ownerPreview || options.privatePage === true);
    });
  }

  async function productPage(frame: ShopFrame, sr: ShopRequest, request: ShopReq, form?: (productId: number) => ReviewForm) {
    const data = await shop.loadProduct(frame.scope, request.params.product ?? '');
    if (!data) return null;
    const params = new URL(request.url, 'http://local.invalid').searchParams;
    const base = form?.(data.product.id) ?? { ...emptyReview(reviewFormToken(config.secret, frame.store.id, data.product.id, Date.now())), sent: params.get('review') === 'sent' };
    return renderProduct(frame, sr, params, data, base);
  }

  shopPixelRoutes(app, { services });
  cartReminderScriptRoute(app);

  for (const locale of ['es', 'en'] as const) {
    const prefix = locale === 'en' ? '/en' : '';
    const query = (request: FastifyRequest) => new URL(request.url, 'http://local.invalid').searchParams;

    app.get<{ Params: Params }>(`${prefix}/shop/:slug`, (request, reply) => fromCache(request, reply, () => withStore(request, reply, locale, async (frame, sr) => renderHome(frame, sr, await shop.loadHome(frame.scope)))));

    app.get<{ Params: Params }>(`${prefix}/shop/:slug/category/:category`, (request, reply) =>
      fromCache(request, reply, () =>
        withStore(request, reply, locale, async (frame, sr) => {
          const params = query(request);
          const typed = badPageParam(params);
          if (typed !== null) return renderBadPage(frame, sr, typed, firstPageOf(request.originalUrl));
          const filters = readFilters(params);
          const data = await shop.loadCategory(frame.scope, request.params.category ?? '', filters, locale);
          return data ? renderCategory(frame, sr, filters, data) : null;
        }),
      ),
    );

    app.get<{ Params: Params }>(`${prefix}/shop/:slug/product/:product`, (request, reply) => fromCache(request, reply, () => withStore(request, reply, locale, (frame, sr) => productPage(frame, sr, request))));

    app.post<{ Params: Params; Body: URLSearchParams }>(`${prefix}/shop/:slug/product/:product/review`, async (request, reply) => {
      const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      return withStore(request, reply, locale, async (frame, posted) => {
        // The page drawn again is the product's: its language link and canonical name that address.
        const sr = { ...posted, barePath: posted.barePath.replace(/\/review$/, ''), search: '' };
        const texts = sr.tr.texts;
        const product = await shop.loadProduct(frame.scope, request.params.product ?? '');
        if (!product) return null;
        const productId = product.product.id;
        const values = reviewValuesOf(body);
        const again = (errors: Record<string, string>, formError: string | null) => () => ({ values, errors, formError, sent: false, token: reviewTokenAgain(config.secret, frame.store.id, productId, body.get('token'), Date.now()) });
        const productUrl = shopPath(locale, frame.store.slug, `/product/${product.product.slug}`);
        try {
          await rateLimits.takeAttempt(`review:${request.ip}`, LIMITS.reviewPerIp);
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 429) throw error;
          const page = await productPage(frame, sr, request, again({}, texts.tooManyReviews));
          return page && { ...page, status: 429 };
        }
        // A filled honeypot is a bot: it is told "sent", and nothing is stored.
        const sent = { redirect: `${productUrl}?review=sent#reviews` };
        if ((body.get('website') ?? '') !== '') return sent;
        const parsed = parseShopReview(productId, values, texts);
        if ('errors' in parsed) return productPage(frame, sr, request, again(parsed.errors, null));
        // The bot check (decision 048): the widget's proof with JavaScript, the form's age without.
        // A refusal says what is needed, and the form comes back with what was typed (defect 8).
        const altcha = body.get('altcha');
        const refusal = altcha
          ? (botCheck.kind === 'altcha' && (await botCheck.verify(altcha)) ? null : texts.botCheckFailed)
          : noScriptRefusal(reviewTokenState(config.secret, frame.store.id, productId, body.get('token'), Date.now()), sr.tr);
        if (refusal) {
          const page = await productPage(frame, sr, request, again({}, refusal));
          return page && { ...page, status: 400 };
        }
        await services.resources.review.submitReview(frame.scope, parsed.input);
        return sent;
      });
    });

    // The cart, the checkout and the order page (issue 23): their own file, in this store's scope.
    shopCartRoutes(app, { services, locale, withStore });
    // The abandoned cart's restore link and the checkout script's capture (issue 40 §6).
    abandonedCartRoutes(app, { services, locale, withStore });
    // The shopper's transfer receipt, sent from the order page (issue 39 §4).
    receiptRoutes(app, { services, locale, withStore });
    // "Find my order" and forgetting the checkout's remembered details (issue 40 §4).
    shopShopperRoutes(app, { services, locale, withStore });
    // Paying an order through its gateway (issue 39): start, return, cancel.
    shopPaymentRoutes(app, { services, locale, withStore });

    app.get<{ Params: Params }>(`${prefix}/shop/:slug/page/:page`, (request, reply) =>
      fromCache(request, reply, () =>
        withStore(request, reply, locale, async (frame, sr) => {
          const page = await shop.loadPage(frame.scope, request.params.page ?? '');
          return page ? renderContentPage(frame, sr, page) : null;
        }),
      ),
    );

    app.get<{ Params: Params }>(`${prefix}/shop/:slug/search`, (request, reply) =>
      withStore(
        request,
        reply,
        locale,
        async (frame, sr) => {
          const params = query(request);
          const typed = badPageParam(params);
          if (typed !== null) return renderBadPage(frame, sr, typed, firstPageOf(request.originalUrl));
          const q = (params.get('q') ?? '').slice(0, 100);
          const page = Number(params.get('page') || 1);
          return renderSearch(frame, sr, q, page, await shop.loadSearch(frame.scope, q, page));
        },
        { sharedFrame: true },
      ),
    );

    // The store's logo (decision 030), under both prefixes: the language redirect may move an image request too.
    app.get<{ Params: Params }>(`${prefix}/shop/:slug/logo`, async (request, reply) => {
      const notFound = () => reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
      let scope: StoreScope;
      try {
        ({ scope } = await shop.resolveShopScope(request.params.slug, () => request.currentUser()));
      } catch {
        return notFound();
      }
      const logo = await runInStore(scope.storeId, async () => {
        const store = await shop.loadFrame(scope, false);
        return store.store.logo ? uploads.readStoreLogo(scope, store.store.logo).then((file) => ({ ...file, id: store.store.logo! })).catch(() => null) : null;
      });
      if (!logo) return notFound();
      const versioned = query(request).get('v') === logo.id;
      return reply
        .header('content-type', logo.type)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', versioned ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .send(logo.body);
    });

    // Anything else under a store: the store's own 404, in its style; `/shop/x/` is its home.
    app.get<{ Params: Params }>(`${prefix}/shop/:slug/*`, (request, reply) => {
      if (request.params['*'] === '') return reply.redirect(onShopDomain(request.shopDomain, () => shopPath(locale, request.params.slug)) + queryOf({}), 301);
      return withStore(request, reply, locale, async () => null);
    });
  }

  app.get<{ Params: Params }>('/shop/:slug/sitemap.xml', async (request, reply) => {
    let scope: StoreScope;
    try {
      scope = await services.storeScopes.shopStoreScope(request.params.slug);
    } catch {
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    }
    const entries = await runInStore(scope.storeId, () => shop.loadSitemap(scope));
    const xml = onShopDomain(request.shopDomain, () => storeSitemapXml(shopOrigin(config.publicUrl), scope.slug, entries));
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });

  app.get('/sitemap.xml', async (_request, reply) =>
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(sitemapIndexXml(config.publicUrl, await shop.visibleStores())),
  );

  // On a store's domain `/robots.txt` is the store's own (its sitemap, its search left out); the
  // platform has no such address.
  app.get<{ Params: Params }>('/shop/:slug/robots.txt', async (request, reply) => {
    if (!request.shopDomain) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(storeRobotsTxt(request.shopDomain.origin));
  });

  app.get('/robots.txt', async (_request, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robotsTxt(config.publicUrl)));

  // The bot check's widget, for the review form only: read and compressed once, cached a day.
  const altchaSource = readFileSync(ALTCHA_FILE);
  const altchaEncoded = { br: await compressBuffer(altchaSource, 'br'), gzip: await compressBuffer(altchaSource, 'gzip') };
  app.get('/shop-assets/altcha.js', async (request, reply) => {
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding ? altchaEncoded[encoding] : altchaSource);
  });
}
