import type { FastifyInstance } from 'fastify';
import { AppError } from '#server/errors.ts';
import { runInStore } from '#server/modules/store/active-store.ts';
import { contentDisposition } from '#server/modules/upload/upload.api.ts';
import type { Services } from '#server/services.ts';

// The shopper's invoice (issue 23 §5): `/shop/{slug}/order/invoice.pdf?code=` (and `/en/…`), the
// PDF of the invoice of the order whose secret code is given, in the page's language. Without the
// right code — or before the owner issued it — the answer is a plain 404 that tells nothing.
export async function invoiceShopRoutes(app: FastifyInstance, { services }: { services: Services }) {
  for (const locale of ['es', 'en'] as const) {
    const prefix = locale === 'en' ? '/en' : '';
    app.get<{ Params: { slug: string } }>(`${prefix}/shop/:slug/order/invoice.pdf`, async (request, reply) => {
      const code = new URL(request.url, 'http://local.invalid').searchParams.get('code') ?? '';
      try {
        const scope = await services.storeScopes.shopStoreScope(request.params.slug);
        const { fileName, pdf } = await runInStore(scope.storeId, () => services.invoices.getShopperInvoicePdf(scope, code, locale));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(fileName, 'attachment'))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(pdf);
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
        throw error;
      }
    });
  }
}
