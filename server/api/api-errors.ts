import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translator } from '#common/i18n/all-languages.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { isLocale, LOCALE_COOKIE, type Locale, preferredLocale } from '#common/locale.ts';
import { AppError } from '#server/errors.ts';
import { readCookie } from '#server/plugins/cookies.ts';

/** An API error answer, as `apiErrorHandler` writes it: `fields` names each wrong field of a body. */
export const ErrorBody = z.object({ error: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() });

/** The language of an API answer: the `lang` cookie, else Accept-Language, else Spanish. */
export function requestLocale(request: FastifyRequest): Locale {
  const cookie = readCookie(request.headers.cookie, LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : preferredLocale(request.headers['accept-language']);
}

/**
 * Every API error has one shape: `{ error: <message key>, message: <text in the caller's
 * language>, fields?: { name: text } }` — the same keys the pages show.
 */
export function apiErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const t = translator(requestLocale(request));
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields: Record<string, string> = {};
    for (const issue of error.validation) {
      const field = (issue.instancePath || '/body').split('/')[1] ?? 'body';
      const key = (String(issue.message).includes('.') ? issue.message : 'validation.invalid') as MessageKey;
      fields[field] ??= String(t(key));
    }
    return reply.code(400).send({ error: 'validation', message: String(t('record.createError')), fields });
  }
  if (error instanceof AppError) {
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    const message = String(t(error.status === 404 ? 'error.notFound' : error.code, { path: request.url.split('?')[0], minutes: Math.ceil((error.retryAfterSeconds ?? 60) / 60), ...error.vars } as never));
    return reply.code(error.status).send({ error: error.status === 404 ? 'not_found' : error.code, message, ...(error.field ? { fields: { [error.field]: message } } : {}) });
  }
  if (error.statusCode === 413) {
    // A body over its route's limit (a CSV import, say): PRODUCT §7's "file size" message.
    return reply.code(413).send({ error: 'too_large', message: String(t('upload.fileSize')) });
  }
  if (error.statusCode && error.statusCode < 500) {
    return reply.code(error.statusCode).send({ error: error.code ?? 'bad_request', message: String(t('error.generic')) });
  }
  request.log.error({ err: error }, 'API failure');
  return reply.code(500).send({ error: 'internal', message: String(t('error.generic')) });
}
