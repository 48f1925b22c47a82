import type { LookupMessage, LookupValues } from '#server/modules/sales/checkout/order-lookup-form.ts';
import { html } from '../../shop/shop-html.ts';
import { hasContactDetails, shopDocument, type ShopRequest, whatsappLink } from '../../shop/shop-layout.ts';
import type { Rendered } from '../../shop/shop-pages.ts';
import type { ShopFrame } from '../../shop/shop.service.ts';
import { shopPath } from '../../shop/shop-url.ts';

// "Find my order" (issue 40 §4): `/shop/{slug}/order` without a code. A plain form that works
// without JavaScript; its post answers 303 to the order's page, or this page again saying why.

export type LookupForm = {
  values: LookupValues;
  errors: Partial<Record<keyof LookupValues, LookupMessage>> | null;
  /** Over the form: no such order (one message for both fields), or too many tries. */
  formError: string | null;
};

export const emptyLookup = (): LookupForm => ({ values: { number: '', email: '' }, errors: null, formError: null });

/** Where to turn when the order is not found: the footer's contact, else its WhatsApp link, else the confirmation e-mail (never a place that is empty). */
function lookupHelp(frame: ShopFrame, texts: ShopRequest['tr']['texts']['shopper']): string {
  if (hasContactDetails(frame.store)) return texts.lookupHelp;
  return whatsappLink(frame.store.whatsapp) ? texts.lookupHelpWhatsapp : texts.lookupHelpNoContact;
}

export function renderOrderLookup(frame: ShopFrame, request: ShopRequest, form: LookupForm, status = 200): Rendered {
  const texts = request.tr.texts.shopper;
  const { values, errors } = form;
  const fieldError = (field: keyof LookupValues) => (errors?.[field] ? html`<p class="field-error" id="lookup-${field}-error">${texts[errors[field]]}</p>` : '');
  const described = (field: keyof LookupValues, hint?: string) => {
    const ids = [hint, errors?.[field] ? `lookup-${field}-error` : null].filter(Boolean).join(' ');
    return html`${ids ? html` aria-describedby="${ids}"` : ''}${errors?.[field] ? html` aria-invalid="true"` : ''}`;
  };
  const hasErrors = Boolean(form.formError || (errors && Object.keys(errors).length));
  const body = html`<div class="wrap narrow lookup-page">
<h1>${texts.lookupTitle}</h1>
${hasErrors ? html`<div class="notice error" role="alert"><p>${form.formError ?? texts.lookupErrors}</p></div>` : ''}
<p>${texts.lookupLead}</p>
<form method="post" action="${shopPath(request.locale, frame.store.slug, '/order')}" class="lookup-form" novalidate>
<div class="field"><label for="lookup-number">${texts.lookupNumber}</label><input id="lookup-number" name="number" value="${values.number}" inputmode="numeric" maxlength="20" autocomplete="off" required${described('number', 'lookup-number-hint')}><p class="hint" id="lookup-number-hint">${texts.lookupNumberHint}</p>${fieldError('number')}</div>
<div class="field"><label for="lookup-email">${texts.lookupEmail}</label><input id="lookup-email" name="email" type="email" value="${values.email}" maxlength="254" autocomplete="email" required${described('email')}>${fieldError('email')}</div>
<button type="submit">${texts.lookupSubmit}</button>
</form>
<p class="hint lookup-help">${lookupHelp(frame, texts)}</p>
</div>`;
  return { status, html: shopDocument(frame, request, { title: texts.lookupTitle, description: texts.lookupTitle, canonical: null, noindex: true }, body, { whatsappInFlow: true }) };
}
