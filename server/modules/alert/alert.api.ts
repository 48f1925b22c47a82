import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '#server/api/params.ts';
import { alertStatus } from '#common/enums/casillero.ts';
import { AlertInputSchema, AlertListParameters, AlertListQuery } from '#common/schemas/casillero.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';


const Alert = z.object({
  id: z.number(),
  trackingNumber: z.string(),
  carrier: z.string(),
  store: z.string(),
  content: z.string(),
  declaredValueCents: z.number(),
  expectedDate: z.string().nullable(),
  status: alertStatus.schema(),
  packageId: z.number().nullable(),
  invoiceUploadId: z.string().nullable(),
  createdAt: z.string(),
});


/** Alerts of the logged-in client: the same service, rules and owner scoping as /alert. */
export async function alertApi(app: FastifyInstance, { services: { alerts } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['alerts'];
  api.addHook('preHandler', requireUser);

  api.get('/alerts', {
    schema: {
      tags,
      summary: 'List my alerts',
      querystring: AlertListParameters,
      response: { 200: z.object({ rows: z.array(Alert), total: z.number(), page: z.number(), pages: z.number() }) },
    },
    handler: async (request) => {
      return alerts.listAlerts({ userId: request.user!.id }, AlertListQuery.parse(request.query));
    },
  });

  api.post('/alerts', {
    schema: { tags, summary: 'Pre-alert a purchase', body: AlertInputSchema, response: { 201: z.object({ id: z.number() }) } },
    handler: async (request, reply) => {
      const id = await alerts.createAlert({ userId: request.user!.id }, request.body);
      return reply.code(201).send({ id });
    },
  });

  api.get('/alerts/:id', {
    schema: { tags, summary: 'One of my alerts', params: IdParams, response: { 200: Alert } },
    handler: async (request) => (await alerts.getAlert({ userId: request.user!.id, id: request.params.id })).alert,
  });

  api.put('/alerts/:id', {
    schema: { tags, summary: 'Change a pending alert', params: IdParams, body: AlertInputSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await alerts.updateAlert({ userId: request.user!.id, id: request.params.id }, request.body);
      return reply.code(204).send(null);
    },
  });

  api.delete('/alerts/:id', {
    schema: { tags, summary: 'Delete a pending alert', params: IdParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await alerts.deleteAlert({ userId: request.user!.id, id: request.params.id });
      return reply.code(204).send(null);
    },
  });
}
