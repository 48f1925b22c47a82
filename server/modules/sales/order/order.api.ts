import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { orderStatus } from '#common/enums/sales-order.ts';
import { OrderListParameters, OrderStatusInputSchema, orderListFromApi } from '#common/schemas/sales-order.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { IdParams } from '#server/api/params.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

const Status = orderStatus.schema();

// Money in integer cents and rates in basis points (decision 052).
const OrderRow = z.object({
  id: z.number(),
  number: z.number(),
  customerId: z.number(),
  status: Status,
  paymentMethod: z.string(),
  paymentState: z.string().describe('Where its payment stands: pending, authorized, paid, failed, expired, partially_refunded or refunded'),
  totalCents: z.number(),
  name: z.string(),
  email: z.string(),
  createdAt: z.string(),
});

const Line = z.object({
  position: z.number(),
  productId: z.number().nullable(),
  variantId: z.number().nullable(),
  name: z.string(),
  sku: z.string(),
  unitPriceCents: z.number(),
  quantity: z.number(),
  discountCents: z.number(),
  baseCents: z.number(),
  taxBp: z.number().describe('The rate its IVA was reckoned at, in basis points: 1500 is 15 %'),
  ivaCode: z.string().describe("SRI's IVA code it was sold at (codigoPorcentaje): '4' 15 %, '5' 5 %, '0' 0 %, '6' not subject, '7' exempt"),
  taxCents: z.number(),
});

const Event = z.object({ status: Status, note: z.string(), userId: z.number().nullable(), userName: z.string().nullable(), createdAt: z.string() });

const OrderDetail = OrderRow.extend({
  code: z.string(),
  locale: z.string(),
  couponCode: z.string(),
  subtotalCents: z.number(),
  discountCents: z.number(),
  taxCents: z.number().describe("All the order's IVA: its lines' and its shipping's"),
  shippingCents: z.number().describe('Shipping before IVA'),
  shippingIvaCode: z.string().describe("SRI's IVA code shipping was charged at, frozen at checkout"),
  shippingTaxCents: z.number().describe("Shipping's IVA (within taxCents)"),
  phone: z.string(),
  documentType: z.string().describe("The buyer's SRI type, frozen at checkout: cedula (05), ruc (04), passport (06), foreign (08), final (07, consumidor final, number 9999999999999)"),
  documentNumber: z.string(),
  address: z.string(),
  city: z.string(),
  province: z.string(),
  canton: z.string().describe("The delivery's canton; '' for an order placed before shipping zones"),
  shippingName: z.string().describe("The shipping option as sold (a rate's name, or pickup's); '' for a store's flat fee"),
  shippingPickup: z.boolean().describe('Collected in the store: nothing ships to the address'),
  notes: z.string(),
  updatedAt: z.string(),
  lines: z.array(Line),
  events: z.array(Event),
  next: z.array(Status),
});

const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number(), page: z.number(), pages: z.number() });

/** The owner's orders of their store: the same service, rules and store scoping as /sales/order. */
export async function orderApi(app: FastifyInstance, { services: { orders } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/orders', {
    schema: { tags, operationId: 'list_orders', summary: "My store's orders, newest first: by status, customer, day range and total range (cents), or a number", querystring: OrderListParameters, response: { 200: page(OrderRow) } },
    handler: async (request) => orders.listOrders(request.store!, orderListFromApi(request.query)),
  });

  api.get('/orders/:id', {
    schema: { tags, operationId: 'get_order', summary: 'One order of my store with its lines, history and the states it may move to', params: IdParams, response: { 200: OrderDetail, 404: ErrorBody } },
    handler: async (request) => {
      const { order, lines, events, next } = await orders.getOrder(request.store!, request.params.id);
      return { ...order, shippingPickup: order.shippingPickup === 1, lines, events, next: [...next] };
    },
  });

  api.post('/orders/:id/status', {
    schema: {
      tags,
      operationId: 'change_order_status',
      summary: 'Move an order on (pending → paid → shipped → delivered) or cancel it while pending or paid (its stock and coupon use come back); the buyer gets an e-mail',
      params: IdParams,
      body: OrderStatusInputSchema,
      response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => {
      await orders.changeOrderStatus(request.store!, { userId: request.user!.id }, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  });
}
