import type { ColumnType, Generated } from 'kysely';

// Sales (issue 23, migration 2026-11-26-060): money in integer cents, rates in basis points.

/** A store's payment, shipping and tax settings; one row per store, made when first needed. */
export interface StoreSalesTable {
  id: Generated<number>;
  storeId: number;
  cashOnDelivery: Generated<number>;
  bankTransfer: Generated<number>;
  bankName: Generated<string>;
  /** 'savings' | 'checking' | '' */
  bankAccountType: Generated<string>;
  bankAccountNumber: Generated<string>;
  bankAccountHolder: Generated<string>;
  shippingFeeCents: Generated<number>;
  /** Orders whose goods reach this amount ship free; null: never free. */
  freeShippingFromCents: number | null;
  ruc: Generated<string>;
  businessName: Generated<string>;
  establishment: Generated<string>;
  emissionPoint: Generated<string>;
  ivaBp: Generated<number>;
  /** SRI's environment: 1 tests, 2 production. */
  sriEnvironment: Generated<number>;
  /** Taken with `update … returning` inside the placing transaction: never given twice. */
  nextOrderNumber: Generated<number>;
  nextInvoiceSequence: Generated<number>;
  createdAt: string;
  updatedAt: string;
}

export interface CustomerTable {
  id: Generated<number>;
  storeId: number;
  /** A UUID: the customer's public code. */
  code: string;
  userId: number | null;
  name: string;
  email: string;
  phone: Generated<string>;
  /** 'cedula' | 'passport' */
  documentType: string;
  documentNumber: string;
  address: Generated<string>;
  city: Generated<string>;
  province: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export interface StoreOrderTable {
  id: Generated<number>;
  storeId: number;
  /** 1, 2, 3… per store. */
  number: number;
  /** A random UUID: the shopper's key to `/shop/{slug}/order?code=`. */
  code: string;
  customerId: number;
  locale: string;
  /** 'pending' | 'paid' | 'shipped' | 'delivered' | 'cancelled' */
  status: string;
  /** 'cash_on_delivery' | 'bank_transfer' */
  paymentMethod: string;
  couponId: number | null;
  couponCode: Generated<string>;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  name: string;
  email: string;
  phone: string;
  documentType: string;
  documentNumber: string;
  address: string;
  city: string;
  province: string;
  notes: Generated<string>;
  createdAt: string;
  updatedAt: string;
}

export interface StoreOrderLineTable {
  id: Generated<number>;
  storeId: number;
  orderId: number;
  position: number;
  productId: number | null;
  variantId: number | null;
  name: string;
  sku: Generated<string>;
  unitPriceCents: number;
  quantity: number;
  discountCents: number;
  baseCents: number;
  taxBp: number;
  taxCents: number;
}

export interface StoreOrderEventTable {
  id: Generated<number>;
  storeId: number;
  orderId: number;
  status: string;
  note: Generated<string>;
  userId: number | null;
  createdAt: string;
}

export interface InvoiceTable {
  id: Generated<number>;
  storeId: number;
  orderId: number;
  establishment: string;
  emissionPoint: string;
  sequence: number;
  /** `001-001-000000123` */
  number: string;
  /** SRI's 49-digit clave de acceso (common/sri.ts). */
  accessKey: string;
  environment: number;
  ruc: string;
  businessName: string;
  buyerName: string;
  buyerDocumentType: string;
  buyerDocumentNumber: string;
  buyerEmail: string;
  buyerAddress: string;
  ivaBp: number;
  subtotalCents: number;
  discountCents: number;
  baseTaxedCents: number;
  baseZeroCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  issuedAt: string;
  /** 'unsigned' | 'signed' | 'sent' | 'authorized' | 'rejected' */
  sriStatus: ColumnType<string, string | undefined, string>;
  createdAt: string;
  updatedAt: string;
}
