// The request fields PayPal documents, transcribed for the contract test: a body the PayPal module
// sends may hold these and nothing else, with the values the documentation allows. Every object
// lists all of its documented fields (from PayPal's OpenAPI description of Orders v2,
// https://github.com/paypal/paypal-rest-api-specifications/blob/main/openapi/checkout_orders_v2.json,
// the source of https://developer.paypal.com/docs/api/orders/v2/); a documented field whose own
// fields are not written out here is `notTranscribed`, and sending it fails the test until someone
// transcribes it from the documentation.

export type Shape =
  | { type: 'string'; min?: number; max?: number; pattern?: RegExp; enum?: readonly string[]; url?: true }
  | { type: 'object'; fields: Record<string, Shape>; required?: readonly string[] }
  | { type: 'array'; items: Shape; min?: number; max?: number }
  | { type: 'notTranscribed' };

const NOT_TRANSCRIBED: Shape = { type: 'notTranscribed' };
const url: Shape = { type: 'string', url: true };

// #/components/schemas/money
const moneyFields: Record<string, Shape> = {
  currency_code: { type: 'string', min: 3, max: 3 },
  value: { type: 'string', max: 32, pattern: /^((-?[0-9]+)|(-?([0-9]+)?[.][0-9]+))$/ },
};
const money: Shape = { type: 'object', fields: moneyFields, required: ['currency_code', 'value'] };

// #/components/schemas/amount_breakdown and amount_with_breakdown (money plus `breakdown`)
const amountBreakdown: Shape = {
  type: 'object',
  fields: { item_total: money, shipping: money, handling: money, tax_total: money, insurance: money, shipping_discount: money, discount: money },
};
const amountWithBreakdown: Shape = { type: 'object', fields: { ...moneyFields, breakdown: amountBreakdown }, required: ['currency_code', 'value'] };

// #/components/schemas/purchase_unit_request
const purchaseUnitRequest: Shape = {
  type: 'object',
  fields: {
    reference_id: { type: 'string', min: 1, max: 256 },
    amount: amountWithBreakdown,
    payee: NOT_TRANSCRIBED,
    payment_instruction: NOT_TRANSCRIBED,
    description: { type: 'string', min: 1, max: 127 },
    custom_id: { type: 'string', min: 1, max: 127 },
    invoice_id: { type: 'string', min: 1, max: 127 },
    soft_descriptor: { type: 'string', min: 1, max: 22 },
    items: NOT_TRANSCRIBED,
    shipping: NOT_TRANSCRIBED,
    supplementary_data: NOT_TRANSCRIBED,
  },
  required: ['amount'],
};

// #/components/schemas/paypal_wallet_experience_context (and `language` for its locale)
const paypalWalletExperienceContext: Shape = {
  type: 'object',
  fields: {
    brand_name: { type: 'string', min: 1, max: 127 },
    locale: { type: 'string', min: 2, max: 11, pattern: /^[a-z]{2}(?:-[A-Z][a-z]{3})?(?:-(?:[A-Z]{2}|[0-9]{3}))?$/ },
    shipping_preference: { type: 'string', enum: ['GET_FROM_FILE', 'NO_SHIPPING', 'SET_PROVIDED_ADDRESS'] },
    return_url: url,
    cancel_url: url,
    landing_page: { type: 'string', enum: ['LOGIN', 'GUEST_CHECKOUT', 'NO_PREFERENCE'] },
    user_action: { type: 'string', enum: ['CONTINUE', 'PAY_NOW'] },
    payment_method_preference: { type: 'string', enum: ['UNRESTRICTED', 'IMMEDIATE_PAYMENT_REQUIRED'] },
  },
};

// #/components/schemas/paypal_wallet
const paypalWallet: Shape = {
  type: 'object',
  fields: {
    vault_id: NOT_TRANSCRIBED,
    email_address: NOT_TRANSCRIBED,
    name: NOT_TRANSCRIBED,
    phone: NOT_TRANSCRIBED,
    birth_date: NOT_TRANSCRIBED,
    tax_info: NOT_TRANSCRIBED,
    address: NOT_TRANSCRIBED,
    attributes: NOT_TRANSCRIBED,
    experience_context: paypalWalletExperienceContext,
    billing_agreement_id: NOT_TRANSCRIBED,
  },
};

