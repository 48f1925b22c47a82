import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PlanInputSchema, StoreListApiQuery, StorePlanSchema } from '#common/schemas/plan.ts';
import { IdParams } from '#server/api/params.ts';
import { AppError } from '#server/errors.ts';
import { requireStaff, requireUser } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';
import { runAs } from '#server/tenancy/actor.ts';
import { ErrorBody } from '#server/api/api-errors.ts';

const Plan = z.object({
  id: z.number(),
  name: z.string().describe('The name in Spanish'),
  nameEn: z.string().describe('The name in English; empty for a plan not yet translated (English pages show `name`)'),
  priceCents: z.number(),
  maxProducts: z.number(),
  maxBanners: z.number(),
  maxPages: z.number(),
  features: z.array(z.string()).describe('The features in Spanish'),
  featuresEn: z.array(z.string()).describe('The features in English'),
  isDefault: z.boolean(),
});
const AdminPlan = Plan.extend({ stores: z.number(), createdAt: z.string(), updatedAt: z.string() });
const StoreRow = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  published: z.boolean(),
  expiresAt: z.string().nullable(),
  planId: z.number().nullable(),
  planName: z.string().nullable(),
  planNameEn: z.string().nullable(),
  ownerId: z.number(),
  ownerName: z.string(),
  ownerLastname: z.string(),
  ownerEmail: z.string(),
  ownerLocker: z.string().nullable(),
  createdAt: z.string(),
});
const StoreDetail = StoreRow.extend({ section: z.string(), description: z.string(), rating: z.number(), maxProducts: z.number().nullable(), maxBanners: z.number().nullable(), maxPages: z.number().nullable() });

/** preHandler after `requireUser`: admin-only operations do not exist for anyone else (404, as the admin-only pages). */
async function requireAdmin(request: FastifyRequest) {
  if (request.user?.role !== 'admin') throw new AppError('error.generic', 404);
}


/**
 * Plans (any logged-in user reads them: the owner compares them), the admin's plan CRUD, and the
 * back office's stores (staff read, the admin sets plan and expiration). Same services as the pages.
 */
export async function planApi(app: FastifyInstance, { services: { plans, stores, storeScopes } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', requireUser);

  api.get('/plans', {
    schema: { tags: ['plans'], summary: 'The plans a store can have', response: { 200: z.object({ rows: z.array(Plan) }) } },
    handler: async () => ({ rows: await plans.listPlans() }),
  });

  const admin = { tags: ['back office'] };
  api.get('/admin/plans', {
    preHandler: requireAdmin,
    schema: { ...admin, summary: 'Every plan with its number of stores (admin)', response: { 200: z.object({ rows: z.array(AdminPlan) }) } },
    handler: async () => ({ rows: await plans.listPlansWithUsage() }),
  });

  api.post('/admin/plans', {
    preHandler: requireAdmin,
    schema: { ...admin, summary: 'Create a plan (admin)', body: PlanInputSchema, response: { 201: z.object({ id: z.number() }), 400: ErrorBody, 409: ErrorBody } },
    handler: async (request, reply) => reply.code(201).send({ id: await plans.createPlan(request.body) }),
  });

  api.get('/admin/plans/:id', {
    preHandler: requireAdmin,
    schema: { ...admin, summary: 'One plan (admin)', params: IdParams, response: { 200: Plan, 404: ErrorBody } },
    handler: async (request) => plans.getPlan(request.params.id),
  });

  api.put('/admin/plans/:id', {
    preHandler: requireAdmin,
    schema: { ...admin, summary: 'Change a plan; marking it default unmarks the other (admin)', params: IdParams, body: PlanInputSchema, response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody, 409: ErrorBody } },
    handler: async (request, reply) => {
      await plans.updatePlan(request.params.id, request.body);
      return reply.code(204).send(null);
    },
  });

  api.delete('/admin/plans/:id', {
    preHandler: requireAdmin,
    schema: { ...admin, summary: 'Delete a plan no store uses, not the default (admin)', params: IdParams, response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody } },
    handler: async (request, reply) => {
      await plans.deletePlan(request.params.id);
      return reply.code(204).send(null);
    },
  });

  api.get('/admin/stores', {
    preHandler: requireStaff,
    schema: { ...admin, summary: 'Every store, paged, with search and filters (staff)', querystring: StoreListApiQuery, response: { 200: z.object({ rows: z.array(StoreRow), total: z.number(), page: z.number(), pages: z.number() }) } },
    handler: async (request) => {
      const { q = '', page = 1, sort = 'created', dir = 'desc', ...filters } = request.query;
      return stores.listStoresForStaff({ q, page, sort, dir, ...filters });
    },
  });

  api.get('/admin/stores/:id', {
    preHandler: requireStaff,
    schema: { ...admin, summary: 'One store with its owner and plan (staff)', params: IdParams, response: { 200: StoreDetail, 404: ErrorBody } },
    handler: async (request) => stores.getStoreForStaff(await storeScopes.staffStoreScope(request.params.id)),
  });

  api.put('/admin/stores/:id/plan', {
    preHandler: [requireStaff, requireAdmin],
    schema: { ...admin, summary: 'Set a store’s plan and expiration (admin)', params: IdParams, body: StorePlanSchema, response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody } },
    handler: async (request, reply) => {
      const user = request.user!;
      const scope = await storeScopes.staffStoreScope(request.params.id);
      // The change is the back office's: the store's activity log names the admin as staff (issue 38 §4).
      await runAs({ kind: 'staff', userId: user.id, name: user.name }, () => stores.setStorePlan(scope, { role: user.role }, request.body));
      return reply.code(204).send(null);
    },
  });
}
