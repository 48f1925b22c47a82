import { createHash, timingSafeEqual } from 'node:crypto';
import { AppError } from '#server/errors.ts';
import { LIMITS, refundAttempt, takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as repository from './checkout.repository.ts';

// A shopper finds their order without its link (issue 40 §4): by its number and the e-mail it was
// placed with, both or nothing. Whether the number exists, or whether the e-mail has orders, is
// never told: one answer for every miss, and the e-mails are compared in constant time. Tries are
// limited per address and per store (LIMITS.orderLookupPer*), so neither one address nor many
// addresses together can walk a store's numbers with guessed e-mails; a lookup that finds its order
// is given back to both counts, as a login that succeeds is.

export type LookupResult = { found: true; code: string } | { found: false } | { found: false; retryAfterSeconds: number };

const digest = (email: string) => createHash('sha256').update(email).digest();

/** The order's code when `number` is the store's and was placed with `email`; `ip` is counted. */
export async function lookUpOrder(deps: ServiceDeps, scope: StoreScope, input: { number: number; email: string }, ip: string): Promise<LookupResult> {
  const keys = [
    { key: `order-lookup:${ip}`, limit: LIMITS.orderLookupPerIp },
    { key: `order-lookup-store:${scope.storeId}`, limit: LIMITS.orderLookupPerStore },
  ];
  const taken: string[] = [];
  try {
    for (const { key, limit } of keys) {
      await takeAttempt(deps, key, limit);
      taken.push(key);
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 429) throw error;
    return { found: false, retryAfterSeconds: error.retryAfterSeconds ?? 60 };
  }
  const order = input.number < 2 ** 31 ? await repository.findOrderByNumber(deps.db, scope, input.number) : undefined;
  // A number that is not the store's is compared all the same, so the time taken tells nothing.
  const matches = timingSafeEqual(digest(order?.email.toLowerCase() ?? '\u0000'), digest(input.email)) && order !== undefined;
  if (!matches) return { found: false };
  for (const key of taken) await refundAttempt(deps, key);
  return { found: true, code: order.code };
}
