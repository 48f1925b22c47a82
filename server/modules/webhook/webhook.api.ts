import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdSchema } from '#common/record-id.ts';
import { WEBHOOK_DELIVERY_STATES, WEBHOOK_ENDPOINT_MAX, WebhookEndpointInputSchema } from '#common/webhook.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { IdParams } from '#server/api/params.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

// `/api/v1/webhooks` (issue 38 §5): the store's webhook endpoints, their deliveries with each
// attempt, a test event and a redelivery. Owners and administrators (area `webhooks` of the
// permission matrix, decided by `requireStore`). docs/webhooks.md tells integrators how to verify.

const Endpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.string()).describe('The event types it receives'),
  enabled: z.boolean(),
  state: z.enum(['enabled', 'disabled', 'failing']).describe('`failing`: turned off by the sender after three days of failed deliveries'),
  failingSince: z.string().nullable().describe('The first failure since its last success (ISO 8601); null while it answers'),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const Secret = z.string().describe('The signing secret, `whsec_` and base64 (Standard Webhooks): answered only here, once');

const Attempt = z.object({
  id: z.number().int(),
  attemptedAt: z.string(),
  durationMs: z.number().int(),
  status: z.number().int().nullable().describe('The HTTP status answered; null when none came (timeout, refused address, connection error)'),
  responseSnippet: z.string().describe('The first 1 KB of the answer'),
  error: z.string().nullable(),
});

const Delivery = z.object({
  id: z.number().int(),
  eventId: z.number().int().describe('Sent as `webhook-id`: `evt_` and this number, the same on every try and redelivery'),
  eventType: z.string(),
  resourceKey: z.string(),
  manual: z.boolean().describe('A test event or a redelivery'),
  state: z.enum(WEBHOOK_DELIVERY_STATES),
  nextAttemptAt: z.string(),
  lastStatus: z.number().int().nullable(),
  lastAttemptAt: z.string().nullable(),
  createdAt: z.string(),
  attempts: z.array(Attempt),
});

const Input = WebhookEndpointInputSchema.extend({
  url: z.string().max(2000).describe('https:// (http:// to this machine only where the server allows it); private, loopback, link-local and metadata addresses are refused'),
});

export async function webhookApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['webhooks'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/webhooks', {
    schema: { tags, summary: "My store's webhook endpoints", response: { 200: z.object({ rows: z.array(Endpoint.extend({ lastAttemptAt: z.string().nullable(), lastStatus: z.number().int().nullable() })) }), 403: ErrorBody, 409: ErrorBody } },
    handler: async (request) => ({ rows: (await services.webhooks.listEndpoints(request.store!)).map(({ lastState: _, ...row }) => row) }),
  });

  api.post('/webhooks', {
    schema: {
      tags,
      summary: 'Add a webhook endpoint; its signing secret is answered once',
      description: `At most ${WEBHOOK_ENDPOINT_MAX} a store. Keep the secret: it is never answered again (rotate it for a new one).`,
      body: Input,
      response: { 201: z.object({ endpoint: Endpoint, secret: Secret }), 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await services.webhooks.createEndpoint(request.store!, request.body)),
  });

  api.get('/webhooks/:id', {
    schema: { tags, summary: 'One webhook endpoint', params: IdParams, response: { 200: Endpoint, 403: ErrorBody, 404: ErrorBody } },
    handler: async (request) => services.webhooks.getEndpoint(request.store!, request.params.id),
  });

  api.put('/webhooks/:id', {
    schema: { tags, summary: "Change a webhook endpoint's URL, events or state", params: IdParams, body: Input, response: { 200: Endpoint, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    handler: async (request) => services.webhooks.updateEndpoint(request.store!, request.params.id, request.body),
  });

  api.delete('/webhooks/:id', {
    schema: { tags, summary: 'Delete a webhook endpoint with its deliveries', params: IdParams, response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody } },
    handler: async (request, reply) => {
      await services.webhooks.deleteEndpoint(request.store!, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post('/webhooks/:id/secret', {
    schema: { tags, summary: "Rotate a webhook endpoint's signing secret; the new one is answered once", params: IdParams, response: { 200: z.object({ secret: Secret }), 403: ErrorBody, 404: ErrorBody } },
    handler: async (request) => services.webhooks.rotateSecret(request.store!, request.params.id),
  });

  api.post('/webhooks/:id/test', {
    schema: { tags, summary: 'Send a webhook endpoint a `webhook.test` event', params: IdParams, response: { 202: z.object({ eventId: z.number().int() }), 403: ErrorBody, 404: ErrorBody } },
    handler: async (request, reply) => reply.code(202).send(await services.webhooks.sendTestEvent(request.store!, request.params.id)),
  });

  api.get('/webhooks/:id/deliveries', {
    schema: {
      tags,
      summary: "A webhook endpoint's deliveries, newest first, each with its attempts",
      params: IdParams,
      querystring: z.object({ before: recordIdSchema().optional().describe('The next page: deliveries older than this id') }),
      response: { 200: z.object({ rows: z.array(Delivery) }), 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (request) => ({ rows: await services.webhooks.listDeliveries(request.store!, request.params.id, { beforeId: request.query.before }) }),
  });

  api.post('/webhooks/:id/deliveries/:deliveryId/redeliver', {
    schema: {
      tags,
      summary: 'Send a delivery again, under the same `webhook-id`',
      params: z.object({ id: recordIdSchema(), deliveryId: recordIdSchema() }),
      response: { 202: z.object({ deliveryId: z.number().int() }), 403: ErrorBody, 404: ErrorBody },
    },
    handler: async (request, reply) => reply.code(202).send(await services.webhooks.redeliver(request.store!, request.params.id, request.params.deliveryId)),
  });
}
