import { z } from '#common/zod.ts';
import { storeSection } from '../enums/store.ts';
import { EmailSchema } from './user.ts';
import { numberInput } from './number.ts';
import { internationalPhone } from '../phone.ts';

// The store's forms, their actions and the API share these schemas (PRODUCT §5). Messages are i18n keys.

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

const text = (max: number) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
const optionalText = (max: number) => z.string().trim().max(max, { error: 'validation.tooLong' }).default('');

const name = text(100);
const description = optionalText(2000);
const section = storeSection.schema('validation.required');

export const NewStoreSchema = z.object({ name, slug: StoreSlugSchema, section, description });
export type NewStoreInput = z.input<typeof NewStoreSchema>;
export type NewStore = z.infer<typeof NewStoreSchema>;

/** `/store/settings`: everything but the slug, which never changes (PRODUCT §5). */
// `published` absent leaves it as it is: the settings form changes it only through its confirmed toggle.
export const StoreSettingsSchema = z.object({ published: z.stringbool().or(z.boolean()).optional(), section, name, description });
export type StoreSettings = z.infer<typeof StoreSettingsSchema>;

export const STORE_STYLE_COUNT = 6;
/** `/store/design`: the logo's upload id ('' removes it) and the style number. */
export const StoreDesignSchema = z.object({
  logo: z.string().trim().max(64).nullish().transform((value) => value || null),
  style: numberInput((n) => n.int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(STORE_STYLE_COUNT, { error: 'validation.invalid' })),
});
export type StoreDesign = z.infer<typeof StoreDesignSchema>;

/** The sites each social link must point at (with or without `www.` / `m.`). */
export const SOCIAL_HOSTS = {
  facebook: ['facebook.com', 'fb.com'],
  instagram: ['instagram.com'],
  tiktok: ['tiktok.com'],
  x: ['x.com', 'twitter.com'],
  youtube: ['youtube.com', 'youtu.be'],
} as const;
export type SocialNetwork = keyof typeof SOCIAL_HOSTS;

function socialLink(network: SocialNetwork) {
  const hosts: readonly string[] = SOCIAL_HOSTS[network];
  return z
    .string()
    .trim()
    .max(300, { error: 'validation.tooLong' })
    // "instagram.com/tienda" as people copy it from the app: the address it means, on https (issue 20 §14).
    .transform((value) => (value === '' || /^[a-z][a-z0-9+.-]*:/i.test(value) ? value : `https://${value.replace(/^\/+/, '')}`))
    .refine((value) => {
      if (value === '') return true;
      let url: URL;
      try {
        url = new URL(value);
      } catch {
        return false;
      }
      const host = url.hostname.toLowerCase().replace(/^(www\.|m\.)/, '');
      return url.protocol === 'https:' && hosts.includes(host) && url.pathname.length > 1;
    }, { error: `store.socialUrl.${network}` })
    .default('');
}

/**
 * An international number: "+" then country code and number, 8–15 digits (E.164); spaces and dashes
 * are dropped, and Ecuador's national form ("0998877665") is read as +593 (common/phone.ts).
 */
export const WhatsappSchema = z
  .string()
  .trim()
  .transform(internationalPhone)
  .refine((value) => value === '' || /^\+[1-9]\d{7,14}$/.test(value), { error: 'store.whatsappFormat' })
  .default('');

export const StoreMarketingSchema = z.object({
  facebook: socialLink('facebook'),
  instagram: socialLink('instagram'),
  tiktok: socialLink('tiktok'),
  x: socialLink('x'),
  youtube: socialLink('youtube'),
  whatsapp: WhatsappSchema,
});
export type StoreMarketing = z.infer<typeof StoreMarketingSchema>;

/** Where a new store is: the contact form's country starts here (Tiendabox serves Ecuador). */
export const STORE_COUNTRY = 'Ecuador';

/** `/store/contact`: every field required (seed §5). */
export const StoreContactSchema = z.object({
  contactEmail: EmailSchema,
  contactPhone: z.string({ error: 'validation.required' }).trim().regex(/^\+?[0-9 ()-]{7,20}$/, { error: 'validation.phone' }),
  contactAddress: text(200),
  contactState: text(100),
  contactCity: text(100),
  contactZip: z.string({ error: 'validation.required' }).trim().regex(/^[A-Za-z0-9 -]{3,10}$/, { error: 'validation.zip' }),
  contactCountry: text(100),
});
export type StoreContact = z.infer<typeof StoreContactSchema>;

export const KEYWORDS_MAX = 500;
export const SCRIPT_MAX = 10_000;
/** Keywords "a, b , c" → "a, b, c": trimmed, empties and repeats dropped. */
export function splitKeywords(value: string): string[] {
  const words = value.split(',').map((item) => item.trim()).filter(Boolean);
  return [...new Map(words.map((word) => [word.toLowerCase(), word])).values()];
}

/** `/store/analytics`: stored as text with a size limit, never rendered outside the storefront's sandbox. */
export const StoreAnalyticsSchema = z.object({
  keywords: z.string().max(KEYWORDS_MAX * 2, { error: 'validation.tooLong' }).default('').transform((value) => splitKeywords(value).join(', ')).pipe(z.string().max(KEYWORDS_MAX, { error: 'validation.tooLong' })),
  analyticsScript: z.string().trim().max(SCRIPT_MAX, { error: 'validation.tooLong' }).default(''),
  pixelScript: z.string().trim().max(SCRIPT_MAX, { error: 'validation.tooLong' }).default(''),
});
export type StoreAnalytics = z.infer<typeof StoreAnalyticsSchema>;

/** `/store/delete`: the slug typed again and the owner's password (PRODUCT §6). */
export const DeleteStoreSchema = z.object({
  slug: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
});
export type DeleteStoreInput = z.infer<typeof DeleteStoreSchema>;

/** What a store screen answers (409) to a user who has no store yet; the store layout shows why. */
export const NO_STORE = 'no-store';

// --- store pages (issue 10 §1–§6, "pages") -----------------------------------------------------

/** The four small store forms of one shape (`/store/{section}` and `/api/v1/store/{section}`). */
export const STORE_SECTION_SCHEMAS = {
  settings: StoreSettingsSchema,
  marketing: StoreMarketingSchema,
  contact: StoreContactSchema,
  analytics: StoreAnalyticsSchema,
} as const;
export type StoreSectionName = keyof typeof STORE_SECTION_SCHEMAS;
export type StoreSectionInput<S extends StoreSectionName> = z.infer<(typeof STORE_SECTION_SCHEMAS)[S]>;

/** What the live slug check answers: the reason is the message key the new-store form would show. */
export const SlugAvailabilitySchema = z.object({ available: z.boolean(), reason: z.string().optional() });
export type SlugAvailability = z.infer<typeof SlugAvailabilitySchema>;


/**
 * An owner's request to renew the store's plan or move to another (issue 20 §12): the plan wanted
 * (`same` or empty: the same plan again) and a note for staff. Staff set the new expiry in the back office.
 */
export const RenewalRequestSchema = z.object({
  planId: z.preprocess((value) => (value === '' || value === 'same' || value === undefined || value === null ? null : value), z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(2_147_483_647, { error: 'validation.invalid' }).nullable()),
  note: optionalText(500),
});
export type RenewalRequest = z.infer<typeof RenewalRequestSchema>;
