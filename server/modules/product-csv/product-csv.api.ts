import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { translator } from '#common/i18n/all-languages.ts';
import { requestLocale } from '#server/api/api-errors.ts';
import { contentDisposition } from '#server/modules/upload/upload.api.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';
import { Readable, Transform } from 'node:stream';
import { CSV_ENCODINGS } from './csv-text.ts';
import { MAX_CSV_BYTES, tooBigForPlan } from './csv-limits.ts';
import { CSV_COLUMNS } from './csv-columns.ts';
import type { ImportSummary } from './product-csv.service.ts';

const Counts = z.object({ create: z.number().int(), update: z.number().int(), unchanged: z.number().int() });
const Summary = z.object({
  applied: z.boolean().describe('true when the file was imported; false for a preview, or when it has problems (then nothing changed)'),
  products: Counts,
  variants: Counts,
  encoding: z.enum(CSV_ENCODINGS).describe('The encoding the file was read in: UTF-8, UTF-16 with its mark, or else Windows-1252 (what a spreadsheet on Windows saves)'),
  duplicates: z
    .array(z.object({ line: z.number().int(), name: z.string() }))
    .describe('New products named like another of the store or of the file: likely the same product imported again. Not created (nor their new variants) unless `duplicates=create`. The first 200'),
  duplicateCount: z.number().int().describe('How many likely duplicates the file has'),
  problems: z.array(
    z.object({
      line: z.number().int().describe('The line of the file, the header being line 1'),
      column: z.string().describe('The column’s name, empty for the whole file'),
      message: z.string().describe('In the caller’s language'),
      key: z.string().describe('The message key, for a client that translates itself'),
      values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    }),
  ),
});
const ErrorBody = z.object({ error: z.string(), message: z.string() });
/** `requireUser`'s answer to a caller without a session. */
const Unauthorized = z.object({ error: z.literal('unauthorized') });
const ImportQuery = z.object({
  apply: z.enum(['0', '1']).default('0').describe('1 imports the file (all or nothing); 0 only previews it'),
  duplicates: z.enum(['skip', 'create']).default('skip').describe('`create`: the likely duplicates the preview listed are new products after all, and are created'),
});

/**
 * `/api/v1/products/export` and `/api/v1/products/import`: the catalog as CSV (issue 11 §9), over
 * the service the import screen uses. The body of an import is the file itself (`text/csv`).
 */
export async function productCsvApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['product'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);
  // The file as text, only in this plugin: nowhere else does the API take CSV.
  // The bytes as sent: the service finds their encoding (issue 21 §11).
  api.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'buffer', bodyLimit: MAX_CSV_BYTES }, (_request, body, done) => done(null, body));

  api.get('/products/export', {
    schema: {
      tags,
      operationId: 'export_products',
      summary: 'My store’s products and variants as a CSV file',
      description: `Columns: ${CSV_COLUMNS.join(', ')}. One line per product, then one per variant of it.`,
      produces: ['text/csv'],
      response: { 200: z.string().describe('The CSV file'), 401: Unauthorized, 409: ErrorBody },
    },
    handler: async (request, reply) => {
      const name = `${requestLocale(request) === 'en' ? 'products' : 'productos'}-${request.store!.slug}.csv`;
      // Sent page by page as it is written (decision 044): no 30 MB string, no long hold of the process.
      const pieces = Readable.from(services.productCsvExport.exportPieces(request.store!));
      return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', contentDisposition(name, 'attachment')).send(pieces as unknown as string); // the 200 is documented as the file's text
    },
  });

  api.post('/products/import', {
    schema: {
      tags,
      operationId: 'import_products',
      summary: 'Preview or import a CSV file of products and variants',
      description: `Send the file as the body (\`Content-Type: text/csv\`, in UTF-8 or Windows-1252; up to 64 KB per product of the store's plan, at least 1 MB and at most ${MAX_CSV_BYTES / 1024 / 1024} MB: a bigger file is a 413 before it is read). With \`apply=0\` nothing changes: the answer says what would be created, updated or left alone, and lists every problem. With \`apply=1\` the file is imported in one transaction when it has no problem (200), or not at all (422).`,
      querystring: ImportQuery,
      consumes: ['text/csv'],
      body: z.unknown().describe('The CSV file, as its bytes'),
      response: { 200: Summary, 401: Unauthorized, 409: ErrorBody, 413: ErrorBody, 415: ErrorBody, 422: Summary },
    },
    // A file bigger than the store's plan can use is refused before it is read (issue 21 §1): by its
    // Content-Length at once, or, sent without one, as soon as its bytes pass the limit.
    preParsing: async (request, reply, payload) => {
      const context = await request.storeContext();
      if (!context) return payload;
      const limit = await services.productCsv.byteLimit(context.scope);
      if (Number(request.headers['content-length'] ?? 0) > limit) {
        reply.header('connection', 'close');
        throw tooBigForPlan(limit);
      }
      let seen = 0;
      return payload.pipe(
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            seen += chunk.length;
            if (seen > limit) return callback(tooBigForPlan(limit));
            callback(null, chunk);
          },
        }),
      );
    },
    // Anything but the file itself (a JSON body, a form) is refused before it is read as one.
    preValidation: async (request, reply) => {
      if (!/^text\/(csv|plain)\b/.test(String(request.headers['content-type']))) {
        return reply.code(415).send({ error: 'unsupported_media_type', message: String(translator(requestLocale(request))('productCsv.notCsv')) });
      }
    },
    handler: async (request, reply) => {
      const scope = request.store!;
      const options = { createDuplicates: request.query.duplicates === 'create' };
      const body = request.body as unknown as Buffer;
      const summary: ImportSummary = request.query.apply === '1' ? await services.productCsv.applyImport(scope, body, options) : await services.productCsv.previewImport(scope, body, options);
      const t = translator(requestLocale(request));
      const problems = summary.problems.map((problem) => ({ line: problem.line, column: problem.column, message: String(t(problem.message, problem.values as never)), key: problem.message, values: problem.values }));
      return reply.code(request.query.apply === '1' && !summary.applied ? 422 : 200).send({ ...summary, problems });
    },
  });
}
