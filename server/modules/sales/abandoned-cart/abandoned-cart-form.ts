import { CART_REMINDER } from './abandoned-cart.service.ts';
import { html, type SafeHtml } from '../../shop/shop-html.ts';
import type { ShopRequest } from '../../shop/shop-layout.ts';

// The checkout's consent box for the abandoned-cart reminder (issue 40 §6, decision 094): shown
// only when the store sends reminders, unticked until the shopper ticks it, and kept as posted
// when the page comes back with errors.

/** Whether the post carries the consent: the checkout's box (`cartReminder`) or its script's (`consent`). */
export const reminderConsent = (body: URLSearchParams) => body.get('cartReminder') === 'yes' || body.get('consent') === 'yes';

/** The box, right under the e-mail field; `checked` as the shopper left it. */
export function reminderField(request: ShopRequest, checked: boolean): SafeHtml {
  const texts = request.tr.texts.cartReminder;
  return html`<div class="field check reminder"><input type="checkbox" id="checkout-cartReminder" name="cartReminder" value="yes"${checked ? ' checked' : ''} aria-describedby="checkout-cartReminder-hint"><label for="checkout-cartReminder">${texts.consent}</label><p class="hint" id="checkout-cartReminder-hint">${request.tr.t(texts.consentHint, { hours: CART_REMINDER.afterMs / 3_600_000 })}</p></div>`;
}

/** The checkout form's attribute that gives its script the address to post the e-mail to. */
export const reminderAttribute = (path: string): SafeHtml => html` data-cart-reminder="${path}"`;

/** The script tag of a checkout that offers the reminder. */
export const reminderScript = (): SafeHtml => html`<script src="/shop-assets/cart-reminder.js" defer></script>`;
