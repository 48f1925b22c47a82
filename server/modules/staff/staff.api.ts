import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORE_ROLES } from '#common/store-permissions.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

const Member = z.object({
  userId: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(STORE_ROLES),
  since: z.string().describe('When they joined (the owner: when the store opened), ISO 8601'),
  you: z.boolean().describe('Whether it is the caller'),
});

/** `/api/v1/store/members` (issue 38 §2): who works in the store, for its owner and administrators (area `staff`, read). */
export async function staffApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/store/members', {
    schema: { tags, summary: "My store's members and their roles, the owner first", response: { 200: z.object({ rows: z.array(Member) }), 403: ErrorBody, 409: ErrorBody } },
    handler: async (request) => ({ rows: await services.staff.listMembers(request.store!, { userId: request.user!.id, role: request.tenant!.role }) }),
  });
}
