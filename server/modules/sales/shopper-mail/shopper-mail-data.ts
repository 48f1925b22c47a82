import type { Locale } from '#common/locale.ts';
import type { JobPayloads } from '#server/modules/job/job-payloads.ts';

// What a shopper's e-mail about an order is drawn from (issue 40 §5): plain data, no database, so
// the module renders the same message in a test, a preview or the job that sends it. The caller
// (shopper-mail.service.ts) reads it from the order when the mail leaves.

/** Why the shopper is written to, queued: the event, and what the event alone knows (a note, an amount), kept in the job's payload. */
export type QueuedShopperMessage = JobPayloads['order.shopperMail']['message'];

/**
 * Why the shopper is written to: a queued message, or an SRI document's copy, whose job
 * (sri-buyer-copy.ts) words it and sends it with its files.
 */
export type ShopperMailMessage = QueuedShopperMessage | { kind: 'document'; subject: string; paragraphs: string[] };

export type ShopperMailLine = { name: string; sku: string; quantity: number; unitPriceCents: number };

/** A parcel on its way: the carrier's name as shown, its tracking number and link (null when the carrier has none). */
export type ShopperMailShipment = { carrierLabel: string; trackingNumber: string; trackingUrl: string | null };

export type ShopperMailBank = { name: string; accountType: string; accountNumber: string; holder: string };

export type ShopperMailData = {
  locale: Locale;
  message: ShopperMailMessage;
  store: {
    name: string;
    /** The store's contact e-mail: the Reply-To, none when empty. */
    contactEmail: string;
    /** An absolute address of the logo, null without one. */
    logoUrl: string | null;
    /** The storefront style (common/store-styles.ts): its colours brand the mail. */
    style: number;
    /** Where a pickup order is collected: the store's contact address, '' when not given. */
    address: string;
  };
  order: {
    number: number;
    name: string;
    phone: string;
    address: string;
    city: string;
    province: string;
    /** Present once checkout asks for it (issue 40 §1); '' or absent on older orders. */
    canton?: string;
    paymentMethod: string;
    status: string;
    paymentState: string;
    subtotalCents: number;
    discountCents: number;
    couponCode: string;
    taxCents: number;
    shippingCents: number;
    totalCents: number;
    refundedCents: number;
    createdAt: string;
  };
  lines: readonly ShopperMailLine[];
  /** The chosen rate's name as sold ("Galápagos — Servientrega"); absent or '' before rates existed. */
  shippingName?: string;
  /** Collected at the store: no address, no carrier. */
  pickup?: boolean;
  /** The order's shipments with tracking, shown on a shipped order's mail. */
  shipments?: readonly ShopperMailShipment[];
  /** The account to pay into, only while a transfer order still waits for its money. */
  bank: ShopperMailBank | null;
  /** The shopper's order page, absolute (it carries the order's code). */
  orderUrl: string;
};
