import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody } from '#server/api/api-errors.ts';
import { AppError } from '#server/errors.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

// `/api/v1/store/domain` (issue 41 §5, decision 100): the store's own domain — name it, read the
// DNS records to make, ask for the check, remove it. The dashboard's page calls the same service.

export const DOMAIN_PATH = '/store/domain';

const DnsRecord = z.object({ type: z.string(), name: z.string(), value: z.string().nullable().describe('null while the platform has no PUBLIC_IPV4 for an A record') });
const DomainView = z.object({
  id: z.number().int(),
  host: z.string().describe('Lowercase, in punycode, without a port'),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  pointer: DnsRecord.describe('The record that sends the host here: a CNAME to the platform for www. hosts, an A record otherwise'),
  verification: DnsRecord.describe('The TXT record that proves the domain is the store’s'),
});
const DomainInput = z.object({ host: z.string().max(300).describe('e.g. www.tiendademaria.ec') });
const DomainId = z.object({ id: z.coerce.number().int().positive() });

export async function domainApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);

  api.get(DOMAIN_PATH, {
    schema: { tags, summary: "My store's own domain and the DNS records to make", response: { 200: DomainView, 404: ErrorBody, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request) => {
      const domain = await services.domains.getStoreDomain(request.store!);
      if (!domain) throw new AppError('domain.notFound', 404);
      return domain;
    },
  });

  api.post(DOMAIN_PATH, {
    schema: { tags, summary: 'Add my store’s own domain (one per store)', body: DomainInput, response: { 201: DomainView, 400: ErrorBody, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request, reply) => reply.code(201).send(await services.domains.addStoreDomain(request.store!, request.body.host)),
  });

  api.post(`${DOMAIN_PATH}/:id/verify`, {
    schema: { tags, summary: 'Check my domain’s TXT record now; verified once it is seen', params: DomainId, response: { 200: DomainView, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request) => services.domains.verifyStoreDomain(request.store!, request.params.id),
  });

  api.delete(`${DOMAIN_PATH}/:id`, {
    schema: { tags, summary: 'Remove my store’s own domain', params: DomainId, response: { 204: z.null(), 404: ErrorBody, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request, reply) => {
      await services.domains.removeStoreDomain(request.store!, request.params.id);
      return reply.code(204).send(null);
    },
  });
}
