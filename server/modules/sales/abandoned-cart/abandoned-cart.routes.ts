import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Locale } from '#common/locale.ts';
import { AppError } from '#server/errors.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { runInStore } from '#server/tenancy/active-store.ts';
import type { Services } from '#server/services.ts';
import { cartCookieHeader, readCart } from '../checkout/cart-cookie.ts';
import type { WithStore } from '../checkout/shop-cart.routes.ts';
import { shopPath } from '../../shop/shop-url.ts';
import { CART_REMINDER_SCRIPT } from './cart-reminder-script.ts';
import { reminderConsent } from './abandoned-cart-form.ts';

// The storefront's side of abandoned carts (issue 40 §6, decision 094):
//   GET  /shop/{slug}/cart/restore?token=…  the reminder's link: the kept lines put into the cart
//        cookie, then 303 to the cart page (which prices them now and says so); a wrong, expired or
//        used token changes nothing and the cart page says why.
//   POST /shop/{slug}/checkout/remind       email, consent=yes|'', previous (form-encoded): the
//        checkout's script tells the e-mail as soon as it is typed (and the one it corrects); 204. Same-origin only (server/plugins/csrf.ts),
//        limited per address (LIMITS.cartReminderPerIp, 429 past it).
// Both also under /en. The checkout's own post captures the same without JavaScript (shop-cart.routes.ts).

type Params = { slug: string };

export function abandonedCartRoutes(app: FastifyInstance, { services, locale, withStore }: { services: Services; locale: Locale; withStore: WithStore }) {
  const { abandonedCarts, rateLimits, deps } = services;
  const prefix = locale === 'en' ? '/en' : '';

  app.get<{ Params: Params }>(`${prefix}/shop/:slug/cart/restore`, (request, reply) => {
    // The address holds the token: nothing this answer sets off may name it (no page is drawn; the redirect drops it).
    reply.header('referrer-policy', 'no-referrer');
    return withStore(request, reply, locale, async (frame) => {
      const token = new URL(request.url, 'http://local.invalid').searchParams.get('token') ?? '';
      const cart = { ...readCart(request.headers.cookie, frame.store.id), flash: null };
      const restored = await abandonedCarts.restoreCart(frame.scope, token, cart);
      const next = restored ? { ...restored, flash: { key: 'restored' } } : { ...cart, flash: { key: 'restoreInvalid' } };
      reply.header('set-cookie', cartCookieHeader(next, frame.store.id, deps.config.secure));
      return { redirect: shopPath(locale, frame.store.slug, '/cart') };
    }, { privatePage: true });
  });

  app.post<{ Params: Params; Body: URLSearchParams }>(`${prefix}/shop/:slug/checkout/remind`, async (request: FastifyRequest<{ Params: Params; Body: URLSearchParams }>, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    try {
      await rateLimits.takeAttempt(`cart-reminder:${request.ip}`, LIMITS.cartReminderPerIp);
      const scope = await services.storeScopes.shopStoreScope(request.params.slug);
      await runInStore(scope.storeId, () =>
        abandonedCarts.captureCart(scope, { email: body.get('email'), previous: body.get('previous'), consent: reminderConsent(body), locale, cart: readCart(request.headers.cookie, scope.storeId) }));
    } catch (error) {
      if (!(error instanceof AppError) || (error.status !== 404 && error.status !== 429)) throw error;
      if (error.status === 429) reply.header('retry-after', String(error.retryAfterSeconds ?? 60));
      return reply.code(error.status).send();
    }
    return reply.code(204).send();
  });
}

/** The script, read by every checkout page that offers the reminder: cached a day, as the bot check's widget. */
export function cartReminderScriptRoute(app: FastifyInstance) {
  app.get('/shop-assets/cart-reminder.js', async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=86400').send(CART_REMINDER_SCRIPT));
}
