import { PROVINCES } from '#common/ecuador-places.ts';
import type { ShippingOption } from '#common/shipping-rates.ts';
import type { DeliveryQuote } from '#server/modules/sales/checkout/delivery-quote.ts';
import type { CheckoutValues } from '#server/modules/sales/checkout/checkout-form.ts';
import { html, type SafeHtml } from '../../shop/shop-html.ts';
import type { ShopRequest } from '../../shop/shop-layout.ts';

// The checkout's province, canton and shipping options (issue 40 §1), without JavaScript: the
// province a select of the 24, the canton a select of every canton grouped by province (checked
// against the province on the server), and "Show shipping options" posts the form back to show the
// options of that address, each with its price and days; choosing one is a radio.

/** `field`: the page's own markup helpers, so these fields say their errors as the others do. */
export type FieldKit = { describedBy: (field: string, hint?: string) => SafeHtml; fieldError: (field: string) => SafeHtml | '' };

export function placeFields(request: ShopRequest, values: CheckoutValues, kit: FieldKit): SafeHtml {
  const texts = request.tr.texts.cart;
  const canton = (province: string, name: string) => values.province === province && values.canton === name;
  return html`<div class="field"><label for="checkout-province">${texts.province}</label><select id="checkout-province" name="province" autocomplete="address-level1" required${kit.describedBy('province')}>
<option value="">${texts.rates.chooseProvince}</option>
${PROVINCES.map((province) => html`<option${values.province === province.name ? ' selected' : ''}>${province.name}</option>`)}
</select>${kit.fieldError('province')}</div>
<div class="field"><label for="checkout-canton">${texts.rates.canton}</label><select id="checkout-canton" name="canton" autocomplete="address-level2" required${kit.describedBy('canton')}>
<option value="">${texts.rates.chooseCanton}</option>
${PROVINCES.map((province) => html`<optgroup label="${province.name}">${province.cantons.map((name) => html`<option${canton(province.name, name) ? ' selected' : ''}>${name}</option>`)}</optgroup>`)}
</select>${kit.fieldError('canton')}</div>`;
}

function optionLabel(request: ShopRequest, option: ShippingOption, quote: DeliveryQuote): SafeHtml {
  const { tr } = request;
  const texts = tr.texts.cart.rates;
  const name = option.pickup ? texts.pickup : option.name || texts.storeShipping;
  const price = option.priceCents === 0 ? texts.free : tr.money(option.priceCents);
  const days = option.daysMin === null || option.daysMax === null ? null
    : option.daysMin === option.daysMax ? tr.plural(texts.sameDays, option.daysMax) : tr.plural(texts.days, option.daysMax, { min: option.daysMin, max: option.daysMax });
  const detail = option.pickup ? tr.t(texts.pickupAt, { address: quote.pickup.address }) : [days, option.freeFromCents !== null && option.priceCents > 0 ? tr.t(texts.freeFrom, { amount: tr.money(option.freeFromCents) }) : null].filter(Boolean).join(' · ');
  return html`<strong>${name}</strong> — ${price}${detail ? html`<br><span class="hint">${detail}${option.pickup && quote.pickup.instructions ? html` ${quote.pickup.instructions}` : ''}</span>` : ''}`;
}

/** The options of the address typed so far; `checked`: the one the totals were reckoned with. */
export function shippingFieldset(request: ShopRequest, quote: DeliveryQuote, checked: string | null, kit: FieldKit): SafeHtml {
  const texts = request.tr.texts.cart.rates;
  const options = quote.offer.options;
  const described = [quote.zoned ? 'shipping-hint' : '', kit.fieldError('shippingOption') ? 'checkout-shippingOption-error' : ''].filter(Boolean).join(' ');
  return html`<fieldset class="group field shipping-options"${described ? html` aria-describedby="${described}"` : ''}><legend>${texts.options}</legend>
${quote.zoned ? html`<p class="hint" id="shipping-hint">${texts.optionsHint}</p>` : ''}
${options.map((option) => html`<div class="field check ship-option"><input type="radio" id="ship-${option.key}" name="shippingOption" value="${option.key}"${checked === option.key ? ' checked' : ''}><label for="ship-${option.key}">${optionLabel(request, option, quote)}</label></div>`)}
${kit.fieldError('shippingOption')}
${quote.zoned ? html`<button type="submit" name="intent" value="shipping" class="secondary" formnovalidate>${texts.update}</button>` : ''}
</fieldset>`;
}
