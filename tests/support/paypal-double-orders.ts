import { randomBytes } from 'node:crypto';

// The PayPal double's resources as PayPal's Orders v2 and Payments v2 return them, its request
// checks and its error bodies, and the buyer's approval page (paypal-double.ts serves them).
// Field names and enums follow PayPal's OpenAPI description of Orders v2
// (https://github.com/paypal/paypal-rest-api-specifications/blob/main/openapi/checkout_orders_v2.json,
// the document behind https://developer.paypal.com/docs/api/orders/v2/).

export type Money = { currency_code: string; value: string };

export type DoubleOrder = {
  id: string;
  /** The REST app whose token created it: another app's token does not see it (404). */
  clientId: string;
  intent: 'CAPTURE' | 'AUTHORIZE';
  status: 'CREATED' | 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'VOIDED' | 'COMPLETED';
  purchaseUnit: { reference_id?: string; amount: Money; custom_id?: string; invoice_id?: string; [field: string]: unknown };
  /** payment_source.paypal.experience_context (or the deprecated application_context). */
  experience: { return_url?: string; cancel_url?: string; brand_name?: string; [field: string]: unknown };
  /** Created with experience_context: the approval link is `payer-action`, not `approve`. */
  payerAction: boolean;
  funding: 'balance' | 'declined-card';
  payer: { payer_id: string; email_address: string; name: { given_name: string; surname: string } } | null;
  capture: { id: string; status: 'COMPLETED' | 'DECLINED' | 'PARTIALLY_REFUNDED' | 'REFUNDED'; amount: Money; createTime: string; updateTime: string } | null;
  refunds: { id: string; status: 'COMPLETED'; amount: Money }[];
  createTime: string;
  updateTime: string;
};

export type ErrorDetail = { field?: string; value?: string; location?: string; issue: string; description: string };
export type ErrorAnswer = { status: number; body: { name: string; message: string; debug_id: string; details: ErrorDetail[]; links: { href: string; rel: string; method: string }[] } };

/** PayPal's error body (https://developer.paypal.com/api/rest/responses/#link-failedrequests). */
export function error(status: number, name: string, message: string, details: ErrorDetail[], api: 'orders' | 'payments' = 'orders'): ErrorAnswer {
  const links = details.map((detail) => ({ href: `https://developer.paypal.com/docs/api/${api}/v2/#error-${detail.issue}`, rel: 'information_link', method: 'GET' }));
  return { status, body: { name, message, debug_id: randomBytes(7).toString('hex'), details, links } };
}

const invalid = (issue: string, field: string, description: string, value?: string) =>
  error(400, 'INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', [{ field, ...(value === undefined ? {} : { value }), location: 'body', issue, description }]);
const missing = (field: string) => invalid('MISSING_REQUIRED_PARAMETER', field, 'A required field / parameter is missing');
const tooLong = (field: string, value: string) => invalid('INVALID_STRING_LENGTH', field, 'The value of a field is either too short or too long', value);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** What Orders v2 refuses with 400 INVALID_REQUEST in an order_request, of what the double reads. */
export function validateOrderRequest(body: unknown): ErrorAnswer | null {
  if (!isObject(body)) return invalid('MALFORMED_REQUEST_JSON', '', 'The request JSON is not well formed.');
  if (body.intent === undefined) return missing('/intent');
  if (body.intent !== 'CAPTURE' && body.intent !== 'AUTHORIZE') return invalid('INVALID_PARAMETER_VALUE', '/intent', 'A parameter value is not valid.', String(body.intent));
  const units = body.purchase_units;
  if (!Array.isArray(units) || units.length === 0) return missing('/purchase_units');
  const unit: unknown = units[0];
  if (!isObject(unit) || !isObject(unit.amount)) return missing('/purchase_units/@reference_id==\'default\'/amount');
  const { currency_code: currency, value } = unit.amount;
  if (typeof currency !== 'string') return missing('/purchase_units/@reference_id==\'default\'/amount/currency_code');
  if (typeof value !== 'string') return missing('/purchase_units/@reference_id==\'default\'/amount/value');
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return invalid('INVALID_PARAMETER_SYNTAX', '/purchase_units/@reference_id==\'default\'/amount/value', 'The value of a field does not conform to the expected format.', value);
  for (const [field, max] of [['reference_id', 256], ['custom_id', 127], ['invoice_id', 127]] as const) {
    const text = unit[field];
    if (typeof text === 'string' && (text.length < 1 || text.length > max)) return tooLong(`/purchase_units/@reference_id=='default'/${field}`, text);
  }
  const source = body.payment_source;
  const context = isObject(source) && isObject(source.paypal) ? source.paypal.experience_context : undefined;
  if (isObject(context) && typeof context.brand_name === 'string' && context.brand_name.length > 127) return tooLong('/payment_source/paypal/experience_context/brand_name', context.brand_name);
  return null;
}

