import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IVA_TABLE, type IvaCode } from '#common/iva.ts';
import { InvoiceListQuerySchema, IssueInvoiceSchema, SRI_STATUSES } from '#common/schemas/invoice.ts';
import { ErrorBody, requestLocale } from '#server/api/api-errors.ts';
import { IdParams } from '#server/api/params.ts';
import { contentDisposition } from '#server/modules/upload/upload.api.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';
import type { InvoiceDocument } from './invoice-document.ts';

export const SriStatus = z.enum(SRI_STATUSES).describe('`issued` → `signed` (the store’s certificate) → `received` (SRI’s reception) → `authorized` | `rejected` (returned, or not authorized)');

const InvoiceSummary = z.object({
  id: z.number(),
  number: z.string().describe('`001-001-000000123`: establishment, emission point, sequence'),
  issuedAt: z.string(),
  buyerName: z.string(),
  buyerDocumentNumber: z.string(),
  totalCents: z.number(),
  sriStatus: SriStatus,
  orderId: z.number(),
});

/** Any code of SRI's table: an old invoice may carry one no longer offered (12 %). */
const IvaCodeOut = z.enum(Object.keys(IVA_TABLE) as [IvaCode, ...IvaCode[]]).describe("SRI's IVA code (codigoPorcentaje, Tabla 17): '4' 15 %, '5' 5 %, '0' 0 %, '6' not subject, '7' exempt, '2' 12 % (old invoices)");

const Line = z.object({
  code: z.string(), name: z.string(), quantity: z.number(), unitPriceCents: z.number(), discountCents: z.number(),
  baseCents: z.number(), ivaCode: IvaCodeOut, taxBp: z.number().describe('The rate its IVA was reckoned at, in basis points'), taxCents: z.number(), shipping: z.boolean(),
});

const Invoice = InvoiceSummary.extend({
  accessKey: z.string().describe('SRI’s 49-digit clave de acceso'),
  environment: z.number().describe('1 tests, 2 production'),
  establishment: z.string(),
  emissionPoint: z.string(),
  sequence: z.number(),
  ruc: z.string(),
  businessName: z.string(),
  buyerDocumentType: z.string(),
  buyerEmail: z.string(),
  buyerAddress: z.string(),
  subtotalCents: z.number(),
  discountCents: z.number(),
  baseTaxedCents: z.number().describe('The base taxed at a rate above 0 %'),
  baseZeroCents: z.number().describe('The base without IVA: at 0 %, exempt and not subject'),
  taxCents: z.number(),
  shippingCents: z.number().describe('Shipping before IVA; its IVA is in its line (`shipping: true`)'),
  authorizationNumber: z.string().nullable().describe('SRI’s numeroAutorizacion, once authorized'),
  authorizedAt: z.string().nullable().describe('SRI’s fechaAutorizacion, once authorized'),
  sriMessageId: z.string().nullable().describe('SRI’s last message identifier (`35` structure, `39` signature, `43` key registered, `45` sequence registered, `70` in process…)'),
  sriMessage: z.string().nullable().describe('SRI’s own text of that message'),
  sriMessageDetail: z.string().nullable().describe('SRI’s informacionAdicional'),
  sriMessageType: z.string().nullable().describe('ERROR, ADVERTENCIA or INFORMATIVO'),
  sriWaiting: z.enum(['certificate', 'unreachable', 'processing']).nullable().describe('Why it waits: no usable certificate, SRI unreachable (retried), SRI still processing (asked again)'),
  sriNextAttemptAt: z.string().nullable(),
  sriAttempts: z.number(),
  lines: z.array(Line),
  bases: z.array(z.object({ ivaCode: IvaCodeOut, taxBp: z.number(), baseCents: z.number(), taxCents: z.number() })).describe("One per SRI IVA code, as the XML's totalConImpuestos"),
});

const PageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number(), page: z.number(), pages: z.number() });

const toInvoice = (doc: InvoiceDocument) => ({
  ...doc.invoice,
  sriStatus: doc.invoice.sriStatus as (typeof SRI_STATUSES)[number],
  sriWaiting: doc.invoice.sriWaiting as 'certificate' | 'unreachable' | 'processing' | null,
  lines: doc.lines,
  bases: doc.bases,
});

/** `/api/v1/invoices`: the own store's SRI invoices, over the same service as /sales/invoice. */
export async function invoiceApi(app: FastifyInstance, { services: { invoices } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['invoices'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/invoices', {
    schema: {
      tags,
      summary: 'List my store’s invoices',
      description: '`q` finds a number or a buyer; `from` and `to` (`yyyy-mm-dd`, Ecuador’s calendar, inclusive) bound the issue day. Newest first.',
      querystring: InvoiceListQuerySchema,
      response: { 200: PageOf(InvoiceSummary), 409: ErrorBody },
    },
    handler: async (request) => {
      const page = await invoices.listInvoices(request.store!, request.query);
      return { ...page, rows: page.rows.map((row) => ({ ...row, sriStatus: row.sriStatus as (typeof SRI_STATUSES)[number] })) };
    },
  });

  api.post('/invoices', {
    schema: {
      tags,
      summary: 'Issue the invoice of one of my orders',
      description: 'Takes the store’s next invoice number. 409 for a cancelled order, an order that already has its invoice, or while the store’s RUC or business name is missing.',
      body: IssueInvoiceSchema,
      response: { 201: z.object({ id: z.number(), number: z.string() }), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await invoices.issueInvoice(request.store!, request.body)),
  });

  api.get('/invoices/:id', {
    schema: { tags, summary: 'One of my store’s invoices, with its lines and IVA bases', params: IdParams, response: { 200: Invoice, 404: ErrorBody, 409: ErrorBody } },
    handler: async (request) => toInvoice(await invoices.getInvoice(request.store!, request.params.id)),
  });

  api.get('/invoices/:id/xml', {
    schema: {
      tags,
      operationId: 'get_invoice_xml',
      summary: 'An invoice as SRI’s XML: authorized, signed or unsigned',
      description: 'Once SRI authorized the invoice, SRI’s authorized file (`<autorizacion>` with estado, numeroAutorizacion, fechaAutorizacion, ambiente, and the comprobante exactly as SRI returned it); once signed, the signed factura as sent; before, the unsigned factura (schema 1.1.0).',
      params: IdParams,
      produces: ['application/xml'],
      response: { 200: z.string().describe('The XML file'), 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => {
      const { fileName, xml } = await invoices.getInvoiceXml(request.store!, request.params.id);
      return reply.header('content-type', 'application/xml; charset=utf-8').header('content-disposition', contentDisposition(fileName, 'attachment')).send(xml);
    },
  });

  api.get('/invoices/:id/pdf', {
    schema: {
      tags,
      operationId: 'get_invoice_pdf',
      summary: 'An invoice as a PDF laid out like SRI’s RIDE, in the caller’s language',
      params: IdParams,
      produces: ['application/pdf'],
      response: { 200: z.string().describe('The PDF file'), 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => {
      const { fileName, pdf } = await invoices.getInvoicePdf(request.store!, request.params.id, requestLocale(request));
      return reply.header('content-type', 'application/pdf').header('content-disposition', contentDisposition(fileName, 'attachment')).send(pdf as unknown as string); // the 200 is documented as the file
    },
  });
}
