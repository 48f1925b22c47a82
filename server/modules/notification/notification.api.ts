import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '#server/api/params.ts';
import { AppError } from '#server/errors.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';

const Notification = z.object({
  id: z.number(),
  kind: z.string(),
  params: z.record(z.string(), z.unknown()),
  link: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});

/** The bell's data for other clients (mobile apps): the latest items, unread count, mark read. */
export async function notificationApi(app: FastifyInstance, { services: { notifications } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['notifications'];
  api.addHook('preHandler', requireUser);

  api.get('/notifications', {
    schema: { tags, summary: 'My latest notifications', response: { 200: z.object({ unread: z.number(), rows: z.array(Notification) }) } },
    handler: async (request) => {
      const owner = { userId: request.user!.id };
      const [rows, unread] = await Promise.all([notifications.listNotifications(owner, 50), notifications.countUnread(owner)]);
      return {
        unread,
        rows: rows.map((row) => ({ id: row.id, kind: row.kind, params: JSON.parse(row.params) as Record<string, unknown>, link: row.link, readAt: row.readAt, createdAt: row.createdAt })),
      };
    },
  });

  api.post('/notifications/:id/read', {
    schema: { tags, summary: 'Mark one notification read', params: IdParams, response: { 200: z.object({ link: z.string() }) } },
    handler: async (request) => {
      const link = await notifications.openNotification({ userId: request.user!.id, id: request.params.id });
      if (!link) throw new AppError('error.generic', 404);
      return { link };
    },
  });

  api.post('/notifications/read-all', {
    schema: { tags, summary: 'Mark every notification read', response: { 204: z.null() } },
    handler: async (request, reply) => {
      await notifications.markAllRead({ userId: request.user!.id });
      return reply.code(204).send(null);
    },
  });
}