/** POST /v2/checkout/orders, #/components/schemas/order_request (payment_source: only `paypal` written out). */
export const ORDER_REQUEST: Shape = {
  type: 'object',
  fields: {
    intent: { type: 'string', enum: ['CAPTURE', 'AUTHORIZE'] },
    payer: NOT_TRANSCRIBED,
    purchase_units: { type: 'array', items: purchaseUnitRequest, min: 1, max: 10 },
    payment_source: { type: 'object', fields: { paypal: paypalWallet } },
    application_context: NOT_TRANSCRIBED,
  },
  required: ['intent', 'purchase_units'],
};

/** POST /v2/checkout/orders/{id}/capture, #/components/schemas/order_capture_request (the body is optional). */
export const ORDER_CAPTURE_REQUEST: Shape = { type: 'object', fields: { payment_source: NOT_TRANSCRIBED } };

/** POST /v2/payments/captures/{id}/refund, https://developer.paypal.com/api/payments/v2/definitions/refund_request */
export const REFUND_REQUEST: Shape = {
  type: 'object',
  fields: { amount: money, custom_id: { type: 'string' }, invoice_id: { type: 'string' }, note_to_payer: { type: 'string' }, payment_instruction: NOT_TRANSCRIBED },
};

/** POST /v1/oauth2/token, form fields (https://developer.paypal.com/api/rest/authentication/). */
export const TOKEN_REQUEST: Shape = { type: 'object', fields: { grant_type: { type: 'string', enum: ['client_credentials'] } }, required: ['grant_type'] };

/** PayPal-Request-Id: "1 <= length <= 108" (https://developer.paypal.com/docs/api/orders/v2/#orders_create). */
export const PAYPAL_REQUEST_ID: Shape = { type: 'string', min: 1, max: 108 };

/** Where `value` leaves the documentation: undocumented fields, missing required ones, values out of range. */
export function contractBreaches(value: unknown, shape: Shape, path = ''): string[] {
  const at = path || '/';
  switch (shape.type) {
    case 'notTranscribed':
      return [`${at}: documented, but its fields are not transcribed in tests/support/paypal-contract.ts`];
    case 'string': {
      if (typeof value !== 'string') return [`${at}: not a string`];
      const breaches: string[] = [];
      if (shape.min !== undefined && value.length < shape.min) breaches.push(`${at}: shorter than ${shape.min}`);
      if (shape.max !== undefined && value.length > shape.max) breaches.push(`${at}: longer than ${shape.max}`);
      if (shape.pattern && !shape.pattern.test(value)) breaches.push(`${at}: "${value}" does not match ${String(shape.pattern)}`);
      if (shape.enum && !shape.enum.includes(value)) breaches.push(`${at}: "${value}" is not one of ${shape.enum.join(', ')}`);
      if (shape.url && !URL.canParse(value)) breaches.push(`${at}: not a URL`);
      return breaches;
    }
    case 'array': {
      if (!Array.isArray(value)) return [`${at}: not an array`];
      const breaches = value.flatMap((item, index) => contractBreaches(item, shape.items, `${path}/${index}`));
      if (shape.min !== undefined && value.length < shape.min) breaches.push(`${at}: fewer than ${shape.min} items`);
      if (shape.max !== undefined && value.length > shape.max) breaches.push(`${at}: more than ${shape.max} items`);
      return breaches;
    }
    case 'object': {
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return [`${at}: not an object`];
      const record = value as Record<string, unknown>;
      const breaches = Object.entries(record).flatMap(([name, field]) =>
        name in shape.fields ? contractBreaches(field, shape.fields[name]!, `${path}/${name}`) : [`${path}/${name}: not in PayPal's documentation`],
      );
      for (const name of shape.required ?? []) if (!(name in record)) breaches.push(`${path}/${name}: required, missing`);
      return breaches;
    }
  }
}
