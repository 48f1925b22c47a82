import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translator } from '#common/i18n/all-languages.ts';
import { requestLocale } from '#server/api/api-errors.ts';

// A NUL character can be stored by SQLite but makes PostgreSQL fail the whole statement (text
// cannot hold \u0000), so the same input was a 500 on one database and saved on the other
// (issue 9). No person types one: it is refused here, once for every route, before any handler,
// schema or query sees it — in the URL (path and query), in an API body, and in a page's form body
// (scanned as it streams in server/plugins/page-bodies.ts, which calls `containsNul`).

/** `%00` in a URL or a form-encoded body, in either case; or the raw byte (JSON, multipart). */
const ENCODED_NUL = /%00/i;

export function containsNul(text: string): boolean {
  return text.includes('\u0000') || ENCODED_NUL.test(text);
}

/** The first field (a dotted path) of a parsed body whose text holds a NUL, if any. */
export function nulField(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'body' : null;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = nulField(item, path ? `${path}.${index}` : String(index));
      if (found) return found;
    }
    return null;
  }
  // Only what a body parser makes (plain objects): a page's body is a stream, scanned elsewhere.
  if (value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value))) {
    for (const [key, item] of Object.entries(value)) {
      // A key is text too, and may end up in a query.
      if (key.includes('\u0000')) return path || 'body';
      const found = nulField(item, path ? `${path}.${key}` : key);
      if (found) return found;
    }
  }
  return null;
}

export function refuseNul(request: FastifyRequest, reply: FastifyReply, field: string) {
  const message = String(translator(requestLocale(request))('validation.controlChar'));
  if (request.url.startsWith('/api/')) {
    return reply.code(400).header('cache-control', 'no-store').send({ error: 'validation', message, fields: { [field]: message } });
  }
  return reply.code(400).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send(message);
}

export const nulGuard = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (ENCODED_NUL.test(request.url)) return refuseNul(request, reply, request.url.includes('?') && ENCODED_NUL.test(request.url.slice(request.url.indexOf('?'))) ? 'query' : 'path');
  });
  // Parsed bodies (the API's JSON); page bodies stay streams and are scanned as they arrive.
  app.addHook('preValidation', async (request, reply) => {
    const field = nulField(request.body);
    if (field) return refuseNul(request, reply, field);
  });
});
