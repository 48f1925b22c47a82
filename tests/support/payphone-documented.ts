// What PayPhone publishes of its Botón de pagos API (issue 39 §8), in one place, so that the double
// (payphone-double.ts) accepts only these fields and the adapter's contract test
// (server/modules/sales/payment/providers/payphone.test.ts) fails when the adapter sends another.
// Each list cites the page it comes from; nothing here is guessed from an SDK.

export const PAYPHONE_DOCS = {
  /** Button/Prepare and Button/V2/Confirm: the request bodies, the answer's links, the return's two parameters. */
  button: 'https://docs.payphone.app/boton-de-pago-por-redireccion',
  /** The older reference of Prepare, a field table that also lists `lang` ("Lenguaje de la transacción"). */
  prepareTable: 'https://docs.livepayphone.com/knowledge-base/boton-de-pago-metodo-prepare/',
  /** Confirm's answer: statusCode 1 pendiente, 2 cancelado, 3 aprobado; amount, transactionId, authorizationCode… */
  confirmAnswer: 'https://docs.livepayphone.com/knowledge-base/boton-de-pago-metodo-confirm/',
  /** GET /api/Sale/{id} and GET /api/Sale/client/{clientTransactionId}: a transaction's state. */
  sale: 'https://docs.payphone.app/api-implementacion',
  /** POST /api/Reverse {id} and /api/Reverse/Client {clientId}: `true`, or {message, errorCode} (20: the transaction does not exist). */
  reverse: 'https://docs.payphone.app/reversar-pago',
  /** Declines always carry statusCode 2 and a `message` to show the shopper. */
  errors: 'https://docs.payphone.app/en/docs/info/errores/',
} as const;

/**
 * Error codes of PayPhone's catalogue that the double answers (Catálogo de errores on docs.payphone.app;
 * 20 with these very words on PAYPHONE_DOCS.reverse). The texts of 100, 800 and 802 are ours: the
 * catalogue names the codes, and we could not read its exact sentences.
 */
export const PAYPHONE_ERROR = {
  transactionNotFound: { errorCode: 20, message: 'La transacción no existe, verifique que el identificador enviado sea correcto.' },
  storeNotFound: { errorCode: 100, message: 'La tienda no existe.' },
  validation: { errorCode: 800, message: 'Se encontraron errores de validación en la solicitud.' },
  badToken: { errorCode: 802, message: 'Token de autenticación inválido.' },
} as const;

/** The billing data a Prepare may carry under `order.billTo` (button page, "datos de facturacion"). */
const BILL_TO = ['billToId', 'address1', 'address2', 'country', 'state', 'locality', 'firstName', 'lastName', 'phoneNumber', 'email', 'postalCode', 'customerId', 'ipAddress'] as const;
/** One product or service under `order.lineItems[]` (button page). */
const LINE_ITEM = ['productName', 'unitPrice', 'quantity', 'totalAmount', 'taxAmount', 'productSKU', 'productDescription'] as const;

type Shape = { readonly fields: readonly string[]; readonly nested?: Readonly<Record<string, Shape>> };

/** Every request body PayPhone documents for the button, by method and path. */
export const DOCUMENTED_BODIES: Readonly<Record<string, Shape>> = {
  // PAYPHONE_DOCS.button (the full example of "Estructura del Cuerpo de la Solicitud"), plus `lang` from PAYPHONE_DOCS.prepareTable.
  'POST /api/button/Prepare': {
    fields: [
      'amount', 'amountWithoutTax', 'amountWithTax', 'tax', 'service', 'tip', 'clientTransactionId', 'reference', 'storeId', 'currency',
      'responseUrl', 'cancellationUrl', 'timeZone', 'lat', 'lng', 'order', 'documentId', 'phoneNumber', 'email', 'optionalParameter', 'lang',
    ],
    nested: { order: { fields: ['billTo', 'lineItems'], nested: { billTo: { fields: BILL_TO }, lineItems: { fields: LINE_ITEM } } } },
  },
  // PAYPHONE_DOCS.button, "Consultar respuesta de transacción": {"id": …, "clientTxId": …}.
  'POST /api/button/V2/Confirm': { fields: ['id', 'clientTxId'] },
  // PAYPHONE_DOCS.reverse.
  'POST /api/Reverse': { fields: ['id'] },
  'POST /api/Reverse/Client': { fields: ['clientId'] },
};

/**
 * The fields of `body` that PayPhone's documentation of `route` does not have, as dotted paths
 * (`order.lineItems.colour`); a route PayPhone does not document at all is reported whole.
 */
export function undocumentedFields(route: string, body: unknown): string[] {
  const shape = DOCUMENTED_BODIES[route];
  if (!shape) return [`${route} (no documented body)`];
  return walk(shape, body, '');
}

function walk(shape: Shape, value: unknown, prefix: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => walk(shape, item, prefix));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => {
    if (!shape.fields.includes(key)) return [`${prefix}${key}`];
    const nested = shape.nested?.[key];
    return nested ? walk(nested, inner, `${prefix}${key}.`) : [];
  });
}
