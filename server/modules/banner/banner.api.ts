import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordIdNumber } from '#common/record-id.ts';
import { IdParams } from '#server/api/params.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';
import { ErrorBody } from '#server/api/api-errors.ts';


/** Beside the kit's five operations (resource-api.ts): the banners' order, by drag and drop or by one step. */
export async function bannerApi(app: FastifyInstance, { services }: { services: Services }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const banners = services.resources.banner;
  route.addHook('preHandler', requireUser);
  route.addHook('preHandler', requireStore);
  route.put('/banners/order', {
    schema: {
      tags: ['banner'],
      operationId: 'order_banner',
      summary: 'Put my store’s banners in this order (first shown first; banners left out follow)',
      body: z.object({ ids: z.array(recordIdNumber()).min(1).max(1000) }),
      response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (request, reply) => {
      await banners.reorder(request.store!, request.body.ids);
      return reply.code(204).send(null);
    },
  });
  route.post('/banners/:id/move', {
    schema: {
      tags: ['banner'],
      operationId: 'move_banner',
      summary: 'Move one banner a step up or down, or to just before another banner',
      params: IdParams,
      body: z.union([z.object({ direction: z.enum(['up', 'down']) }), z.object({ before: recordIdNumber() })]),
      response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody },
    },
    handler: async (request, reply) => {
      await banners.move(request.store!, request.params.id, request.body);
      return reply.code(204).send(null);
    },
  });
}
