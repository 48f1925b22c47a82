import { z } from '#common/zod.ts';
import { CARRIERS, safeTrackingUrl } from '../carriers.ts';
import { parseWith, type ParseResult } from '../forms.ts';
import { MAX_BULK_IDS } from '../bulk.ts';
import { recordIdNumber } from '../record-id.ts';

// An order's shipment (issue 40 §2, decision 091): shared by the order page's form, its action, the
// order list's bulk ship and `POST /api/v1/orders/{id}/shipments`.

/** A tracking number: one line of letters, digits and the usual separators, as carriers print them. */
const TRACKING = /^[\p{L}\p{N}][\p{L}\p{N} ./_-]*$/u;

const ShipmentLine = z.object({
  orderLineId: recordIdNumber('shipment.unknownLine').describe("The order line's id (GET /orders/{id})"),
  quantity: z.number({ error: 'validation.number' }).int({ error: 'validation.number' }).min(0, { error: 'shipment.badQuantity' }).max(100_000, { error: 'shipment.badQuantity' }),
});

export const ShipmentInputSchema = z
  .object({
    carrier: z.enum(CARRIERS, { error: 'shipment.carrierRequired' }).describe('servientrega, tramaco, laar, correos_ecuador, urbano or other'),
    trackingNumber: z.string().trim().max(60, { error: 'validation.tooLong' }).refine((value) => value === '' || TRACKING.test(value), { error: 'shipment.badTrackingNumber' }).default('').describe("The carrier's tracking (guide) number; may be empty only for carrier other"),
    trackingUrl: z.string().trim().max(500, { error: 'validation.tooLong' }).refine((value) => value === '' || safeTrackingUrl(value) !== null, { error: 'shipment.badTrackingUrl' }).optional().default('').describe('For carrier other only: the tracking page (http or https); the known carriers get theirs from their pattern'),
    lines: z.array(ShipmentLine).max(500).optional().describe('Lines and units this parcel carries; left out, every unit still to ship'),
    note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional().default('').describe("A note for the buyer's e-mail"),
  })
  .superRefine((input, context) => {
    if (input.carrier !== 'other' && input.trackingNumber === '') context.addIssue({ code: 'custom', path: ['trackingNumber'], message: 'shipment.trackingRequired' });
    if (input.carrier !== 'other' && input.trackingUrl) context.addIssue({ code: 'custom', path: ['trackingUrl'], message: 'shipment.urlOnlyForOther' });
  });
export type ShipmentInput = z.input<typeof ShipmentInputSchema>;
export type ShipmentData = z.output<typeof ShipmentInputSchema>;

/**
 * The order page's form: the carrier, number, link and note as fields, and each line's units as
 * `qty-{orderLineId}` (typed as whole numbers; anything else is refused beside the form).
 */
export function readShipmentForm(values: Record<string, string>): ParseResult<ShipmentData> {
  const lines: { orderLineId: number; quantity: number }[] = [];
  for (const [key, value] of Object.entries(values)) {
    const match = /^qty-(\d{1,9})$/.exec(key);
    if (!match) continue;
    const text = value.trim();
    lines.push({ orderLineId: Number(match[1]), quantity: /^\d{1,6}$/.test(text) ? Number(text) : -1 });
  }
  return parseWith(ShipmentInputSchema, { carrier: values.carrier, trackingNumber: values.trackingNumber ?? '', trackingUrl: values.trackingUrl ?? '', note: values.note ?? '', ...(lines.length > 0 ? { lines } : {}) });
}

/**
 * The order list's bulk ship: one carrier for every order, a tracking number per order
 * (`tracking-{orderId}`). Each order ships all it has left (decision 091).
 */
export const BulkShipSchema = z.object({
  carrier: z.enum(CARRIERS, { error: 'shipment.carrierRequired' }),
  orders: z.array(z.object({ orderId: recordIdNumber('bulk.badIds'), trackingNumber: z.string() })).min(1, { error: 'bulk.noneSelected' }).max(MAX_BULK_IDS, { error: 'bulk.tooMany' }),
});
