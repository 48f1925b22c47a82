import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NewStoreSchema } from '#common/schemas/store.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

const Store = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  section: z.string(),
  description: z.string(),
  published: z.boolean(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
});
const ErrorBody = z.object({ error: z.string(), message: z.string(), fields: z.record(z.string(), z.string()).optional() });

/** The caller's own store: read it, or open it. Store-owned resources hang below it (decision 025). */
export async function storeApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);

  api.get('/store', {
    schema: { tags, summary: 'My store', response: { 200: Store, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request) => services.stores.getStore(request.store!),
  });

  api.post('/store', {
    schema: { tags, summary: 'Open my store (one per account)', body: NewStoreSchema, response: { 201: z.object({ id: z.number() }), 400: ErrorBody, 409: ErrorBody } },
    handler: async (request, reply) => reply.code(201).send({ id: await services.stores.createStore({ userId: request.user!.id }, request.body) }),
  });
}
