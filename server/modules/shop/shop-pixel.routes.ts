import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { runInStore } from '#server/modules/store/active-store.ts';
import type { Services } from '#server/services.ts';
import { PIXEL_FRAME_POLICY, pixelFrameDocument } from './shop-pixel.ts';
import { findShopScripts } from './shop-pixel.repository.ts';
import * as shop from './shop.service.ts';

// `/shop/{slug}/pixel-frame.html`: the document the storefront frames, sandboxed by its own
// policy (shop-pixel.ts). The `.html` ending keeps it out of the language redirect (it is not a
// page a person opens). Registered inside the shop's routes, which know the current user (the
// owner's preview of an unpublished store runs its scripts too).

export function shopPixelRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { deps } = services;
  app.get<{ Params: { slug: string } }>('/shop/:slug/pixel-frame.html', async (request: FastifyRequest<{ Params: { slug: string } }>, reply) => {
    let scripts: { analyticsScript: string; pixelScript: string };
    try {
      const { scope } = await shop.resolveShopScope(deps, request.params.slug, () => request.currentUser());
      scripts = await runInStore(scope.storeId, () => findShopScripts(deps.db, scope));
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', PIXEL_FRAME_POLICY)
      .header('x-frame-options', 'SAMEORIGIN')
      .header('cache-control', 'no-cache')
      .header('x-robots-tag', 'noindex')
      .send(pixelFrameDocument(scripts));
  });
}
