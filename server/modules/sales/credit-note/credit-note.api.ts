import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '#common/record-id.ts';
import { CreditNoteInputSchema } from '#common/schemas/credit-note.ts';
import { SRI_STATUSES } from '#common/schemas/invoice.ts';
import { ErrorBody, requestLocale } from '#server/api/api-errors.ts';
import { SriStatus } from '#server/modules/sales/invoice/invoice.api.ts';
import { contentDisposition } from '#server/modules/upload/upload.api.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';
import type { CreditNoteRow } from './credit-note-document.ts';
import { notFound } from '#server/errors.ts';

// `/api/v1/invoices/{invoiceId}/credit-notes`: the credit notes of one of the own store's invoices
// (issue 37 §7, §10), over the same service as the order page. Under /invoices, so an accountant's
// `invoices` token reaches them (decision 069).

const InvoiceParams = z.object({ invoiceId: recordIdSchema() });
const NoteParams = z.object({ invoiceId: recordIdSchema(), id: recordIdSchema() });

const CreditNoteSummary = z.object({
  id: z.number(),
  number: z.string().describe('`001-001-000000123` in the store’s credit-note series'),
  invoiceId: z.number(),
  orderId: z.number(),
  accessKey: z.string().describe('SRI’s 49-digit clave de acceso (document type 04)'),
  environment: z.number().describe('1 tests, 2 production'),
  reason: z.string().describe('SRI’s motivo'),
  restocked: z.boolean().describe('Whether the credited units went back to stock'),
  baseCents: z.number(),
  taxCents: z.number(),
  totalCents: z.number().describe('SRI’s valorModificacion'),
  issuedAt: z.string(),
  sriStatus: SriStatus,
  authorizationNumber: z.string().nullable().describe('SRI’s number once authorized, else null'),
  authorizedAt: z.string().nullable().describe('When SRI authorized it, else null'),
});

const CreditNote = CreditNoteSummary.extend({
  lines: z.array(z.object({
    orderLineId: z.number().nullable().describe('null: the order’s shipping'),
    code: z.string(), name: z.string(), quantity: z.number(), unitPriceCents: z.number(), discountCents: z.number(), baseCents: z.number(), taxBp: z.number(), taxCents: z.number(),
  })),
});

const IssueBody = CreditNoteInputSchema.omit({ invoiceId: true });

/** A note as the API shows it: SRI's state as the invoice's enum (the column holds only SRI_STATUSES). */
const toSummary = (row: CreditNoteRow) => ({ ...row, restocked: row.restocked === 1, sriStatus: row.sriStatus as (typeof SRI_STATUSES)[number] });

export async function creditNoteApi(app: FastifyInstance, { services: { creditNotes } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  /** The note, when it is of this invoice; another invoice's or store's is not found. */
  const noteOf = async (store: Parameters<typeof creditNotes.getCreditNote>[0], invoiceId: number, id: number) => {
    const doc = await creditNotes.getCreditNote(store, id);
    if (doc.note.invoiceId !== invoiceId) throw notFound();
    return doc;
  };

  api.get('/invoices/:invoiceId/credit-notes', {
    schema: { tags, summary: 'The credit notes of one of my store’s invoices, oldest first', params: InvoiceParams, response: { 200: z.array(CreditNoteSummary), 404: ErrorBody } },
    handler: async (request) => (await creditNotes.creditNotesOfInvoice(request.store!, request.params.invoiceId)).map(toSummary),
  });

  api.post('/invoices/:invoiceId/credit-notes', {
    schema: {
      tags,
      summary: 'Issue a credit note of one of my store’s invoices',
      description: 'Credits `quantity` units of each order line listed (at most what is left to credit of it) and the shipping when `shipping` is true, with the store’s next credit-note number. `restock` returns the units to stock. 409 when more units are asked than are left, the shipping was credited already, or nothing is asked.',
      params: InvoiceParams,
      body: IssueBody,
      response: { 201: z.object({ id: z.number(), number: z.string() }), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await creditNotes.issueCreditNote(request.store!, { userId: request.user!.id }, { ...request.body, invoiceId: request.params.invoiceId })),
  });

  api.get('/invoices/:invoiceId/credit-notes/:id', {
    schema: { tags, summary: 'One credit note with its lines', params: NoteParams, response: { 200: CreditNote, 404: ErrorBody } },
    handler: async (request) => {
      const doc = await noteOf(request.store!, request.params.invoiceId, request.params.id);
      return { ...toSummary(doc.note), lines: doc.lines };
    },
  });

  api.get('/invoices/:invoiceId/credit-notes/:id/xml', {
    schema: {
      tags,
      operationId: 'get_credit_note_xml',
      summary: 'A credit note as SRI’s notaCredito XML (schema 1.1.0)',
      params: NoteParams,
      produces: ['application/xml'],
      response: { 200: z.string().describe('The XML file'), 404: ErrorBody },
    },
    handler: async (request, reply) => {
      await noteOf(request.store!, request.params.invoiceId, request.params.id);
      const { fileName, xml } = await creditNotes.getCreditNoteXml(request.store!, request.params.id);
      return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', contentDisposition(fileName, 'attachment')).send(xml);
    },
  });

  api.get('/invoices/:invoiceId/credit-notes/:id/pdf', {
    schema: {
      tags,
      operationId: 'get_credit_note_pdf',
      summary: 'A credit note as a PDF laid out like SRI’s RIDE, in the caller’s language',
      params: NoteParams,
      produces: ['application/pdf'],
      response: { 200: z.string().describe('The PDF file'), 404: ErrorBody },
    },
    handler: async (request, reply) => {
      await noteOf(request.store!, request.params.invoiceId, request.params.id);
      const { fileName, pdf } = await creditNotes.getCreditNotePdf(request.store!, request.params.id, requestLocale(request));
      return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(fileName, 'attachment')).send(pdf as unknown as string); // the 200 is documented as the file
    },
  });
}
