import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '#server/api/params.ts';
import { consolidationStatus } from '#common/enums/casillero.ts';
import { ConsolidationInputSchema, ConsolidationListParameters, ConsolidationListQuery, ConsolidationStatusInputSchema } from '#common/schemas/consolidation.ts';
import { requireStaff, requireUser } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';

const Status = consolidationStatus.schema();

const Consolidation = z.object({
  id: z.number(),
  status: Status,
  deliveryAddress: z.string(),
  notes: z.string(),
  totalWeightLb: z.number(),
  billableWeightLb: z.number(),
  declaredValueCents: z.number(),
  costCents: z.number(),
  // Measured when the warehouse packs the box; null until then.
  finalWeightLb: z.number().nullable(),
  finalCostCents: z.number().nullable(),
  outboundTracking: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

const Package = z.object({
  id: z.number(),
  trackingNumber: z.string(),
  carrier: z.string(),
  store: z.string(),
  weightLb: z.number(),
  lengthCm: z.number(),
  widthCm: z.number(),
  heightCm: z.number(),
  declaredValueCents: z.number(),
  status: z.string(),
});

const Event = z.object({ status: Status, note: z.string(), createdAt: z.string() });

const ConsolidationDetail = Consolidation.extend({ packages: z.array(Package), events: z.array(Event) });
const StaffConsolidation = Consolidation.extend({ client: z.object({ lockerCode: z.string().nullable(), name: z.string() }) });
const StaffConsolidationDetail = ConsolidationDetail.extend({ client: StaffConsolidation.shape.client, next: z.array(Status) });

const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number(), page: z.number(), pages: z.number() });

const toClient = (row: { lockerCode: string | null; name: string; lastname: string }) => ({ lockerCode: row.lockerCode, name: `${row.name} ${row.lastname}`.trim() });


/** Consolidations: the client's own (same service, rules and owner scoping as /consolidate) and the back office's. */
export async function consolidationApi(app: FastifyInstance, { services: { consolidations } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['consolidations'];
  api.addHook('preHandler', requireUser);

  api.get('/consolidations', {
    schema: { tags, summary: 'List my consolidations', querystring: ConsolidationListParameters, response: { 200: page(Consolidation) } },
    handler: async (request) => {
      return consolidations.listConsolidations({ userId: request.user!.id }, ConsolidationListQuery.parse(request.query));
    },
  });

  api.post('/consolidations', {
    schema: { tags, summary: 'Ask to ship one or more of my warehouse packages (one ships on its own)', body: ConsolidationInputSchema, response: { 201: z.object({ id: z.number() }) } },
    handler: async (request, reply) => {
      const id = await consolidations.createConsolidation({ userId: request.user!.id }, request.body);
      return reply.code(201).send({ id });
    },
  });

  api.get('/consolidations/:id', {
    schema: { tags, summary: 'One of my consolidations, with its packages and events', params: IdParams, response: { 200: ConsolidationDetail } },
    handler: async (request) => {
      const { consolidation, packages, events } = await consolidations.getConsolidation({ userId: request.user!.id, id: request.params.id });
      return { ...consolidation, packages, events };
    },
  });

  api.post('/consolidations/:id/cancel', {
    schema: { tags, summary: 'Cancel a requested consolidation; its packages go back to the warehouse', params: IdParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await consolidations.cancelConsolidation({ userId: request.user!.id, id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  const staffTags = ['back office'];

  api.get('/admin/consolidations', {
    preHandler: requireStaff,
    schema: { tags: staffTags, summary: "All clients' consolidations (staff)", querystring: ConsolidationListParameters, response: { 200: page(StaffConsolidation) } },
    handler: async (request) => {
      const result = await consolidations.listAllConsolidations(ConsolidationListQuery.parse(request.query));
      return { ...result, rows: result.rows.map((row) => ({ ...row, client: toClient(row) })) };
    },
  });

  api.get('/admin/consolidations/:id', {
    preHandler: requireStaff,
    schema: { tags: staffTags, summary: 'Any consolidation, with its client and next states (staff)', params: IdParams, response: { 200: StaffConsolidationDetail } },
    handler: async (request) => {
      const { consolidation, packages, events, next } = await consolidations.getConsolidationForStaff({ id: request.params.id });
      return { ...consolidation, packages, events, client: toClient(consolidation), next };
    },
  });

  api.post('/admin/consolidations/:id/status', {
    preHandler: requireStaff,
    schema: { tags: staffTags, summary: 'Move a consolidation to its next state, with a note for the client and the final weight, cost (USD) and outbound tracking (required to ship) (staff)', params: IdParams, body: ConsolidationStatusInputSchema, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await consolidations.changeConsolidationStatus({ id: request.params.id }, request.body);
      return reply.code(204).send(null);
    },
  });
}
