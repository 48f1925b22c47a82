import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '#server/errors.ts';
import { runInStore } from '#server/tenancy/active-store.ts';
import type { Services } from '#server/services.ts';
import { PIXEL_FRAME_POLICY, pixelFrameDocument } from './shop-pixel.ts';

// `/shop/{slug}/pixel-frame.html`: the document the storefront frames, sandboxed by its own
// policy (shop-pixel.ts). The `.html` ending keeps it out of the language redirect (it is not a
// page a person opens). Registered inside the shop's routes, which know the current user (the
// owner's preview of an unpublished store runs its scripts too).
//
// Served only as a subframe (issue 36 §2, decision 076): opened in a tab, even sandboxed, it would
// be the merchant's page under our address (a fake login, a move elsewhere). The browser says how
// a document is wanted (`Sec-Fetch-Dest`); anything but an iframe, or no word at all, gets the same
// plain 404 as an unknown store, and `frame-ancestors 'self'` keeps other sites from framing it.

export function shopPixelRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { shop } = services;
  const notFound = (reply: FastifyReply) => reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Not found');
  app.get<{ Params: { slug: string } }>('/shop/:slug/pixel-frame.html', async (request: FastifyRequest<{ Params: { slug: string } }>, reply) => {
    // The answer depends on how the document is wanted: a cache in front must not hand the frame to a tab.
    reply.header('vary', 'Sec-Fetch-Dest');
    if (request.headers['sec-fetch-dest'] !== 'iframe') return notFound(reply);
    let scripts: { analyticsScript: string; pixelScript: string };
    try {
      const { scope } = await shop.resolveShopScope(request.params.slug, () => request.currentUser());
      scripts = await runInStore(scope.storeId, () => shop.loadShopScripts(scope));
    } catch (error) {
      if (!(error instanceof AppError) || error.status !== 404) throw error;
      return notFound(reply);
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
