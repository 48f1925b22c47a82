import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { OFFERED_IVA_CODES } from '#common/iva.ts';
import { StoreSalesSchema } from '#common/schemas/store-sales.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

// `/api/v1/store/sales` (issue 23 §2): the store's payment, shipping and tax settings, the same
// service as `/store/payments`. Money in cents (decision 052), shipping's IVA as SRI's code;
// the answer to a GET can be PUT back unchanged.

/** What is answered: the stored settings as they are (a fresh store's defaults have no RUC yet). */
const SalesSettingsView = z.object({
  cashOnDelivery: z.boolean(),
  bankTransfer: z.boolean(),
  bankName: z.string(),
  bankAccountType: z.string().describe("'savings', 'checking', or '' while bank transfer is off"),
  bankAccountNumber: z.string(),
  bankAccountHolder: z.string(),
  shippingFeeCents: z.number().describe('The shipping fee in cents: 350 is USD 3.50'),
  freeShippingFromCents: z.number().nullable().describe('Orders whose goods reach this amount ship free, in cents; null: never free'),
  ruc: z.string(),
  businessName: z.string(),
  establishment: z.string(),
  emissionPoint: z.string(),
  shippingIvaCode: z.enum(OFFERED_IVA_CODES).describe("Shipping's IVA, SRI's code (codigoPorcentaje): '4' 15 % (the default), '5' 5 %, '0' 0 %, '7' exempt, '6' not subject"),
  sriEnvironment: z.number().describe("SRI's environment the invoices are made for: 1 tests, 2 production"),
  headOfficeAddress: z.string().describe("The head office's address (SRI's dirMatriz); required to invoice"),
  establishmentAddress: z.string().describe("The invoicing establishment's address (SRI's dirEstablecimiento); required to invoice"),
  accountingObligated: z.enum(['', 'yes', 'no']).describe("Whether the store must keep accounts (SRI's obligadoContabilidad); '' until said, required to invoice"),
  rimpe: z.enum(['none', 'emprendedor', 'negocio_popular']).describe("The store's RIMPE regime: the invoice says CONTRIBUYENTE RÉGIMEN RIMPE or CONTRIBUYENTE NEGOCIO POPULAR - RÉGIMEN RIMPE"),
  withholdingAgent: z.string().describe("The withholding agent resolution's number (SRI's agenteRetencion, 1–8 digits); '' when none"),
});

export async function storeSalesApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);
  const view = async (scope: Parameters<Services['storeSales']['loadStoreSales']>[0]) => SalesSettingsView.parse(await services.storeSales.loadStoreSales(scope));

  api.get('/store/sales', {
    schema: { tags, summary: 'My store: payments, shipping and invoicing (money in cents)', response: { 200: SalesSettingsView, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request) => view(request.store!),
  });

  api.put('/store/sales', {
    schema: { tags, summary: "Change my store's payments, shipping and invoicing (money in cents)", body: StoreSalesSchema, response: { 200: SalesSettingsView, 400: ErrorBody, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request) => SalesSettingsView.parse(await services.storeSales.saveStoreSales(request.store!, request.body)),
  });
}
