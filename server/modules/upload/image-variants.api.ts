import type { FastifyInstance } from 'fastify';
import { currentUserPlugin } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';

export { mediaUrl } from '#common/media-url.ts';

const STORE_ID = /^[1-9]\d{0,9}$/;
const FILE = /^w(\d{3,4})\.webp$/;

/**
 * The images of stores, for shoppers and the dashboard alike. The address names the upload's
 * random id, which a new image always changes, so a published store's response never goes stale
 * and may be cached for a year as immutable. Anything that is not exactly a store's variant, or an
 * unpublished store's for someone other than its owner and staff, is the same plain 404.
 */
export async function mediaRoutes(app: FastifyInstance, { services }: { services: Services }) {
  await app.register(currentUserPlugin, { services });
  app.get<{ Params: { storeId: string; uploadId: string; file: string } }>('/media/:storeId/:uploadId/:file', async (request, reply) => {
    const { storeId, uploadId, file } = request.params;
    const width = FILE.exec(file)?.[1];
    // The session is read only for a store that is not public (its owner's dashboard, staff).
    const viewer = () => request.currentUser();
    const found = STORE_ID.test(storeId) && width
      ? await services.uploads.readImageVariant({ storeId: Number(storeId), uploadId, width: Number(width), viewer }).catch(() => null)
      : null;
    if (!found) return reply.code(404).header('cache-control', 'no-store').header('content-type', 'text/plain; charset=utf-8').send('Not found');
    return reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      // An unpublished store's image is for the signed-in few who may see it: no cache keeps it.
      .header('cache-control', found.shown === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store')
      .send(found.body);
  });
}
