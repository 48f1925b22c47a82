import type { FastifyInstance, FastifyRequest } from 'fastify';
import { isLocale, type Locale } from '#common/locale.ts';
import { requestLocale } from './api-errors.ts';
import { apiGuideFor } from './api-guide.ts';
import { type ApiDocument, apiDocsPage } from './api-docs-page.ts';
import { localizedSummary } from './api-summaries.ts';

/** The reader's language: `?lang=` (the page's language links), else the `lang` cookie or Accept-Language. */
function docsLocale(request: FastifyRequest): Locale {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  return isLocale(asked) ? asked : requestLocale(request);
}

/**
 * The OpenAPI document in the reader's language: its guide for people and its operations' summaries
 * (issue 20 §7); the operations themselves are the same in both. The guide's examples name
 * PUBLIC_URL, never the request's Host header, which a shared cache could be poisoned with.
 */
export function localizedDocument(document: ApiDocument, locale: Locale, publicUrl: string): ApiDocument {
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path,
      Object.fromEntries(Object.entries(item).map(([method, op]) => [method, op && typeof op === 'object' && typeof op.summary === 'string' ? { ...op, summary: localizedSummary(op.summary, locale) } : op])),
    ]),
  );
  return { ...document, info: { ...document.info, description: apiGuideFor(locale, publicUrl) }, paths };
}

/**
 * `/api/docs`: the document at `/api/docs/json`, and a page for people that reads it (decision 052,
 * in place of Swagger UI): server-rendered, no script, in the reader's language.
 */
export async function apiDocsRoutes(app: FastifyInstance, { publicUrl }: { publicUrl: string }) {
  const documentFor = (request: FastifyRequest) => localizedDocument(app.swagger() as unknown as ApiDocument, docsLocale(request), publicUrl);
  app.get('/api/docs/json', async (request, reply) => reply.header('vary', 'accept-language, cookie').send(documentFor(request)));
  const page = async (request: FastifyRequest, reply: import('fastify').FastifyReply) => {
    const locale = docsLocale(request);
    return reply.type('text/html; charset=utf-8').header('vary', 'accept-language, cookie').header('content-language', locale).send(apiDocsPage(documentFor(request), locale));
  };
  app.get('/api/docs', page);
  app.get('/api/docs/', page);
}
