// The shopper's side of a gateway payment (issue 39 §2, §3, §6, decision 089):
//   POST /shop/{slug}/order/pay          code={order code}
//     → 303 to the gateway's page (PayPhone's, PayPal's), the order's stock already held; or 303
//       back to the order page with `payment={problem}` (expired, unavailable, refused…).
//   GET  /shop/{slug}/order/paid?code=…&{the gateway's ids}
//     → the gateway's return address. Its ids only say which attempt to ask about: the layer asks
//       the gateway server to server and settles (payment.service.ts); then 303 to the order page
//       with `payment=paid|failed|pending|…`. A shopper who closes the tab instead is settled by
//       the expiry job, which asks the same question.
//   GET  /shop/{slug}/order/pay-cancelled?code=…  → the gateway's cancel address: asked the same way.
// Limited per address (LIMITS.paymentPerIp), under /en too.
import type { FastifyInstance } from 'fastify';
import type { Locale } from '#common/locale.ts';
import { AppError } from '#server/errors.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { payRedirect, type WithStore } from '#server/modules/sales/checkout/shop-cart.routes.ts';
import type { Services } from '#server/services.ts';
import { shopPath } from '../../shop/shop-url.ts';

type Params = { slug: string };


/** The ids a gateway's return address may carry (PayPhone: id, clientTransactionId; PayPal: token, PayerID). */
const RETURNED = ['id', 'clientTransactionId', 'token', 'PayerID'] as const;

export function shopPaymentRoutes(app: FastifyInstance, { services, locale, withStore }: { services: Services; locale: Locale; withStore: WithStore }) {
  const { payments, rateLimits } = services;
  const prefix = locale === 'en' ? '/en' : '';
  const privatePage = { privatePage: true };
  const orderUrl = (slug: string, code: string, payment: string | null) => `${shopPath(locale, slug, '/order')}?code=${encodeURIComponent(code)}${payment ? `&payment=${payment}` : ''}`;

  /** Counts the shopper's attempt; false past the limit (the page then says so). */
  async function allowed(ip: string): Promise<boolean> {
    try {
      await rateLimits.takeAttempt(`payment:${ip}`, LIMITS.paymentPerIp);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 429) return false;
      throw error;
    }
  }

  app.post<{ Params: Params; Body: URLSearchParams }>(`${prefix}/shop/:slug/order/pay`, (request, reply) =>
    withStore(request, reply, locale, async (frame) => {
      const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
      const code = (body.get('code') ?? '').trim().slice(0, 36);
      if (!(await allowed(request.ip))) return { redirect: orderUrl(frame.store.slug, code, 'tooMany') };
      const redirect = await payRedirect(services, frame, locale, code);
      return redirect === null ? null : { redirect };
    }, privatePage),
  );

  for (const path of ['/order/paid', '/order/pay-cancelled'] as const) {
    app.get<{ Params: Params; Querystring: Record<string, string | undefined> }>(`${prefix}/shop/:slug${path}`, (request, reply) => {
      // The address holds the order's code: never passed on as a referrer.
      reply.header('referrer-policy', 'no-referrer');
      return withStore(request, reply, locale, async (frame) => {
        const query = new URL(request.url, 'http://local.invalid').searchParams;
        const code = (query.get('code') ?? '').slice(0, 36);
        if (!(await allowed(request.ip))) return { redirect: orderUrl(frame.store.slug, code, 'tooMany') };
        const returned: Record<string, string> = {};
        for (const name of RETURNED) {
          const value = query.get(name);
          if (value !== null && value.length <= 100) returned[name] = value;
        }
        const result = await payments.returnByCode(frame.scope, code, returned);
        if (result === null) return null;
        // Settled before (a second return, a reload): the page shows the order's state as it is.
        // Flagged: the gateway's word did not match the order; the owner looks into it.
        const said = result === 'unchanged' ? null : result === 'unknown' ? (path === '/order/pay-cancelled' ? 'cancelled' : 'pending') : result === 'flagged' ? 'review' : result;
        return { redirect: orderUrl(frame.store.slug, code, said) };
      }, privatePage);
    });
  }
}
