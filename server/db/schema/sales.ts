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
  /** SRI's IVA code shipping is charged at (common/iva.ts); '4' is 15 %. */
  shippingIvaCode: Generated<string>;
  /** SRI's environment: 1 tests, 2 production. */
  sriEnvironment: Generated<number>;
  /** SRI's `dirMatriz` and `dirEstablecimiento` (migration 2026-12-06-087). */
  headOfficeAddress: Generated<string>;
  establishmentAddress: Generated<string>;
  /** '' until the owner says, then 'yes' | 'no' (SRI's `obligadoContabilidad`). */
  accountingObligated: Generated<string>;
  /** 'none' | 'emprendedor' | 'negocio_popular' (SRI's `contribuyenteRimpe`). */
  rimpe: Generated<string>;
  /** The withholding agent resolution's number, digits; '' when none (SRI's `agenteRetencion`). */
  withholdingAgent: Generated<string>;
  /** Taken with `update … returning` inside the placing transaction: never given twice. */
  nextOrderNumber: Generated<number>;
  nextInvoiceSequence: Generated<number>;
  /** The credit notes' own series (migration 2026-12-06-091). */
  nextCreditNoteSequence: Generated<number>;
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
  /** 'cash_on_delivery' | 'bank_transfer' | 'payphone' | 'paypal' */
  paymentMethod: string;
  /** Its payment's state (common/enums/payment.ts), kept with the payment in one transaction. */
  paymentState: Generated<string>;
  /** What was refunded of it (payment_refund), in cents. */
  refundedCents: Generated<number>;
  couponId: number | null;
  couponCode: Generated<string>;
  subtotalCents: number;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  /** Shipping's IVA, frozen at sale: its code and its tax (in `taxCents` too). */
  shippingIvaCode: Generated<string>;
  shippingTaxCents: Generated<number>;
  totalCents: number;
  name: string;
  email: string;
  phone: string;
  documentType: string;
  documentNumber: string;
  address: string;
  city: string;
  province: string;
  /** The canton shipped to (common/ecuador-places.ts); '' on orders before issue 40. */
  canton: Generated<string>;
  /** The shipping rate's name as sold ("Galápagos — Servientrega"); '' for the store's one flat fee. */
  shippingName: Generated<string>;
  /** 1: picked up in the store, nothing shipped. */
  shippingPickup: Generated<number>;
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
  /** The rate its tax was reckoned at, and SRI's code for it: both frozen at sale. */
  taxBp: number;
  ivaCode: string;
  taxCents: number;
}

/** One step of a document's way through SRI: what SRI answered, for the owner's page. */
export interface SriEventColumns {
  id: Generated<number>;
  storeId: number;
  status: string;
  /** 'sign' | 'send' | 'authorize' */
  step: string;
  messageId: string | null;
  message: string | null;
  messageDetail: string | null;
  messageType: string | null;
  waiting: string | null;
  createdAt: string;
}

export interface InvoiceSriEventTable extends SriEventColumns {
  invoiceId: number;
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

/** A note the owner sent the shopper from the order page (migration 2026-12-06-100). */
export interface StoreOrderNoteTable {
  id: Generated<number>;
  storeId: number;
  orderId: number;
  body: string;
  userId: number | null;
  createdAt: string;
}

/**
 * A document's way through SRI (migrations 2026-12-06-089 and 091): the same columns on an invoice
 * and a credit note, so one job and one set of queries serve both (invoice-sri.repository.ts).
 */
export interface SriDocumentColumns {
  /** 'issued' | 'signed' | 'received' | 'authorized' | 'rejected' (migration 2026-12-06-089) */
  sriStatus: ColumnType<string, string | undefined, string>;
  /** The signed factura as sent to SRI, once signed (migration 2026-12-06-089). */
  sriSignedXml: Uint8Array | null;
  /** SRI's `<autorizacion>` file with the comprobante as SRI returned it, once authorized. */
  sriAuthorizedXml: Uint8Array | null;
  authorizationNumber: string | null;
  authorizedAt: string | null;
  /** SRI's last message: identificador, mensaje, informacionAdicional, tipo. */
  sriMessageId: string | null;
  sriMessage: string | null;
  sriMessageDetail: string | null;
  sriMessageType: string | null;
  /** 'certificate' | 'unreachable' | 'processing' while the job waits, else null. */
  sriWaiting: string | null;
  sriSentAt: string | null;
  sriNextAttemptAt: string | null;
  sriAttempts: Generated<number>;
}

export interface InvoiceTable extends SriDocumentColumns {
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
  subtotalCents: number;
  discountCents: number;
  baseTaxedCents: number;
  baseZeroCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
  issuedAt: string;
  /** The store's issuer facts as they were when issued (migration 2026-12-06-087); '' before it. */
  issuerHeadOfficeAddress: Generated<string>;
  issuerEstablishmentAddress: Generated<string>;
  issuerAccountingObligated: Generated<string>;
  issuerRimpe: Generated<string>;
  issuerWithholdingAgent: Generated<string>;
  createdAt: string;
  updatedAt: string;
}