/** The order as PayPal shows it: `full` is return=representation (and GET, and capture), else return=minimal. */
export function orderJson(order: DoubleOrder, origin: string, full: boolean) {
  const self = `${origin}/v2/checkout/orders/${order.id}`;
  const approval = `${origin}/checkoutnow?token=${order.id}`;
  const links = [{ href: self, rel: 'self', method: 'GET' }];
  if (order.status === 'PAYER_ACTION_REQUIRED') links.push({ href: approval, rel: 'payer-action', method: 'GET' });
  if (order.status === 'CREATED') links.push({ href: approval, rel: 'approve', method: 'GET' }, { href: self, rel: 'update', method: 'PATCH' }, { href: `${self}/capture`, rel: 'capture', method: 'POST' });
  if (order.status === 'APPROVED') links.push({ href: self, rel: 'update', method: 'PATCH' }, { href: `${self}/capture`, rel: 'capture', method: 'POST' });
  const paypalSource = order.payer
    ? { paypal: { email_address: order.payer.email_address, account_id: order.payer.payer_id, account_status: 'VERIFIED', name: order.payer.name } }
    : order.payerAction ? { paypal: {} } : undefined;
  if (!full) return { id: order.id, status: order.status, ...(paypalSource ? { payment_source: paypalSource } : {}), links };
  const { capture } = order;
  const unit = order.purchaseUnit;
  const payments = capture
    ? {
        captures: [
          {
            id: capture.id,
            status: capture.status,
            amount: capture.amount,
            final_capture: true,
            seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
            ...(unit.custom_id ? { custom_id: unit.custom_id } : {}),
            ...(unit.invoice_id ? { invoice_id: unit.invoice_id } : {}),
            links: [
              { href: `${origin}/v2/payments/captures/${capture.id}`, rel: 'self', method: 'GET' },
              { href: `${origin}/v2/payments/captures/${capture.id}/refund`, rel: 'refund', method: 'POST' },
              { href: self, rel: 'up', method: 'GET' },
            ],
            create_time: capture.createTime,
            update_time: capture.updateTime,
          },
        ],
        ...(order.refunds.length > 0 ? { refunds: order.refunds.map((refund) => ({ id: refund.id, status: refund.status, amount: refund.amount })) } : {}),
      }
    : undefined;
  return {
    id: order.id,
    intent: order.intent,
    status: order.status,
    ...(paypalSource ? { payment_source: paypalSource } : {}),
    purchase_units: [{ ...unit, payee: { email_address: 'tienda@example.com', merchant_id: 'C7CYMKZDG8D6E' }, ...(payments ? { payments } : {}) }],
    ...(order.payer ? { payer: { name: order.payer.name, email_address: order.payer.email_address, payer_id: order.payer.payer_id } } : {}),
    create_time: order.createTime,
    update_time: order.updateTime,
    links,
  };
}

const escapeHtml = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');

/** The buyer's PayPal page: no script, two forms. */
export function approvalPage(order: DoubleOrder | null): string {
  const head = '<!doctype html><html lang="es"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>PayPal — pago de prueba</title>'
    + '<style>body{font-family:system-ui,sans-serif;margin:0;background:#f5f7fa;color:#1a1a1a}main{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem}'
    + 'button{display:block;width:100%;margin-top:1rem;padding:.8rem;font-size:1rem;border-radius:2rem;border:1px solid #0a3b8c;cursor:pointer}button.pay{background:#0a3b8c;color:#fff}button.back{background:#fff;color:#0a3b8c}'
    + 'fieldset{border:1px solid #ccd;border-radius:.5rem;margin-top:1rem}label{display:block;padding:.3rem 0}</style></head><body><main><h1>PayPal</h1>';
  if (!order) return `${head}<p>Este pago no existe o ya no está disponible.</p></main></body></html>`;
  const brand = typeof order.experience.brand_name === 'string' ? `<p>Pago a <strong>${escapeHtml(order.experience.brand_name)}</strong></p>` : '';
  const total = `<p>Total: <strong>${escapeHtml(order.purchaseUnit.amount.value)} ${escapeHtml(order.purchaseUnit.amount.currency_code)}</strong></p>`;
  if (order.status !== 'CREATED' && order.status !== 'PAYER_ACTION_REQUIRED') return `${head}${brand}${total}<p>Este pago ya fue aprobado (${order.status}).</p></main></body></html>`;
  const token = `<input type="hidden" name="token" value="${escapeHtml(order.id)}">`;
  return `${head}${brand}${total}`
    + `<form method="post" action="/checkoutnow/approve">${token}<fieldset><legend>Pagar con</legend>`
    + '<label><input type="radio" name="funding" value="balance" checked> Saldo de PayPal</label>'
    + '<label><input type="radio" name="funding" value="declined-card"> Tarjeta que el banco rechazará (prueba)</label></fieldset>'
    + '<button class="pay" type="submit">Aprobar</button></form>'
    + `<form method="post" action="/checkoutnow/cancel">${token}<button class="back" type="submit">Cancelar</button></form></main></body></html>`;
}
