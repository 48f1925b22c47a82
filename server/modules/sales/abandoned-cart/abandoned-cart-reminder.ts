import { asLocale, type Locale } from '#common/locale.ts';
import { newToken, tokenHash } from '#server/modules/auth/tokens.ts';
import { enqueueJob } from '#server/modules/job/job-queue.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { shopStoreScope, staffStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { AppError } from '#server/errors.ts';
import { storeShopDomain } from '#server/modules/domain/domain.service.ts';
import { onShopDomain, shopOrigin, shopPath } from '../../shop/shop-url.ts';
import { cartLinesOf } from '../checkout/cart-cookie.ts';
import { lineName, type PricedCart, priceCart } from '../checkout/cart.service.ts';
import { renderCartMail } from '../shopper-mail/shopper-mail.ts';
import { shopperMailStore } from '../shopper-mail/shopper-mail.service.ts';
import * as repository from './abandoned-cart.repository.ts';
import { CART_REMINDER } from './abandoned-cart.service.ts';

// The one reminder of an abandoned cart (issue 40 §6, decision 094), sent by the job worker's
// hourly chore: every process scans, and the conditional update of `markReminded` lets one alone
// take each cart, in the transaction that queues its e-mail. The link's token is made here and only
// its hash kept; the e-mail carries it (a secret, so queued directly, never through an event: 024).

const iso = (ms: number) => new Date(ms).toISOString();

/** The restore link of a reminder: `/shop/{slug}/cart/restore?token=…` in the shopper's language. */
export const restorePath = (locale: Locale, slug: string, token: string) => `${shopPath(locale, slug, '/cart/restore')}?token=${encodeURIComponent(token)}`;

/** The restore link on the store's own domain once it has a verified one (decision 100), as the order's e-mails link. */
async function restoreUrl(deps: ServiceDeps, scope: StoreScope, locale: Locale, token: string): Promise<string> {
  const domain = await storeShopDomain(deps, scope);
  return onShopDomain(domain, () => `${shopOrigin(deps.config.publicUrl)}${restorePath(locale, scope.slug, token)}`);
}

/**
 * The reminder in the shopper's language, from the store (decision 093): the lines as priced now,
 * as the cart shows them, the link, and why it came. Rendered in the chore's transaction, which
 * must queue it with the cart's mark: a background pass, no shopper waits on its commit.
 */
async function reminderMail(deps: ServiceDeps, scope: StoreScope, to: string, locale: Locale, priced: PricedCart, token: string) {
  return renderCartMail(to, {
    locale,
    store: await shopperMailStore(deps, scope),
    lines: priced.lines.map((line) => ({ name: lineName(line), sku: line.sku, quantity: line.quantity, unitPriceCents: line.unitPriceCents })),
    restoreUrl: await restoreUrl(deps, scope, locale, token),
    linkDays: CART_REMINDER.linkMs / (24 * 60 * 60 * 1000),
  });
}

/** Takes one cart's reminder and queues its e-mail, in one transaction; false when another worker took it or nothing is left to buy. */
async function remindCart(deps: ServiceDeps, scope: StoreScope, id: number, leftBefore: string): Promise<boolean> {
  return inTransaction(deps, async (tx) => {
    const token = newToken();
    const taken = await repository.markReminded(tx.db, scope, id, { tokenHash: tokenHash(token), now: tx.clock.now().toISOString(), leftBefore });
    if (!taken) return false;
    const locale = asLocale(taken.locale);
    // Priced as the shop would now: a product gone is left out; with none left, the cart is marked and nobody is written to.
    const priced = await priceCart(tx, scope, { lines: cartLinesOf(taken.lines), coupon: '', flash: null }, locale);
    if (priced.lines.length === 0) return false;
    await enqueueJob(tx, { kind: 'mail', key: `abandoned_cart:${scope.storeId}:${id}`, payload: await reminderMail(tx, scope, taken.email, locale, priced, token) });
    return true;
  });
}

/** The store as shoppers see it, or null when it is gone, unpublished or expired (its carts wait, and age out). */
async function visibleStore(deps: ServiceDeps, storeId: number): Promise<StoreScope | null> {
  try {
    const scope = await staffStoreScope(deps, storeId);
    await shopStoreScope(deps, scope.slug);
    return scope;
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/**
 * The hourly chore: reminds each cart left between 4 hours and 2 days ago in a store with reminders
 * on, once. Answers how many e-mails it queued.
 */
export async function remindAbandonedCarts(deps: ServiceDeps, limit = 500): Promise<number> {
  const now = deps.clock.now().getTime();
  const leftBefore = iso(now - CART_REMINDER.afterMs);
  let queued = 0;
  for (const due of await repository.dueCarts(deps.db, { leftBefore, leftAfter: iso(now - CART_REMINDER.notAfterMs), limit })) {
    const scope = await visibleStore(deps, due.storeId);
    if (scope && (await remindCart(deps, scope, due.id, leftBefore))) queued += 1;
  }
  if (queued > 0) deps.log.info({ queued }, 'abandoned-cart reminders queued');
  return queued;
}

/** The hourly chore's other half: carts untouched for 30 days are deleted (the owner's counts cover as long). */
export function forgetStaleCarts(deps: ServiceDeps): Promise<number> {
  return repository.deleteStaleCarts(deps.db, iso(deps.clock.now().getTime() - CART_REMINDER.keepMs));
}
