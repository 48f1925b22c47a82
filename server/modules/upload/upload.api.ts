import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translator } from '#common/i18n/all-languages.ts';
import { requestLocale } from '#server/api/api-errors.ts';
import { AppError } from '#server/errors.ts';
import type { Limit } from '#server/modules/rate-limit/rate-limit.service.ts';
import { currentUserPlugin, requireUser } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';
import { isUploadPurpose, MAX_IMAGE_BYTES, MAX_PDF_BYTES, MAX_UPLOAD_BYTES, UPLOAD_PURPOSES, type UploadPurpose } from './upload.service.ts';
import { KIND_TYPES, PURPOSE_BOX } from '#common/upload-limits.ts';

export const UPLOADS_PATH = '/api/v1/uploads';
/** Enough for a busy day of alerts and tickets; stops one account from filling the disk. */
const UPLOADS_PER_USER: Limit = { max: 120, windowMs: 60 * 60_000 };

function sendError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  const t = translator(requestLocale(request));
  if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
  const vars = error.retryAfterSeconds ? { minutes: Math.max(1, Math.ceil(error.retryAfterSeconds / 60)) } : {};
  const message = String(t(error.code, vars as never));
  return reply.code(error.status).header('cache-control', 'no-store').send({ error: error.code, message });
}

/** Multipart failures (busboy limits, wrong content type) as the upload messages users read. */
function fromMultipartError(error: { code?: string; statusCode?: number }): AppError | null {
  if (error.code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('upload.fileSize', 413);
  if (error.code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') return new AppError('upload.fileType', 415);
  if (error.code?.startsWith('FST_') && error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('upload.fileType', 400);
  }
  return null;
}

/** `<a name>`: ASCII fallback for old clients, the exact UTF-8 name in `filename*` (RFC 6266). */
export function contentDisposition(name: string, disposition: 'inline' | 'attachment' = 'inline'): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/**
 * Every uploaded file is served under a sandbox CSP: shown as a document of our origin, a file a
 * client wrote could otherwise run script with the session of whoever opens it (issue 9).
 */
export const UPLOAD_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";

/**
 * Images are shown inline (a sandboxed image is still an image). A PDF is always an attachment:
 * browsers' PDF viewers can run the file's JavaScript and refuse to render inside a sandbox, so
 * inline it would either run on our origin or show nothing; downloaded, it opens in the user's
 * viewer, off our origin.
 */
export function uploadDisposition(type: string, download: boolean): 'inline' | 'attachment' {
  return download || type === 'application/pdf' ? 'attachment' : 'inline';
}

// OpenAPI descriptions, in zod like every other route's; the file itself is answered as bytes.
const ERROR_BODY = z.object({ error: z.string(), message: z.string() });
// No format checks: an id that is not one is a 404, like any other upload not found.
const UPLOAD_ID = z.object({ id: z.string() });
const UPLOAD_INFO = z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number().int() });
const TAGS = ['uploads'];

/**
 * `POST /api/v1/uploads` (multipart: `file`, optional `purpose`), `GET` and `DELETE`
 * `/api/v1/uploads/:id`. Registered as its own encapsulated plugin: the multipart parser exists
 * only here. Inside the API plugin (server/api/api.ts), so the OpenAPI document describes them.
 */
