import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_CERTIFICATE_BYTES, MAX_CERTIFICATE_PASSWORD } from '#common/upload-limits.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { AppError } from '#server/errors.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

// `/api/v1/store/certificate` (issue 37 §5): the owner's signing certificate — upload or replace
// it (multipart: `file`, `password`), see what it is, remove it. No route answers its bytes or its
// password: what is answered is the holder, the issuer, the serial and the dates. The page's
// section (app/routes/store/certificate-section.tsx) calls these same routes: a .p12 is binary,
// and page forms refuse binary bodies (server/plugins/page-bodies.ts).

export const CERTIFICATE_PATH = '/store/certificate';

const CertificateView = z.object({
  holder: z.string().describe("The certificate's holder (its subject's common name)"),
  issuer: z.string().describe('The accredited entity that issued it'),
  serial: z.string().describe('Its serial number, in decimal'),
  notBefore: z.string().describe('Valid from (ISO 8601)'),
  notAfter: z.string().describe('Valid until (ISO 8601): the desk warns 30 days before'),
  uploadedAt: z.string(),
});

export async function sriCertificateApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);
  // Only here: the rest of /api/v1 takes JSON. The limits refuse anything that is not one small
  // file and one short field while it streams.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_CERTIFICATE_BYTES + 1, files: 1, fields: 2, fieldSize: MAX_CERTIFICATE_PASSWORD * 4, parts: 3, headerPairs: 20 },
  });

  api.get(CERTIFICATE_PATH, {
    schema: { tags, summary: "My store's signing certificate: holder, issuer and dates (never the file)", response: { 200: CertificateView, 404: ErrorBody, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request) => {
      const certificate = await services.sriCertificates.getCertificate(request.store!);
      if (!certificate) throw new AppError('error.generic', 404);
      return certificate;
    },
  });

  api.put(CERTIFICATE_PATH, {
    schema: {
      tags,
      summary: "Upload or replace my store's signing certificate",
      description:
        `multipart/form-data with \`file\` (the .p12/.pfx of an accredited entity, at most ${MAX_CERTIFICATE_BYTES / 1024} KB, checked by its content) and \`password\`. ` +
        'Refused when it does not open with the password, holds no signing key with its certificate, or is not valid today. ' +
        'Kept encrypted; the password is never answered or logged.',
      consumes: ['multipart/form-data'],
      response: { 200: CertificateView, 400: ErrorBody, 409: ErrorBody, 413: ErrorBody },
    },
    preHandler: requireStore,
    handler: async (request) => {
      let file: Buffer | undefined;
      let password: string | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const data = await part.toBuffer();
            if (part.fieldname === 'file' && !file) file = data;
          } else if (part.fieldname === 'password' && typeof part.value === 'string') {
            password = part.value;
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('sriCertificate.tooLarge', 413, { field: 'file', vars: { size: `${MAX_CERTIFICATE_BYTES / 1024} KB` } });
        // busboy's own errors (no boundary, a body cut short, too many parts): the client's bad body.
        if (error instanceof AppError) throw error;
        throw new AppError('upload.incomplete', 400);
      }
      if (!file || file.length === 0) throw new AppError('sriCertificate.fileMissing', 400, { field: 'file' });
      const certificate = await services.sriCertificates.saveCertificate(request.store!, { file, password: password ?? '' });
      // What was accepted, never the password.
      request.log.info({ storeId: request.store!.storeId, serial: certificate.serial, notAfter: certificate.notAfter }, 'signing certificate saved');
      return certificate;
    },
  });

  api.delete(CERTIFICATE_PATH, {
    schema: { tags, summary: "Remove my store's signing certificate", response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request, reply) => {
      await services.sriCertificates.removeCertificate(request.store!);
      return reply.code(204).send(null);
    },
  });
}
