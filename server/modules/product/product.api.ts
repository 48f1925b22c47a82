import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { variantResource } from '#common/resources/product.ts';
import { IdParams } from '#server/api/params.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';
import { ErrorBody } from '#server/api/api-errors.ts';

const Variant = variantResource.output.pick({ id: true, name: true, sku: true, colorId: true, sizeId: true, priceCents: true, stock: true, enabled: true });

/**
 * Beside the kit's five operations: one product's variants, as its screen lists them below the form
 * (the same service call), so a client need not page through every variant of the store.
 */
export async function productApi(app: FastifyInstance, { services }: { services: Services }) {
  const route = app.withTypeProvider<ZodTypeProvider>();
  const products = services.resources.product;
  route.addHook('preHandler', requireUser);
  route.addHook('preHandler', requireStore);
  route.get('/products/:id/variants', {
    schema: {
      tags: ['product', 'variant'],
      operationId: 'list_product_variants',
      summary: 'The variants of one product of my store, in name order',
      params: IdParams,
      response: { 200: z.object({ rows: z.array(Variant) }), 404: ErrorBody },
    },
    handler: async (request) => {
      // Another store's product is a 404 here as everywhere (decision 025).
      await products.get(request.store!, request.params.id);
      const rows = await products.related(request.store!, request.params.id);
      return { rows: rows.map((row) => ({ ...row, enabled: Boolean(row.enabled) })) };
    },
  });
}
