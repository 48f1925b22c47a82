import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Addresses that were published under an old name keep working (decision 049): a product's
 * variants were "subproducts" in PRODUCT §3's screen paths and in the first API. A page answers 301
 * (the browser shows the new address), the API 308 (the method and body are sent again).
 */
const RENAMED: { from: RegExp; to: string; status: 301 | 308 }[] = [
  { from: /^(\/en)?\/catalog\/subproduct(?=\/|$)/, to: '$1/catalog/variant', status: 301 },
  { from: /^\/api\/v1\/subproducts(?=\/|$)/, to: '/api/v1/variants', status: 308 },
  { from: /^(\/api\/v1\/products\/[^/]+)\/subproducts$/, to: '$1/variants', status: 308 },
];

export const renamedPaths = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    const [path = '/', query] = request.url.split(/\?(.*)/s, 2);
    for (const rename of RENAMED) {
      if (!rename.from.test(path)) continue;
      const target = path.replace(rename.from, rename.to);
      return reply.redirect(query === undefined ? target : `${target}?${query}`, rename.status);
    }
  });
});
