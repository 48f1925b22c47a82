import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translator } from '#common/i18n/all-languages.ts';
import { localeFromPath } from '#common/locale.ts';
import { containsNul } from './nul-guard.ts';

// Bodies sent to pages (React Router actions) are forms, and small: files go to /api/v1/uploads,
// which streams them with its own limit. Anything else is refused before it is read, so a 100 MB
// post to /user/login costs nothing and a JSON or XML body never reaches an action that would fail
// on it with a 500 (issue 9).
export const PAGE_BODY_LIMIT = 256 * 1024;
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data\s*;\s*boundary=\S+)/i;
const isPagePath = (url: string) => !url.startsWith('/api/');
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * A page route that takes a file (the shopper's transfer receipt on the storefront) names its own
 * body limit in its route config, and reads its multipart body with @fastify/multipart's limits.
 * That body is binary (a photo holds NUL bytes), so the NUL scan is left to the route: it checks
 * its text fields itself and the file by its content.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    pageUpload?: { maxBytes: number };
  }
}
export type PageUploadConfig = { pageUpload: { maxBytes: number } };
const pageUploadOf = (request: FastifyRequest) => request.routeOptions.config?.pageUpload;

/**
 * The 413 of a page's form, in the page's language, before its body is read: the connection closes
 * after it (plugins/lingering-close.ts drains what the client still sends, so the answer arrives).
 */
export function sendTooLarge(request: FastifyRequest, reply: FastifyReply) {
  const t = translator(localeFromPath(request.url.split('?')[0] ?? '/'));
  return reply.code(413).header('connection', 'close').type('text/plain; charset=utf-8').send(String(t('error.bodyTooLarge')));
}

export const pageBodies = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!WRITES.has(request.method) || !isPagePath(request.url)) return;
    const length = Number(request.headers['content-length'] ?? 0);
    if (length > (pageUploadOf(request)?.maxBytes ?? PAGE_BODY_LIMIT)) return sendTooLarge(request, reply);
    const type = request.headers['content-type'] ?? '';
    // A post without a body (a logout button) has no type; one with a body must be a form.
    if ((length > 0 || request.headers['transfer-encoding']) && !FORM_TYPES.test(type)) {
      return reply.code(415).type('text/plain; charset=utf-8').send('Unsupported content type: pages accept HTML forms only.');
    }
  });
  // A body sent without a length (chunked) is counted as it arrives and cut at the same limit.
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (!WRITES.has(request.method) || !isPagePath(request.url)) return payload;
    const upload = pageUploadOf(request);
    // @fastify/multipart reads the raw request itself, bounded by its own limits: a stream piped
    // here as well would go unread and, once full, hold the raw request back from the file's parser.
    if (upload !== undefined && /^multipart\//i.test(request.headers['content-type'] ?? '')) return payload;
    const limit = upload?.maxBytes ?? PAGE_BODY_LIMIT;
    let seen = 0;
    // The end of the previous chunk, so a `%00` split between two chunks is still found.
    let tail = '';
    const counted = payload.pipe(
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          seen += chunk.length;
          if (seen > limit) return callback(Object.assign(new Error('Payload too large'), { statusCode: 413 }));
          // A NUL in a form field, encoded or raw (server/plugins/nul-guard.ts says why).
          const text = tail + chunk.toString('latin1');
          if (containsNul(text)) return callback(Object.assign(new Error('NUL character in the form'), { statusCode: 400, nul: true }));
          tail = text.slice(-2);
          callback(null, chunk);
        },
      }),
    );
    // The error reaches whoever reads the body (React Router's form, a route's parser) through its
    // own listener. One that stopped reading first (the storefront's parser at its 64 KB, which has
    // answered 413) left none: an 'error' with no listener would throw. What the client still sends
    // is dropped as it comes (plugins/lingering-close.ts), not left unread.
    counted.on('error', () => payload.resume());
    return counted;
  });
});
