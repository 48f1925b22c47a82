import { defineEnum } from './define-enum.ts';

/**
 * How a buyer is identified on an invoice (issue 37 §3): each type is one of SRI's (tabla 6),
 * frozen on the order and written as the buyer chose it. Registration's own, narrower set is
 * `documentType` (common/enums/accounts.ts): a casillero account is a person with a cédula or a
 * passport. Values fit the `document_type` columns (ten characters).
 */
export const identificationType = defineEnum('identificationType', ['cedula', 'ruc', 'passport', 'foreign', 'final'], { labels: 'customer.documentTypes' });
