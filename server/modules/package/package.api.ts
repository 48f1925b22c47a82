import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { packageStatus } from '#common/enums/casillero.ts';
import { PackageInputSchema } from '#common/schemas/casillero.ts';
import { requireStaff, requireUser } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';


const Package = z.object({
  id: z.number(),
  trackingNumber: z.string(),
  carrier: z.string(),
  store: z.string(),
  description: z.string(),
  weightLb: z.number(),
  lengthCm: z.number(),
  widthCm: z.number(),
  heightCm: z.number(),
  declaredValueCents: z.number(),
  status: packageStatus.schema(),
  consolidationId: z.number().nullable(),
  receivedAt: z.string(),
});

/** Packages: a client reads theirs; staff register arrivals (same service as /admin/package). */
export async function packageApi(app: FastifyInstance, { services: { packages } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.addHook('preHandler', requireUser);

  api.get('/packages', {
    schema: {
      tags: ['packages'],
      summary: 'My packages, optionally by status',
      querystring: z.object({ status: packageStatus.schema().optional() }),
      response: { 200: z.object({ rows: z.array(Package) }) },
    },
    handler: async (request) => {
      return { rows: await packages.listOwnPackages({ userId: request.user!.id }, request.query.status) };
    },
  });

  api.post('/admin/packages', {
    preHandler: requireStaff,
    schema: {
      tags: ['back office'],
      summary: 'Register a package that arrived at the warehouse (staff)',
      body: PackageInputSchema,
      response: { 201: z.object({ id: z.number(), alertId: z.number().nullable() }) },
    },
    handler: async (request, reply) => {
      const { packageId, alertId } = await packages.registerPackage({ userId: request.user!.id }, request.body);
      return reply.code(201).send({ id: packageId, alertId });
    },
  });
}
