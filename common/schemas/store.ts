import { z } from 'zod';

// The new-store form, its action and the API share this schema (PRODUCT §5). Messages are i18n keys.

/**
 * Paths a store's address must not take: they name platform pages, or would pass for the
 * platform itself in a shopper's eyes.
 */
export const RESERVED_STORE_SLUGS = [
  'admin', 'api', 'app', 'assets', 'builds', 'cart', 'catalog', 'checkout', 'content', 'dashboard', 'docs', 'en', 'error', 'es',
  'help', 'healthz', 'login', 'logout', 'maintenance', 'new', 'notification', 'order', 'profile', 'register', 'sales', 'search',
  'settings', 'shop', 'soporte', 'static', 'store', 'support', 'terms', 'tienda', 'tiendabox', 'user', 'www',
] as const;

export const StoreSlugSchema = z
  .string({ error: 'validation.required' })
  .trim()
  // One message at a time: the first rule that fails is the one to fix.
  .min(1, { error: 'validation.required', abort: true })
  .min(3, { error: 'store.slugLength', abort: true })
  .max(40, { error: 'store.slugLength', abort: true })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: 'store.slugFormat', abort: true })
  .refine((slug) => !(RESERVED_STORE_SLUGS as readonly string[]).includes(slug), { error: 'store.slugReserved' });

export const NewStoreSchema = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100, { error: 'validation.tooLong' }),
  slug: StoreSlugSchema,
  section: z.string().trim().max(60, { error: 'validation.tooLong' }).default(''),
  description: z.string().trim().max(2000, { error: 'validation.tooLong' }).default(''),
});
export type NewStoreInput = z.input<typeof NewStoreSchema>;
export type NewStore = z.infer<typeof NewStoreSchema>;

/** What a store screen answers (409) to a user who has no store yet; the store layout shows why. */
export const NO_STORE = 'no-store';
