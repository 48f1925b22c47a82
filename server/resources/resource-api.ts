import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '#server/api/params.ts';
import type { Resource } from '#common/resource.ts';
import { type BulkAction, MAX_BULK_IDS } from '#common/bulk.ts';
import { COUNT_CAP } from '#common/list-query.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import { formatNumber } from '#common/number-format.ts';
import type { KitService } from './kit-service.ts';
import { ErrorBody } from '#server/api/api-errors.ts';

const Created = z.object({ id: z.number() });
/** `requireUser`'s answer to a caller without a session. */
const Unauthorized = z.object({ error: z.literal('unauthorized'), message: z.string() });

/**
 * The five operations of a store-owned resource under `/api/v1` (decision 028), on the same
 * service the screens use, each described in the OpenAPI document: list (typed query string),
 * read, create, update, delete, and the list's bulk actions. The caller's own store is the scope;
 * another store's id is a 404 (in a bulk call, it is left alone and not counted).
 */
export function resourceApi(app: FastifyInstance, resource: Resource, service: KitService) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const one = resource.output;
  const tags = [resource.key];
  const errors = { 400: ErrorBody, 401: Unauthorized, 404: ErrorBody, 409: ErrorBody };
  const at = resource.apiPath;

  api.register(async (scoped) => {
    scoped.addHook('preHandler', requireUser);
    scoped.addHook('preHandler', requireStore);
    const route = scoped.withTypeProvider<ZodTypeProvider>();

    route.get(at, {
      schema: {
        tags,
        operationId: `list_${resource.key}`,
        summary: `List the ${resource.key} records of my store`,
        querystring: resource.listParameters,
        response: {
          200: z.object({
            rows: z.array(one),
            total: z.number().describe(`Records matching, counted up to ${formatNumber(COUNT_CAP, 'en')}; see \`capped\``),
            page: z.number(),
            pages: z.number(),
            capped: z.boolean().describe('The count stopped at `total`: there are more records, and `pages` reaches one past this page while rows remain'),
            next: z.number().nullable().describe('Where the next page starts: send it as `after` with `page` + 1 to get that page through the index, as fast however deep. Null on the last page, and in a search of up to 1,000 matches (its pages are picked among them, as fast at any depth).'),
          }),
          ...errors,
        },
      },
      handler: async (request) => {
        const page = await service.list(request.store!, resource.listQuery.parse(request.query));
        return { ...page, next: page.next ?? null };
      },
    });
    route.post(at, {
      schema: { tags, operationId: `create_${resource.key}`, summary: `Create a ${resource.key}`, body: resource.apiInput, response: { 201: Created, ...errors } },
      handler: async (request, reply) => reply.code(201).send({ id: await service.create(request.store!, resource.fromApi(request.body as Record<string, unknown>)) }),
    });
    route.post(`${at}/bulk`, {
      schema: {
        tags,
        operationId: `bulk_${resource.key}`,
        summary: `Act on many ${resource.key} records at once`,
        description: `One of ${resource.bulkActions.join(', ')} on 1–${MAX_BULK_IDS} records of my store, all or nothing. Ids of other stores are left alone; \`changed\` counts the records changed, and none at all is a 404.`,
        body: resource.bulkBody,
        response: { 200: z.object({ action: z.enum(resource.bulkActions as [BulkAction, ...BulkAction[]]), changed: z.number().int() }), ...errors },
      },
      handler: async (request) => service.bulk(request.store!, request.body as { action: BulkAction; ids: number[] }),
    });
    route.get(`${at}/:id`, {
      schema: { tags, operationId: `get_${resource.key}`, summary: `One ${resource.key} of my store`, params: IdParams, response: { 200: one, ...errors } },
      handler: async (request) => service.get(request.store!, request.params.id),
    });
    route.put(`${at}/:id`, {
      schema: { tags, operationId: `update_${resource.key}`, summary: `Change a ${resource.key}`, params: IdParams, body: resource.apiInput, response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await service.update(request.store!, request.params.id, resource.fromApi(request.body as Record<string, unknown>));
        return reply.code(204).send(null);
      },
    });
    route.delete(`${at}/:id`, {
      schema: { tags, operationId: `delete_${resource.key}`, summary: `Delete a ${resource.key}`, params: IdParams, response: { 204: z.null(), ...errors } },
      handler: async (request, reply) => {
        await service.remove(request.store!, request.params.id);
        return reply.code(204).send(null);
      },
    });
  });
}
