import { AppError } from '#server/errors.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import * as counters from './rate-limit.repository.ts';

export type Limit = { max: number; windowMs: number };

// Counters live in the database so that every app process sees the same numbers.
export const LIMITS = {
  // Logins (decision 046): a person gets 5 tries per address; an account 10 from all addresses
  // together (a guess spread over a botnet); an address 100 over all accounts (spraying one
  // password over many), high because a carrier's NAT puts many people behind one address.
  loginPerAccountAndIp: { max: 5, windowMs: 15 * 60_000 },
  loginPerAccount: { max: 10, windowMs: 15 * 60_000 },
  loginPerIp: { max: 100, windowMs: 15 * 60_000 },
  // Generous: a carrier's NAT puts many people behind one address; the proof of work slows bots.
  registerPerIp: { max: 30, windowMs: 60 * 60_000 },
  resetPerIp: { max: 10, windowMs: 15 * 60_000 },
  resetPerAccount: { max: 3, windowMs: 60 * 60_000 },
  // A signed-in user typing their password to confirm a deletion (account, store): as login.
  confirmPerAccount: { max: 5, windowMs: 15 * 60_000 },
  // Every API call made with one access token: two a second on average, as hosted commerce APIs allow.
  apiPerToken: { max: 120, windowMs: 60_000 },
  // Shoppers' reviews from one address (storefront, decision 048): a family behind one router
  // reviews a few products; a script posting hundreds is stopped here.
  reviewPerIp: { max: 10, windowMs: 60 * 60_000 },
  // Orders placed from one address (storefront checkout, decision 060): a household or an office
  // orders a few times an hour; a script emptying a store's stock with fake orders is stopped here.
  orderPerIp: { max: 20, windowMs: 60 * 60_000 },
  // A shopper's payment starts and returns (issue 39 §7): a few tries and retries per order, each a
  // call to the store's gateway, so an address cannot make the server hammer one.
  paymentPerIp: { max: 30, windowMs: 60 * 60_000 },
  // Transfer receipts sent from one address (issue 39 §4): a shopper sends one or two, a household a
  // few orders' worth; a script making the server decode photos in a loop is stopped. Every post
  // counts, refused or not: the costly part (decoding an image) comes after the count.
  receiptPerIp: { max: 20, windowMs: 60 * 60_000 },
  // Coupon codes tried on a storefront's cart and refused (issue 36 §9, decision 081): a shopper
  // mistypes one or two; 300 guesses in 4 s from one address were all answered. Per address over
  // every store, and per cart (its cookie's `key`), so a cart carried across addresses is stopped too.
  couponPerIp: { max: 10, windowMs: 15 * 60_000 },
  couponPerCart: { max: 5, windowMs: 15 * 60_000 },
  // The shopper's invoice PDF (issue 36 §4), public with the order's code: a shopper opens it on a
  // phone and a laptop, in both languages, and forwards it to an accountant; a script pulling it
  // in a loop is stopped per invoice, and one trying codes or many invoices per address (higher:
  // an office or a carrier's NAT shares one).
  invoicePdfPerCode: { max: 20, windowMs: 60 * 60_000 },
  invoicePdfPerIp: { max: 60, windowMs: 60 * 60_000 },
  // Invitation e-mails a store sends, new or sent again (issue 38 §2): a team is invited in a
  // handful; a script using the store to mail strangers is stopped here.
  invitationsPerStore: { max: 20, windowMs: 60 * 60_000 },
  // A shopper's order lookup by number and e-mail (issue 40 §4): a shopper mistypes one or two; every
  // miss counts, a find is given back. Per address, and per store over all addresses (higher: every
  // shopper of the store shares it), so a botnet cannot walk a store's order numbers with guessed e-mails.
  orderLookupPerIp: { max: 10, windowMs: 15 * 60_000 },
  orderLookupPerStore: { max: 100, windowMs: 60 * 60_000 },
  // The checkout script's abandoned-cart capture (issue 40 §6): one post per change of the e-mail
  // field; a script filling stores with strangers' addresses is stopped here.
  cartReminderPerIp: { max: 30, windowMs: 60 * 60_000 },
} satisfies Record<string, Limit>;

function tooMany(resetAt: number, now: number): AppError {
  return new AppError('auth.tooManyAttempts', 429, { retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) });
}

/**
 * Counts this attempt, then throws 429 when it is past the key's limit: record first, check after,
 * in one statement (issue 9: checking and recording apart let 100 parallel wrong passwords all be
 * tried). The attempt counts even when it is refused; the window does not move, so it still ends
 * when it would have. Call it before the work it guards; `refundAttempt` if the attempt must not
 * count after all.
 */
export async function takeAttempt(deps: ServiceDeps, key: string, limit: Limit): Promise<void> {
  const now = deps.clock.now().getTime();
  const row = await counters.incrementCounter(deps.db, { key, now: new Date(now).toISOString(), resetAt: new Date(now + limit.windowMs).toISOString() });
  if (row.count > limit.max) throw tooMany(Date.parse(row.resetAt), now);
}

/** Takes back one counted attempt (a login that succeeded, an upload the service refused). */
export async function refundAttempt(deps: ServiceDeps, key: string): Promise<void> {
  await counters.decrementCounter(deps.db, key);
}

export async function clearAttempts(deps: ServiceDeps, key: string): Promise<void> {
  await counters.deleteCounter(deps.db, key);
}
