// The shopper's own tools (issue 40 §4), beside the cart's routes (shop-cart.routes.ts):
//   POST /shop/{slug}/order   number, email (form-encoded) — "Find my order": 303 to the order's
//        page (`?code=`) when the store has an order of that number placed with that e-mail; else
//        404 with the form again (one message whichever was wrong), 400 for a field that cannot be
//        one, 429 past LIMITS.orderLookupPerIp / orderLookupPerStore (with Retry-After).
//        GET /shop/{slug}/order without a code draws the form (shop-cart.routes.ts).
//   POST /shop/{slug}/checkout/forget — forgets the details the checkout remembered in this
//        browser (buyer-cookie.ts), 303 back to the checkout, which says so.
// Both are the storefront's forms: same-origin posts (server/plugins/csrf.ts), working without
// JavaScript, in both languages (`/en/shop/…`).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '#common/locale.ts';
import { parseLookup } from '#server/modules/sales/checkout/order-lookup-form.ts';
import { orderPath } from '#server/modules/sales/checkout/checkout.service.ts';
import type { Services } from '#server/services.ts';
import { forgetBuyerHeaders } from './buyer-cookie.ts';
import type { WithStore } from './shop-cart.routes.ts';
import { renderOrderLookup } from './shop-order-lookup-page.ts';
import { shopPath } from '../../shop/shop-url.ts';

type Params = { slug: string };
const bodyOf = (request: FastifyRequest) => (request.body instanceof URLSearchParams ? request.body : new URLSearchParams());
const privatePage = { privatePage: true };

export function shopShopperRoutes(app: FastifyInstance, { services, locale, withStore }: { services: Services; locale: Locale; withStore: WithStore }) {
  const prefix = locale === 'en' ? '/en' : '';
  const secure = services.deps.config.secure;

  app.post<{ Params: Params; Body: URLSearchParams }>(`${prefix}/shop/:slug/order`, (request, reply) => {
    // The order page's policy, as its form's answers are drawn at its address (shop-cart.routes.ts).
    reply.header('referrer-policy', 'no-referrer');
    return withStore(request, reply, locale, async (frame, sr) => {
      const texts = sr.tr.texts.shopper;
      const body = bodyOf(request);
      // What was typed comes back on every answer but the found one, cut to a sane length.
      const values = { number: (body.get('number') ?? '').slice(0, 40), email: (body.get('email') ?? '').slice(0, 300) };
      const parsed = parseLookup(values);
      if ('errors' in parsed) return renderOrderLookup(frame, sr, { values, errors: parsed.errors, formError: null }, 400);
      const result = await services.orderLookup.lookUpOrder(frame.scope, parsed.input, request.ip);
      if (result.found) return { redirect: orderPath(sr.locale, frame.store.slug, result.code) };
      if ('retryAfterSeconds' in result) {
        reply.header('retry-after', String(result.retryAfterSeconds));
        const minutes = Math.max(1, Math.ceil(result.retryAfterSeconds / 60));
        return renderOrderLookup(frame, sr, { values, errors: null, formError: sr.tr.plural(texts.lookupTooMany, minutes) }, 429);
      }
      return renderOrderLookup(frame, sr, { values, errors: null, formError: texts.lookupNotFound }, 404);
    }, privatePage);
  });

  app.post<{ Params: Params }>(`${prefix}/shop/:slug/checkout/forget`, (request, reply) =>
    withStore(request, reply, locale, async (frame) => {
      reply.header('set-cookie', forgetBuyerHeaders(frame.store, secure));
      return { redirect: `${shopPath(locale, frame.store.slug, '/checkout')}?forgotten=1` };
    }, privatePage),
  );
}
