// What a credit note credits of an invoice line (issue 37 §7). A line's base, discount and IVA were
// rounded once, for all its units (common/order-totals.ts); crediting q of its n units credits the
// share of each for the units credited so far plus these, less the share of those credited before.
// So every credit is whole cents, the credits of a line add up to exactly what the invoice charged
// once all its units are credited, and no sequence of partial credits ever passes it.

/** `cents` × q / n, rounded half up, in integers (cents ≤ 10^8 and n ≤ 10^6 stay far below 2^53). */
export function shareOf(cents: number, q: number, n: number): number {
  if (n <= 0) return 0;
  return Math.floor((2 * cents * q + n) / (2 * n));
}

export type InvoicedLine = {
  quantity: number;
  discountCents: number;
  baseCents: number;
  taxCents: number;
  /** Units of the line already credited by earlier credit notes. */
  creditedQuantity: number;
};

/** The amounts of crediting `quantity` more units of `line`. */
export function creditOf(line: InvoicedLine, quantity: number) {
  const before = line.creditedQuantity;
  const after = before + quantity;
  const part = (cents: number) => shareOf(cents, after, line.quantity) - shareOf(cents, before, line.quantity);
  return { discountCents: part(line.discountCents), baseCents: part(line.baseCents), taxCents: part(line.taxCents) };
}
