import type { FastifyInstance, FastifyReply } from 'fastify';
import { translator } from '#common/i18n/all-languages.ts';
import { AppError } from '#server/errors.ts';
import { runInStore } from '#server/modules/store/active-store.ts';
import { contentDisposition } from '#server/modules/upload/upload.api.ts';
import type { Services } from '#server/services.ts';

// The shopper's invoice (issue 23 §5): `/shop/{slug}/order/invoice.pdf?code=` (and `/en/…`), the
// PDF of the invoice of the order whose secret code is given, in the page's language. Without the
// right code — or before the owner issued it — the answer is a plain 404 that tells nothing.
// Rendered once and kept, on the PDF worker thread; rate-limited per address and per invoice (429),
// and 503 while too many new PDFs wait for the worker (issue 36 §4); both say when to come back.
// Beside it, the authorized XML of the invoice and of the order's credit notes (issue 37 §8).
export async function invoiceShopRoutes(app: FastifyInstance, { services }: { services: Services }) {
  for (const locale of ['es', 'en'] as const) {
    const prefix = locale === 'en' ? '/en' : '';
    const t = translator(locale);
    app.get<{ Params: { slug: string } }>(`${prefix}/shop/:slug/order/invoice.pdf`, async (request, reply) => {
      const code = new URL(request.url, 'http://local.invalid').searchParams.get('code') ?? '';
      try {
        const scope = await services.storeScopes.shopStoreScope(request.params.slug);
        const { fileName, pdf } = await runInStore(scope.storeId, () => services.invoices.getShopperInvoicePdf(scope, code, locale, { ip: request.ip }));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(fileName, 'attachment'))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(pdf);
      } catch (error) {
        return refuse(error, reply, t);
      }
    });

    // The authorized XML of the order's invoice and of its credit notes (issue 37 §8): SRI's kept
    // file, byte for byte, under the PDF's rate limits; 409 with a sentence before SRI authorized it.
    const sendXml = (reply: FastifyReply, { fileName, xml }: { fileName: string; xml: Buffer }) =>
      reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', contentDisposition(fileName, 'attachment'))
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(xml);
    app.get<{ Params: { slug: string } }>(`${prefix}/shop/:slug/order/invoice.xml`, async (request, reply) => {
      const code = new URL(request.url, 'http://local.invalid').searchParams.get('code') ?? '';
      try {
        const scope = await services.storeScopes.shopStoreScope(request.params.slug);
        return sendXml(reply, await runInStore(scope.storeId, () => services.invoices.getShopperInvoiceXml(scope, code, { ip: request.ip })));
      } catch (error) {
        return refuse(error, reply, t);
      }
    });
    app.get<{ Params: { slug: string } }>(`${prefix}/shop/:slug/order/credit-note.pdf`, async (request, reply) => {
      const { code, id } = creditNoteQuery(request.url);
      try {
        const scope = await services.storeScopes.shopStoreScope(request.params.slug);
        const { fileName, pdf } = await runInStore(scope.storeId, () => services.invoices.getShopperCreditNotePdf(scope, code, id, locale, { ip: request.ip }));
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', contentDisposition(fileName, 'attachment'))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(pdf);
      } catch (error) {
        return refuse(error, reply, t);
      }
    });
    app.get<{ Params: { slug: string } }>(`${prefix}/shop/:slug/order/credit-note.xml`, async (request, reply) => {
      const { code, id } = creditNoteQuery(request.url);
      try {
        const scope = await services.storeScopes.shopStoreScope(request.params.slug);
        return sendXml(reply, await runInStore(scope.storeId, () => services.invoices.getShopperCreditNoteXml(scope, code, id, { ip: request.ip })));
      } catch (error) {
        return refuse(error, reply, t);
      }
    });
  }
}

/** A credit note's link: the order's code and the note's id (digits only: anything else finds none, a 404 that counts against the address). */
function creditNoteQuery(url: string) {
  const query = new URL(url, 'http://local.invalid').searchParams;
  return { code: query.get('code') ?? '', id: /^[0-9]{1,15}$/.test(query.get('id') ?? '') ? Number(query.get('id')) : 0 };
}

/** A shopper's download refused: a bare 404, or a sentence in the page's language (409 not yet authorized, 429, 503). */
function refuse(error: unknown, reply: FastifyReply, t: ReturnType<typeof translator>) {
  if (!(error instanceof AppError) || ![404, 409, 429, 503].includes(error.status)) throw error;
  reply.code(error.status).header('cache-control', 'no-store').type('text/plain; charset=utf-8');
  if (error.status === 404) return reply.send('Not found');
  if (error.status === 409) return reply.send(t(error.code));
  const retryAfter = error.retryAfterSeconds ?? 60;
  const message = error.status === 429 ? t('invoice.pdfTooMany', { minutes: Math.ceil(retryAfter / 60) }) : t('invoice.pdfBusy');
  return reply.header('retry-after', String(retryAfter)).send(message);
}
