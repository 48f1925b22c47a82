import type { FastifyInstance, FastifyReply } from 'fastify';
import { translator } from '#common/i18n/all-languages.ts';
import { AppError } from '#server/errors.ts';
import { runInStore } from '#server/tenancy/active-store.ts';
import { contentDisposition } from '#server/modules/upload/upload.api.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
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
    /** One of the order's files, found by the order's code in the query: sent as a download, or refused. */
    const serve = (file: string, work: (scope: StoreScope, url: string, ip: string) => Promise<{ fileName: string; type: string; body: Buffer | Uint8Array }>) =>
      app.get<{ Params: { slug: string } }>(`${prefix}/shop/:slug/order/${file}`, async (request, reply) => {
        try {
          const scope = await services.storeScopes.shopStoreScope(request.params.slug);
          const { fileName, type, body } = await runInStore(scope.storeId, () => work(scope, request.url, request.ip));
          return reply
            .header('content-type', type)
            .header('content-disposition', contentDisposition(fileName, 'attachment'))
            .header('cache-control', 'no-store')
            .header('x-content-type-options', 'nosniff')
            .send(body);
        } catch (error) {
          return refuse(error, reply, t);
        }
      });
    const PDF = 'application/pdf';
    // The authorized XML of the order's invoice and of its credit notes (issue 37 §8): SRI's kept
    // file, byte for byte, under the PDF's rate limits; 409 with a sentence before SRI authorized it.
    const XML = 'application/xml; charset=utf-8';

    serve('invoice.pdf', async (scope, url, ip) => {
      const { fileName, pdf } = await services.invoices.getShopperInvoicePdf(scope, orderCode(url), locale, { ip });
      return { fileName, type: PDF, body: pdf };
    });
    serve('invoice.xml', async (scope, url, ip) => {
      const { fileName, xml } = await services.invoices.getShopperInvoiceXml(scope, orderCode(url), { ip });
      return { fileName, type: XML, body: xml };
    });
    serve('credit-note.pdf', async (scope, url, ip) => {
      const { code, id } = creditNoteQuery(url);
      const { fileName, pdf } = await services.invoices.getShopperCreditNotePdf(scope, code, id, locale, { ip });
      return { fileName, type: PDF, body: pdf };
    });
    serve('credit-note.xml', async (scope, url, ip) => {
      const { code, id } = creditNoteQuery(url);
      const { fileName, xml } = await services.invoices.getShopperCreditNoteXml(scope, code, id, { ip });
      return { fileName, type: XML, body: xml };
    });
  }
}

/** The order's secret code in a link's query; none is '' (found nowhere: a 404). */
const orderCode = (url: string) => new URL(url, 'http://local.invalid').searchParams.get('code') ?? '';

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