export async function uploadRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { uploads, rateLimits } = services;

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(currentUserPlugin, { services });
  await app.register(fastifyMultipart, {
    // A little above the product's limit, so the service sees the file and answers its clear 413;
    // anything bigger is cut off by busboy while streaming and gets the same answer.
    limits: { fileSize: MAX_UPLOAD_BYTES + 64 * 1024, files: 1, fields: 4, fieldSize: 200, parts: 6, headerPairs: 50 },
  });

  app.setErrorHandler((error, request, reply) => {
    const known = error instanceof AppError ? error : fromMultipartError(error as { code?: string; statusCode?: number });
    if (known) return sendError(request, reply, known);
    throw error;
  });

  app.post(
    UPLOADS_PATH,
    {
      preHandler: requireUser,
      schema: {
        tags: TAGS,
        summary: 'Upload a file',
        description:
          `multipart/form-data with \`file\` (one file, checked by content: an image — PNG, JPEG, WebP or AVIF — at most ${MAX_IMAGE_BYTES / 1024 / 1024} MB, ` +
          `scaled down and stored as PNG, JPEG or WebP (an AVIF becomes a WebP); a PDF at most ${MAX_PDF_BYTES / 1024 / 1024} MB, kept as sent) and optional ` +
          `\`purpose\`: ${Object.entries(UPLOAD_PURPOSES).map(([purpose, kinds]) => `\`${purpose}\` (${kinds.join(', ')})`).join(', ')}. ` +
          'The answer names the upload; a form then refers to it by id.',
        // No body schema: it would validate the parsed body, and multipart parts are read from the
        // stream instead (the description says what they are).
        consumes: ['multipart/form-data'],
        response: { 201: UPLOAD_INFO, 400: ERROR_BODY, 413: ERROR_BODY, 415: ERROR_BODY, 429: ERROR_BODY },
      },
    },
    async (request, reply) => {
    const user = request.user!;
    const limitKey = `upload:user:${user.id}`;
    // Counted first, atomically (parallel uploads cannot all pass); only an accepted file keeps it.
    await rateLimits.takeAttempt(limitKey, UPLOADS_PER_USER);
    let accepted = false;
    try {
      let file: { name: string; data: Buffer } | undefined;
      let purpose: UploadPurpose = 'attachment';
      // Fields may come before or after the file: read every part, then decide.
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file' && !file) file = { name: part.filename, data };
          } else if (part.fieldname === 'purpose') {
            if (!isUploadPurpose(part.value)) throw new AppError('validation.invalid', 400, { field: 'purpose' });
            purpose = part.value;
          }
        }
      } catch (error) {
        // busboy's own errors (no boundary, a body cut short, a malformed part header) carry no
        // code: they are the client's bad body, a 400, not a 500 (issue 9).
        if (error instanceof AppError || (error as { code?: string }).code?.startsWith('FST_')) throw error;
        throw new AppError('upload.incomplete', 400);
      }
      if (!file || file.data.length === 0) throw new AppError('upload.missing', 400, { field: 'file' });

      const upload = await uploads.acceptUpload({ userId: user.id, name: file.name, data: file.data, kinds: UPLOAD_PURPOSES[purpose], box: PURPOSE_BOX[purpose] });
      accepted = true;
      request.log.info({ uploadId: upload.id, type: upload.type, size: upload.size, purpose }, 'upload accepted');
      return reply.code(201).header('cache-control', 'no-store').header('location', `${UPLOADS_PATH}/${upload.id}`).send(upload);
    } finally {
      if (!accepted) await rateLimits.refundAttempt(limitKey).catch(() => {});
    }
    },
  );

  const FILE_BYTES = z.string().meta({ format: 'binary' });
  const readSchema = {
    tags: TAGS,
    summary: 'Read an uploaded file',
    description: 'The file itself (PDF, PNG, JPEG or WebP), to its owner or to staff, under a sandbox CSP; a PDF is always an attachment, `download=1` asks for one for an image too.',
    params: UPLOAD_ID,
    querystring: z.object({ download: z.string().optional().describe('`1`: as an attachment') }),
    // The file's bytes, described for the document only: a Buffer reply is never serialized.
    response: { 200: { description: 'The file', content: Object.fromEntries([KIND_TYPES.pdf, KIND_TYPES.png, KIND_TYPES.jpeg, KIND_TYPES.webp].map((type) => [type, { schema: FILE_BYTES }])) }, 404: ERROR_BODY },
  };
  app.get<{ Params: { id: string }; Querystring: { download?: string } }>(`${UPLOADS_PATH}/:id`, { preHandler: requireUser, schema: readSchema }, async (request, reply) => {
    const upload = await uploads.readUpload({ uploadId: request.params.id, viewer: request.user! });
    reply
      .header('content-type', upload.type)
      .header('content-length', String(upload.size))
      .header('content-disposition', contentDisposition(upload.name, uploadDisposition(upload.type, request.query.download === '1')))
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', UPLOAD_CSP)
      .header('cache-control', 'private, max-age=3600');
    return reply.send(upload.body);
  });

  /** The upload field's "remove": only a file no record uses yet. */
  const deleteSchema = {
    tags: TAGS,
    summary: 'Remove an upload no record uses yet',
    params: UPLOAD_ID,
    response: { 204: z.null(), 404: ERROR_BODY },
  };
  app.delete<{ Params: { id: string } }>(`${UPLOADS_PATH}/:id`, { preHandler: requireUser, schema: deleteSchema }, async (request, reply) => {
    await uploads.deleteUpload({ userId: request.user!.id, uploadId: request.params.id, unclaimedOnly: true });
    return reply.code(204).send();
  });
}
