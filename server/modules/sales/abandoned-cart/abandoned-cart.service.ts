import { z } from 'zod';
import type { Locale } from '#common/locale.ts';
import { emit } from '#server/events/events.ts';
import { tokenHash } from '#server/modules/auth/tokens.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { type CartCookie, cartLinesJson, cartLinesOf, MAX_CART_LINES, MAX_LINE_QUANTITY } from '../checkout/cart-cookie.ts';
import * as repository from './abandoned-cart.repository.ts';

// Abandoned carts (issue 40 §6, decision 094): a shopper who gave an e-mail at checkout and agreed
// to a reminder has their cart kept; a cart left 4 hours gets one e-mail whose link restores it
// (abandoned-cart-reminder.ts). The store's owner switches it on (off by default) and sees counts.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

export const CART_REMINDER = {
  /** A cart untouched this long, with no order, is reminded. */
  afterMs: 4 * HOUR_MS,
  /** …unless it was left longer ago than this: a store that switches reminders on writes to no old cart. */
  notAfterMs: 2 * DAY_MS,
  /** The restore link's life. */
  linkMs: 7 * DAY_MS,
  /** A row untouched this long is deleted; the owner's counts cover the same window. */
  keepMs: 30 * DAY_MS,
} as const;

const at = (deps: ServiceDeps, offsetMs = 0) => new Date(deps.clock.now().getTime() + offsetMs).toISOString();

const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email());

/** The address as the checkout keeps it (trimmed, lower case), or null when it is none. */
function reminderEmail(value: string | null | undefined): string | null {
  const parsed = EmailSchema.safeParse(value ?? '');
  return parsed.success ? parsed.data : null;
}

/** Whether the store sends reminders (and its checkout asks for the shopper's consent). */
export async function cartRemindersOn(deps: ServiceDeps, scope: StoreScope): Promise<boolean> {
  return (await repository.findSetting(deps.db, scope))?.enabled === 1;
}

/** Switches the reminders on or off; the store's log keeps who did it. */
export async function setCartReminders(deps: ServiceDeps, scope: StoreScope, enabled: boolean): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const before = await cartRemindersOn(tx, scope);
    await repository.upsertSetting(tx.db, scope, enabled, at(tx));
    if (before === enabled) return;
    await emit(tx, {
      type: 'store.updated',
      storeId: scope.storeId,
      resource: { kind: 'store', id: scope.storeId, label: scope.slug },
      data: { id: scope.storeId, slug: scope.slug, section: 'cartReminders', enabled },
      changes: { cartReminders: [before, enabled] },
    });
  });
}

export type CaptureInput = {
  email: string | null | undefined; consent: boolean; locale: Locale; cart: CartCookie;
  /** The address the checkout's script sent before this one: corrected, so its cart is forgotten. */
  previous?: string | null;
};

/**
 * What the checkout learnt of the shopper, posted with the form or by its script: with consent and
 * a cart, the cart is kept (or brought up to date) under their e-mail; without consent, a cart
 * kept earlier for that e-mail is forgotten. Nothing while the store has reminders off.
 * Answers whether a cart is now kept.
 */
export async function captureCart(deps: ServiceDeps, scope: StoreScope, input: CaptureInput): Promise<boolean> {
  const email = reminderEmail(input.email);
  if (!email || !(await cartRemindersOn(deps, scope))) return false;
  const previous = reminderEmail(input.previous);
  if (previous && previous !== email) await repository.deleteOpenCart(deps.db, scope, previous);
  if (!input.consent) {
    await repository.deleteOpenCart(deps.db, scope, email);
    return false;
  }
  if (input.cart.lines.length === 0) return false;
  await repository.upsertOpenCart(deps.db, scope, { email, locale: input.locale, lines: cartLinesJson(input.cart.lines), now: at(deps) });
  return true;
}

/**
 * The cart a reminder's link restores, put into the shopper's own: each saved line added, a line
 * already in the cart kept at the larger quantity (the cart page prices and caps them). Null for a
 * token that is wrong, of another store, expired or of a cart whose order was placed.
 */
export async function restoreCart(deps: ServiceDeps, scope: StoreScope, token: string, cart: CartCookie): Promise<CartCookie | null> {
  if (!/^[\w-]{20,64}$/.test(token)) return null;
  const row = await repository.findCartByToken(deps.db, scope, tokenHash(token), at(deps, -CART_REMINDER.linkMs));
  if (!row) return null;
  const lines = [...cart.lines];
  for (const saved of cartLinesOf(row.lines)) {
    const index = lines.findIndex((line) => line.productId === saved.productId && line.variantId === saved.variantId);
    if (index >= 0) lines[index] = { ...lines[index]!, quantity: Math.min(MAX_LINE_QUANTITY, Math.max(lines[index]!.quantity, saved.quantity)) };
    else if (lines.length < MAX_CART_LINES) lines.push(saved);
  }
  return { ...cart, lines };
}

/** An order placed in the store closes the shopper's open cart (in the placing's transaction). */
export async function closeCartForOrder(tx: ServiceDeps, scope: StoreScope, { email, orderId }: { email: string; orderId: number }): Promise<void> {
  const address = reminderEmail(email);
  if (address) await repository.closeOpenCart(tx.db, scope, { email: address, orderId, now: at(tx) });
}

export type CartReminderSummary = { enabled: boolean; reminded: number; recovered: number; days: number };

/** The owner's view: the switch, and the carts reminded in the window and recovered of those. */
export async function cartReminderSummary(deps: ServiceDeps, scope: StoreScope): Promise<CartReminderSummary> {
  const [enabled, counts] = await Promise.all([cartRemindersOn(deps, scope), repository.reminderCounts(deps.db, scope, at(deps, -CART_REMINDER.keepMs))]);
  return { enabled, ...counts, days: CART_REMINDER.keepMs / DAY_MS };
}
