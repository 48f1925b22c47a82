import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PickupInputSchema, RateInputSchema, ZoneInputSchema } from '#common/schemas/shipping.ts';
import { RATE_KINDS } from '#common/shipping-rates.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { IdParams } from '#server/api/params.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

// `/api/v1/store/shipping` (issue 40 §1, decision 090): the store's shipping zones, their rates and
// pickup in the store, the same service as the `/store/shipping` screen. Money in cents, weight in
// grams, provinces by their ISO 3166-2:EC code without "EC-" (common/ecuador-places.ts).

const Bracket = z.object({
  upTo: z.number().int().nullable().describe('Inclusive upper limit: cents for a rate by total, grams for one by weight; null: no limit (a flat rate has one bracket, null)'),
  priceCents: z.number().int(),
});
const Rate = z.object({
  id: z.number().int(),
  zoneId: z.number().int(),
  name: z.string().describe('What shoppers see and the order keeps as `shippingName`'),
  kind: z.enum(RATE_KINDS),
  brackets: z.array(Bracket),
  daysMin: z.number().int(),
  daysMax: z.number().int(),
  freeFromCents: z.number().int().nullable().describe('Free once the goods (after discounts, before IVA) reach this; null: never free'),
});
const Zone = z.object({
  id: z.number().int(),
  name: z.string(),
  places: z.array(z.object({ province: z.string().describe("The province's code: 'P' Pichincha, 'W' Galápagos…"), cantons: z.array(z.string()).describe('Some of its cantons by name; empty: the whole province') })),
  rates: z.array(Rate.omit({ zoneId: true })),
});
const Pickup = z.object({ enabled: z.boolean(), address: z.string(), instructions: z.string() });
const Shipping = z.object({ zones: z.array(Zone), pickup: Pickup });

export async function shippingApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);
  const { shipping } = services;

  api.get('/store/shipping', {
    schema: { tags, summary: "My store's shipping zones with their rates, and pickup in store (cents, grams)", response: { 200: Shipping, 403: ErrorBody, 409: ErrorBody } },
    handler: async (request) => {
      const [zones, pickup] = await Promise.all([shipping.listZones(request.store!), shipping.loadPickup(request.store!)]);
      return { zones, pickup };
    },
  });

  api.post('/store/shipping/zones', {
    schema: { tags, summary: 'Add a shipping zone: a name and its provinces (some cantons of a province if wanted)', body: ZoneInputSchema, response: { 201: Zone, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody } },
    handler: async (request, reply) => reply.code(201).send(await shipping.createZone(request.store!, request.body)),
  });

  api.put('/store/shipping/zones/:id', {
    schema: { tags, summary: "Change a shipping zone's name and provinces", params: IdParams, body: ZoneInputSchema, response: { 200: Zone, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    handler: async (request) => shipping.updateZone(request.store!, request.params.id, request.body),
  });

  api.delete('/store/shipping/zones/:id', {
    schema: { tags, summary: 'Delete a shipping zone with its rates', params: IdParams, response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody } },
    handler: async (request, reply) => {
      await shipping.deleteZone(request.store!, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.post('/store/shipping/zones/:id/rates', {
    schema: { tags, summary: 'Add a rate to a shipping zone: flat, by order total or by weight (cents, grams)', params: IdParams, body: RateInputSchema, response: { 201: Rate, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody } },
    handler: async (request, reply) => reply.code(201).send(await shipping.createRate(request.store!, request.params.id, request.body)),
  });

  api.put('/store/shipping/rates/:id', {
    schema: { tags, summary: 'Change a shipping rate (cents, grams)', params: IdParams, body: RateInputSchema, response: { 200: Rate, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody } },
    handler: async (request) => shipping.updateRate(request.store!, request.params.id, request.body),
  });

  api.delete('/store/shipping/rates/:id', {
    schema: { tags, summary: 'Delete a shipping rate', params: IdParams, response: { 204: z.null(), 403: ErrorBody, 404: ErrorBody } },
    handler: async (request, reply) => {
      await shipping.deleteRate(request.store!, request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.put('/store/shipping/pickup', {
    schema: { tags, summary: 'Offer pickup in store or not, with its address and instructions', body: PickupInputSchema, response: { 200: Pickup, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody } },
    handler: async (request) => shipping.savePickup(request.store!, request.body),
  });
}
