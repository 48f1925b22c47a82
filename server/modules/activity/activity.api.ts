import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ActivityApiParameters, activityQueryFromApi } from '#common/activity.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

const Entry = z.object({
  id: z.number(),
  type: z.string().describe('The event’s type, as webhooks name it: `order.paid`, `product.updated`, `inventory.changed`…'),
  createdAt: z.string(),
  actor: z
    .object({
      kind: z.enum(['member', 'token', 'staff', 'shopper', 'system']),
      userId: z.number().nullable(),
      tokenId: z.number().nullable(),
      name: z.string().describe('The member’s or staff’s name as it was then; empty for a shopper or the system'),
      tokenName: z.string().nullable(),
    })
    .describe('Who did it: a member, a member’s access token, Tiendabox staff, a shopper or the app itself'),
  resource: z
    .object({
      kind: z.string(),
      id: z.number().nullable(),
      label: z.string().describe('The record’s name as it was then'),
      opens: z.object({ kind: z.string(), id: z.number().nullable() }).describe('The record whose page shows it: itself, or a variant’s product, a credit note’s order'),
      exists: z.boolean().describe('Whether that record is still there'),
    })
    .describe('The record it happened to'),
  changes: z.array(z.tuple([z.string(), z.unknown(), z.unknown()])).describe('Each tracked field that changed: `[field, before, after]` (money in cents)'),
});

const Page = z.object({ rows: z.array(Entry), total: z.number(), page: z.number(), pages: z.number(), capped: z.boolean() });

/**
 * `/api/v1/activity`: the store's audit log, read-only (issue 38 §4). No operation changes or
 * deletes an entry: only the retention prune removes them.
 */
export async function activityApi(app: FastifyInstance, { services: { activity } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['activity'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/activity', {
    schema: {
      tags,
      operationId: 'list_activity',
      summary: "My store's activity log, newest first: by person, kind and day range",
      description: 'Who did what, when, to which record, and the before and after of each changed field. Entries are kept a year (the server’s ACTIVITY_RETENTION_DAYS) and cannot be changed.',
      querystring: ActivityApiParameters,
      response: { 200: Page, 400: ErrorBody, 409: ErrorBody },
    },
    handler: async (request) => {
      const { rows, total, page, pages, capped } = await activity.listActivity(request.store!, activityQueryFromApi(request.query));
      return { rows, total, page, pages, capped };
    },
  });
}
