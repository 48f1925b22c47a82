import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { StoreSalesSchema } from '#common/schemas/store-sales.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

// `/api/v1/store/sales` (issue 23 §2): the store's payment, shipping and tax settings, the same
// service as `/store/payments`. Money in cents and the IVA rate in basis points (decision 052);
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
  ivaBp: z.number().describe('The IVA rate in basis points: 1500 is 15 %'),
  sriEnvironment: z.number().describe("SRI's environment the invoices are made for: 1 tests, 2 production"),
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
