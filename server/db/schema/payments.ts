import type { Generated } from 'kysely';

// Payments (issue 39, migration 2026-12-06-097, decision 089): money in integer cents, USD.

export interface StorePaymentGatewayTable {
  id: Generated<number>;
  storeId: number;
  /** 'payphone' | 'paypal' */
  gateway: string;
  enabled: number;
  /** 'sandbox' | 'live' */
  environment: string;
  /** The gateway's fields as JSON, sealed (payment-gateway-settings.ts); null until given. */
  credentialsSealed: Uint8Array | null;
  expiryMinutes: number;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentTable {
  id: Generated<number>;
  storeId: number;
  orderId: number;
  /** 'payphone' | 'paypal' | 'bank_transfer' | 'cash_on_delivery' */
  method: string;
  amountCents: number;
  currency: string;
  /** pending → authorized → paid | failed | expired | refunded | partially_refunded */
  state: string;
  clientTransactionId: string;
  providerPaymentId: string | null;
  providerStatus: Generated<string>;
  /** JSON object of strings. */
  details: Generated<string>;
  refundedCents: Generated<number>;
  flag: Generated<string>;
  expiresAt: string | null;
  confirmedBy: number | null;
  confirmedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface PaymentReceiptTable {
  id: Generated<number>;
  storeId: number;
  orderId: number;
  paymentId: number;
  storageKey: string;
  contentType: string;
  byteSize: number;
  /** submitted → confirmed | rejected */
  state: string;
  reason: Generated<string>;
  decidedBy: number | null;
  decidedAt: string | null;
  createdAt: string;
}

export interface PaymentRefundTable {
  id: Generated<number>;
  storeId: number;
  orderId: number;
  paymentId: number;
  amountCents: number;
  reason: string;
  /** JSON [{ lineId, quantity }]; [] for a refund by amount. */
  lines: string;
  restocked: number;
  /** 'gateway' | 'manual' */
  kind: string;
  providerRefundId: string | null;
  providerStatus: Generated<string>;
  creditNoteId: number | null;
  userId: number | null;
  createdAt: string;
}

