import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteStoreSchema, NewStoreSchema, SlugAvailabilitySchema, STORE_SECTION_SCHEMAS, type StoreSectionName } from '#common/schemas/store.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';
import { ErrorBody } from '#server/api/api-errors.ts';

const Expiry = z.object({ expiresAt: z.string().nullable(), daysLeft: z.number().nullable(), status: z.enum(['none', 'ok', 'soon', 'expired']) });
const PlanSummary = z.object({ id: z.number(), name: z.string(), priceCents: z.number(), maxProducts: z.number(), maxBanners: z.number(), maxPages: z.number(), features: z.array(z.string()) });
const Store = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  section: z.string(),
  description: z.string(),
  published: z.boolean(),
  rating: z.number(),
  logo: z.string().nullable(),
  style: z.number(),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  plan: PlanSummary.nullable(),
  usage: z.object({ products: z.number(), banners: z.number(), pages: z.number() }),
  expiry: Expiry,
  state: z.enum(['published', 'unpublished', 'expired']),
});
const text = z.string();
/** What GET/PUT answer per section: the columns the form edits (settings also shows the permanent slug). */
const SECTION_VALUES = {
  settings: z.object({ published: z.boolean(), section: text, name: text, description: text, slug: text }),
  marketing: z.object({ facebook: text, instagram: text, tiktok: text, x: text, youtube: text, whatsapp: text }),
  contact: z.object({ contactEmail: text, contactPhone: text, contactAddress: text, contactState: text, contactCity: text, contactZip: text, contactCountry: text }),
  analytics: z.object({ keywords: text, analyticsScript: text, pixelScript: text }),
} as const satisfies Record<StoreSectionName, z.ZodType>;
const SECTION_SUMMARY: Record<StoreSectionName, string> = {
  settings: 'publishing, type, name and description',
  marketing: 'social links and WhatsApp',
  contact: 'contact details',
  analytics: 'keywords and the analytics/pixel scripts (returned to the owner only)',
};

/** The caller's own store: read it, or open it. Store-owned resources hang below it (decision 025). */
export async function storeApi(app: FastifyInstance, { services }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  api.addHook('preHandler', requireUser);

  api.get('/store', {
    schema: { tags, summary: 'My store', response: { 200: Store, 409: ErrorBody } },
    preHandler: requireStore,
    handler: async (request) => services.stores.getStoreHome(request.store!),
  });

  api.get('/store/slug', {
    schema: { tags, summary: 'Is this store address free? (the new-store form\'s live check)', querystring: z.object({ slug: z.string().max(200) }), response: { 200: SlugAvailabilitySchema } },
    handler: async (request) => services.stores.slugAvailability(request.query.slug),
  });

  for (const section of Object.keys(STORE_SECTION_SCHEMAS) as StoreSectionName[]) registerStoreSection(api, services, section);

  api.post('/store', {
    schema: { tags, summary: 'Open my store (one per account)', body: NewStoreSchema, response: { 201: z.object({ id: z.number() }), 400: ErrorBody, 409: ErrorBody } },
    handler: async (request, reply) => reply.code(201).send({ id: await services.stores.createStore({ userId: request.user!.id }, request.body) }),
  });

  // ---- delete (colleague "delete") ----
  api.delete('/store', {
    schema: {
      tags,
      summary: 'Delete my store and everything it owns (type its slug and your password)',
      body: DeleteStoreSchema,
      response: { 204: z.null(), 400: ErrorBody, 409: ErrorBody },
    },
    preHandler: requireStore,
    handler: async (request, reply) => {
      await services.stores.deleteStore(request.store!, request.body);
      return reply.code(204).send(null);
    },
  });
}

/**
 * GET and PUT `/store/{section}` for one of the four store forms: the same section schema and
 * services as the page (`app/routes/store/section.server.ts`). Unknown keys (a slug, a store id) are
 * dropped by the schema; the store is always the caller's own.
 */
function registerStoreSection(api: FastifyInstance, services: Services, section: StoreSectionName) {
  const typed = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['store'];
  const response = { 200: SECTION_VALUES[section], 409: ErrorBody };
  typed.get(`/store/${section}`, {
    schema: { tags, summary: `My store: ${SECTION_SUMMARY[section]}`, response },
    preHandler: requireStore,
    handler: async (request) => services.stores.getStoreSection(request.store!, section),
  });
  typed.put(`/store/${section}`, {
    schema: { tags, summary: `Change my store's ${SECTION_SUMMARY[section]}`, body: STORE_SECTION_SCHEMAS[section], response: { ...response, 400: ErrorBody } },
    preHandler: requireStore,
    handler: async (request) => {
      await services.stores.updateStoreSection(request.store!, section, request.body as never);
      return services.stores.getStoreSection(request.store!, section);
    },
  });
}
