import { z } from 'zod';

/** Every access token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const ACCESS_TOKEN_PREFIX = 'tbx_';

/**
 * `read` reads everything, `write` also changes it, `invoices` reads and issues the store's invoices
 * and nothing else (an accounting tool's token: issue 23 §5).
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
