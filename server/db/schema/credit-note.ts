import type { Generated } from 'kysely';
import type { SriDocumentColumns, SriEventColumns } from './sales.ts';

// Credit notes (issue 37 §7, migration 2026-12-06-091): SRI's `nota de crédito` of an invoice.

/** Its SRI columns are an invoice's (SriDocumentColumns). */
export interface CreditNoteTable extends SriDocumentColumns {
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
  createdAt: string;
  updatedAt: string;
}

/** A step of a credit note's way through SRI, as an invoice's. */
export interface CreditNoteSriEventTable extends SriEventColumns {
  creditNoteId: number;
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
