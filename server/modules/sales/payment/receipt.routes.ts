// The shopper's transfer receipt (issue 39 §4), sent from the order page without JavaScript:
//   POST /shop/{slug}/order/receipt   (and /en/…), multipart/form-data:
//        code={the order's code}, file={a photo (JPEG, PNG, WebP; AVIF) up to 15 MB, or a PDF up to 3 MB}
//   → 303 to /shop/{slug}/order?code={code}&receipt=sent when kept (the owner is told);
//     400 with the order page and the form's error in the page's language (no file, not a photo
//     or PDF by its content, too large, a body cut short); 404 for a code no order of this store
//     has; 409 when the order takes no receipt (not a transfer, paid, cancelled) or has had too
//     many; 429 past LIMITS.receiptPerIp from one address.
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Locale } from '#common/locale.ts';
import { MAX_UPLOAD_BYTES } from '#common/upload-limits.ts';
import { AppError } from '#server/errors.ts';
import { LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import type { PageUploadConfig } from '#server/plugins/page-bodies.ts';
import type { Services } from '#server/services.ts';
import { orderPath } from '../checkout/checkout.service.ts';
import type { WithStore } from '../checkout/shop-cart.routes.ts';
import { type OrderPageNotice, renderOrder } from '../checkout/shop-order-page.ts';

/** The request's ceiling: the largest file (a photo) and the form's one field, with room for the parts' headers. */
const RECEIPT_BODY_LIMIT = MAX_UPLOAD_BYTES + 64 * 1024;

type ReceiptForm = { code: string; data: Buffer | null; problem: 'fileSize' | 'incomplete' | null };

/**
 * The posted form, fields before or after the file. A file past the largest size is cut off while
 * it streams (`fileSize`); a body busboy cannot read (no boundary, cut short) is the client's bad
 * body, said on the form, never a 500. A form posted without its multipart encoding has no file.
 */
async function readReceiptForm(request: FastifyRequest): Promise<ReceiptForm> {
  if (!request.isMultipart()) {
    const body = request.body instanceof URLSearchParams ? request.body : new URLSearchParams();
    return { code: (body.get('code') ?? '').trim(), data: null, problem: null };
  }
  let code = '';
  let data: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && data === null) data = bytes;
      } else if (part.fieldname === 'code' && typeof part.value === 'string') {
        code = part.value.trim();
      }
    }
  } catch (error) {
    return { code, data: null, problem: (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE' ? 'fileSize' : 'incomplete' };
  }
  return { code, data, problem: null };
}

/**
 * Registered per language by the storefront (shop.routes.ts), beside the cart's routes, in the
 * store's scope through its `withStore`. The multipart parser lives only in this route's own
 * context; the page-bodies plugin lets this route's body past the pages' 256 KB (`pageUpload`).
 */
export function receiptRoutes(app: FastifyInstance, { services, locale, withStore }: { services: Services; locale: Locale; withStore: WithStore }) {
  const prefix = locale === 'en' ? '/en' : '';
  const { receipts } = services;
  const config: PageUploadConfig = { pageUpload: { maxBytes: RECEIPT_BODY_LIMIT } };

  void app.register(async (scoped) => {
    await scoped.register(fastifyMultipart, {
      // One byte past the largest file: busboy cuts anything bigger while it streams.
      limits: { fileSize: MAX_UPLOAD_BYTES + 1, files: 1, fields: 2, fieldSize: 200, parts: 3, headerPairs: 50 },
    });

    scoped.post<{ Params: { slug: string } }>(`${prefix}/shop/:slug/order/receipt`, { config }, (request, reply) =>
      withStore(request, reply, locale, async (frame, posted) => {
        const form = await readReceiptForm(request);
        // The page drawn again is the order's: its language link names that address.
        const sr = { ...posted, barePath: posted.barePath.replace(/\/receipt$/, ''), search: `?code=${encodeURIComponent(form.code)}` };
        /** The order page again with the form's error; an unknown code is the store's 404. */
        const again = async (status: number, receiptError: NonNullable<OrderPageNotice['receiptError']>) => {
          const view = await services.checkout.loadOrderByCode(frame.scope, form.code);
          if (!view) return null;
          const history = await receipts.shopperOrderHistory(frame.scope, view.order.id, sr.locale);
          return { ...renderOrder(frame, sr, view, [], history, { receiptError }), status };
        };
        try {
          await services.rateLimits.takeAttempt(`receipt:${request.ip}`, LIMITS.receiptPerIp);
        } catch (error) {
          if (!(error instanceof AppError) || error.status !== 429) throw error;
          reply.header('retry-after', String(error.retryAfterSeconds ?? 60));
          return again(429, 'tooMany');
        }
        // A file that did not arrive whole is told as such, once the order is known to take one.
        const result = await receipts.submitReceipt(frame.scope, { code: form.code, data: form.problem ? null : form.data });
        if (result.ok) return { redirect: `${orderPath(locale, frame.store.slug, form.code)}&receipt=sent` };
        switch (result.problem) {
          case 'notFound': return null;
          case 'notPayable':
          case 'tooManyReceipts': return again(409, result.problem);
          case 'empty': return again(400, form.problem ?? 'empty');
          default: return again(400, result.problem);
        }
      }, { privatePage: true }),
    );
  });
}
