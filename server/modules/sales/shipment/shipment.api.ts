import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ShipmentInputSchema } from '#common/schemas/shipment.ts';
import { ErrorBody, requestLocale } from '#server/api/api-errors.ts';
import { IdParams } from '#server/api/params.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

// `/api/v1/orders/{id}/shipments` (issue 40 §2): an order's shipments and a new one, over the same
// service as the order page. Under /orders, so the orders area's roles and tokens reach them.

const Shipment = z.object({
  id: z.number(),
  carrier: z.string().describe('servientrega, tramaco, laar, correos_ecuador, urbano or other'),
  carrierLabel: z.string().describe("The carrier's name in the request's language"),
  trackingNumber: z.string(),
  trackingUrl: z.string().nullable().describe("The tracking link as it was when it shipped; Tramaco's opens its page, where the number is typed"),
  linkCarriesNumber: z.boolean().describe('Whether the link names the parcel (else the number is typed on the page it opens)'),
  userId: z.number().nullable(),
  createdAt: z.string(),
  lines: z.array(z.object({ orderLineId: z.number(), position: z.number(), name: z.string(), sku: z.string(), quantity: z.number() })),
});

const Shipped = z.object({ id: z.number(), complete: z.boolean().describe('Whether every unit of the order has now shipped (the order is then shipped)') });

export async function shipmentApi(app: FastifyInstance, { services: { shipments } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/orders/:id/shipments', {
    schema: { tags, operationId: 'list_order_shipments', summary: 'The shipments of one order of my store: carrier, tracking number and link, and the units each carries', params: IdParams, response: { 200: z.array(Shipment), 404: ErrorBody } },
    handler: async (request) => shipments.listShipments(request.store!, request.params.id, requestLocale(request)),
  });

  api.post('/orders/:id/shipments', {
    schema: {
      tags,
      operationId: 'ship_order',
      summary: 'Ship a paid order of my store, whole or some lines, with a carrier and tracking number; the buyer gets an e-mail with the tracking link',
      params: IdParams,
      body: ShipmentInputSchema,
      response: { 201: Shipped, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await shipments.shipOrder(request.store!, request.params.id, request.body, { userId: request.user!.id })),
  });
}
