import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderStatus } from '#common/enums/sales-order.ts';
import { CustomerInputSchema, CustomerListParameters, CustomerListQuery } from '#common/schemas/sales-customer.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { IdParams } from '#server/api/params.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { Services } from '#server/services.ts';

const CustomerRow = z.object({
  id: z.number(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  documentType: z.string().describe("SRI's buyer type: cedula (05), ruc (04), passport (06), foreign (08), final (07, consumidor final)"),
  documentNumber: z.string().describe('For a consumidor final, 9999999999999'),
  createdAt: z.string(),
});

const CustomerDetail = CustomerRow.extend({
  code: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  updatedAt: z.string(),
  orderCount: z.number(),
  /** The sum of the customer's orders that are not cancelled, in cents. */
  totalCents: z.number(),
  orders: z.array(z.object({ id: z.number(), number: z.number(), status: orderStatus.schema(), totalCents: z.number(), createdAt: z.string() })),
});

const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number(), page: z.number(), pages: z.number() });

/** The customers of the owner's store: the same service, rules and store scoping as /sales/customer. */
export async function customerApi(app: FastifyInstance, { services: { customers } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['customers'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  const detail = async (scope: StoreScope, id: number) => {
    const { customer, orders, orderCount, totalCents } = await customers.getCustomer(scope, id);
    const { userId: _userId, ...fields } = customer;
    return { ...fields, orderCount, totalCents, orders: orders.map(({ id, number, status, totalCents, createdAt }) => ({ id, number, status, totalCents, createdAt })) };
  };

  api.get('/customers', {
    schema: { tags, operationId: 'list_customers', summary: "My store's customers, searched by name, e-mail or document", querystring: CustomerListParameters, response: { 200: page(CustomerRow) } },
    handler: async (request) => customers.listCustomers(request.store!, CustomerListQuery.parse(request.query)),
  });

  api.get('/customers/:id', {
    schema: { tags, operationId: 'get_customer', summary: 'One customer of my store with their orders, how many and the sum of those not canceled (cents)', params: IdParams, response: { 200: CustomerDetail, 404: ErrorBody } },
    handler: async (request) => detail(request.store!, request.params.id),
  });

  api.put('/customers/:id', {
    schema: {
      tags,
      operationId: 'update_customer',
      summary: "Correct a customer's contact data (the number is checked for its type as SRI issues it; the e-mail is unique in the store)",
      params: IdParams,
      body: CustomerInputSchema,
      response: { 200: CustomerDetail, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request) => {
      await customers.updateCustomer(request.store!, request.params.id, request.body);
      return detail(request.store!, request.params.id);
    },
  });
}
