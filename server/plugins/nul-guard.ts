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

/**
 * How deep an API body may nest. Ours nest two or three levels; the limit only has to stop a body
 * like `[` × 100,000, which parses (JSON.parse is iterative) but overflowed the stack of a
 * recursive walk, a 500 on every JSON operation (issue 21).
 */
export const MAX_BODY_DEPTH = 32;

/** What is wrong with a parsed body: a NUL in a field's text (a dotted path), or too deep a nesting. */
export type BodyProblem = { nul: string } | { tooDeep: true };

/**
 * The first problem of a parsed body, walked with a stack of its own (never recursion, whatever
 * the input), in document order.
 */
export function bodyProblem(body: unknown): BodyProblem | null {
  const stack: { value: unknown; path: string; depth: number }[] = [{ value: body, path: '', depth: 0 }];
  while (stack.length > 0) {
    const { value, path, depth } = stack.pop()!;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return { nul: path || 'body' };
      continue;
    }
    const array = Array.isArray(value);
    // Only what a body parser makes (plain objects): a page's body is a stream, scanned elsewhere.
    if (!array && !(value && typeof value === 'object' && [Object.prototype, null].includes(Object.getPrototypeOf(value)))) continue;
    if (depth >= MAX_BODY_DEPTH) return { tooDeep: true };
    const entries = array ? (value as unknown[]).map((item, index) => [String(index), item] as const) : Object.entries(value as object);
    // A key is text too, and may end up in a query.
    if (!array && entries.some(([key]) => key.includes('\u0000'))) return { nul: path || 'body' };
    // Pushed last to first, so the first field is looked at first.
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, item] = entries[index]!;
      stack.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return null;
}

export function refuseNul(request: FastifyRequest, reply: FastifyReply, field: string, key: 'validation.controlChar' | 'validation.tooDeep' = 'validation.controlChar') {
  const message = String(translator(requestLocale(request))(key, { max: MAX_BODY_DEPTH } as never));
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
    const problem = bodyProblem(request.body);
    if (problem && 'nul' in problem) return refuseNul(request, reply, problem.nul);
    if (problem) return refuseNul(request, reply, 'body', 'validation.tooDeep');
  });
});
