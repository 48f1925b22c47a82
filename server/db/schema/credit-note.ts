import type { Generated } from 'kysely';

// Credit notes (issue 37 §7, migration 2026-12-06-091): SRI's `nota de crédito` of an invoice.

export interface CreditNoteTable {
  id: Generated<number>;
  storeId: number;
  invoiceId: number;
  orderId: number;
  establishment: string;
  emissionPoint: string;
  sequence: number;
  /** `001-001-000000123` in the store's credit-note series. */
  number: string;
  accessKey: string;
  environment: number;
  reason: string;
  /** 1: the credited units went back to stock. */
  restocked: number;
  baseCents: number;
  taxCents: number;
  totalCents: number;
  userId: number | null;
  issuedAt: string;
  /** As an invoice's (InvoiceTable): issued → signed → received → authorized | rejected. */
  sriStatus: Generated<string>;
  sriSignedXml: Uint8Array | null;
  sriAuthorizedXml: Uint8Array | null;
  authorizationNumber: string | null;
  authorizedAt: string | null;
  sriMessageId: string | null;
  sriMessage: string | null;
  sriMessageDetail: string | null;
  sriMessageType: string | null;
  sriWaiting: string | null;
  sriSentAt: string | null;
  sriNextAttemptAt: string | null;
  sriAttempts: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface CreditNoteSriEventTable {
  id: Generated<number>;
  storeId: number;
  creditNoteId: number;
  status: string;
  step: string;
  messageId: string | null;
  message: string | null;
  messageDetail: string | null;
  messageType: string | null;
  waiting: string | null;
  createdAt: string;
}

export interface CreditNoteLineTable {
  id: Generated<number>;
  storeId: number;
  creditNoteId: number;
  position: number;
  /** null: the order's shipping. */
  orderLineId: number | null;
  code: string;
  name: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  baseCents: number;
  /** SRI's IVA code, as the order line froze it (common/iva.ts). */
  ivaCode: string;
  taxBp: number;
  taxCents: number;
}
