import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STORE_STYLES } from '#common/enums/store.ts';
import { StoreDesignSchema } from '#common/schemas/store.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';
import { ErrorBody } from '#server/api/api-errors.ts';

const Logo = z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number().int(), url: z.string().describe('Where the owner reads the file') });
const Design = z.object({
  logo: Logo.nullable(),
  style: z.number().int().min(1).max(6).describe('1 warm, 2 cold, 3 nature, 4 minimalist, 5 dark, 6 vintage'),
  styleName: z.enum(STORE_STYLES),
});

/** `/api/v1/store/design`: the own store's logo and style, over the same service as /store/design. */
export async function storeDesignApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/store/design', {
    schema: { tags, summary: 'My store’s logo and style', response: { 200: Design, 409: ErrorBody } },
    handler: async (request) => services.stores.getDesign(request.store!),
  });

  api.put('/store/design', {
    schema: {
      tags,
      summary: 'Set my store’s logo and style',
      description:
        'Upload the logo first (`POST /api/v1/uploads`, `purpose=logo`, PNG, JPEG, WebP or AVIF up to 15 MB), then send its id here: it is checked by content ' +
        'and scaled down to fit 620×150. `logo: null` removes the logo; the replaced or removed file is deleted.',
      body: StoreDesignSchema,
      response: { 200: Design, 400: ErrorBody, 409: ErrorBody },
    },
    handler: async (request) => services.stores.updateDesign(request.store!, request.body),
  });
}
