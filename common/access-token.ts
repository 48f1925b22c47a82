import { z } from '#common/zod.ts';

/** Every access token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'tbx_';

/**
 * What each scope reaches (decision 069): `read` reads everything the user's API reaches (parcel
 * box, store, catalog, content, orders, customers, invoices), `write` also changes all of it, and
 * `invoices` is an accountant's: it reads and issues the store's invoices and reads the orders they
 * are issued from, and nothing else (no customers, catalog, store or parcel box).
 */
export const ACCESS_TOKEN_SCOPES = ['read', 'write', 'invoices'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** The expiry choices of the form, in days; `never` keeps the token until it is revoked. */
export const ACCESS_TOKEN_EXPIRIES = ['30', '90', '365', 'never'] as const;

/** A user may hold this many tokens at once: enough for every script, not a way to fill the table. */
export const ACCESS_TOKEN_MAX = 20;

export const AccessTokenInputSchema = z.object({
  name: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(60, { error: 'validation.tooLong' }),
  scope: z.enum(ACCESS_TOKEN_SCOPES, { error: 'validation.invalid' }),
  expiresIn: z.enum(ACCESS_TOKEN_EXPIRIES, { error: 'validation.invalid' }),
});
export type AccessTokenInput = z.infer<typeof AccessTokenInputSchema>;
