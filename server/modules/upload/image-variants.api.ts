import type { FastifyInstance } from 'fastify';
import type { Services } from '#server/services.ts';

export { mediaUrl } from '#common/media-url.ts';

const STORE_ID = /^[1-9]\d{0,9}$/;
const FILE = /^w(\d{3,4})\.webp$/;

/**
 * The public images of stores, for shoppers and the dashboard alike. The address names the upload's
 * random id, which a new image always changes, so a response never goes stale and may be cached for
 * a year as immutable. Anything that is not exactly a store's variant is the same plain 404.
 */
export async function mediaRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.get<{ Params: { storeId: string; uploadId: string; file: string } }>('/media/:storeId/:uploadId/:file', async (request, reply) => {
    const { storeId, uploadId, file } = request.params;
    const width = FILE.exec(file)?.[1];
    const body = STORE_ID.test(storeId) && width
      ? await services.uploads.readImageVariant({ storeId: Number(storeId), uploadId, width: Number(width) }).catch(() => null)
      : null;
    if (!body) return reply.code(404).header('cache-control', 'no-store').header('content-type', 'text/plain; charset=utf-8').send('Not found');
    return reply
      .header('content-type', 'image/webp')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(body);
  });
}
