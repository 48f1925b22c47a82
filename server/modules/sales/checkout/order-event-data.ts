// What an order's and a customer's events carry as `data` (issue 38 §3): the record as the API
// returns it (GET /api/v1/orders/{id}, /customers/{id}) and a webhook's integrator receives it —
// ids, number, status, totals in integer cents and their currency — but never the order's `code`,
// the secret of the shopper's order page, nor the customer's.

type OrderValues = {
  id: number; number: number; customerId: number; locale: string; status: string; paymentMethod: string; couponCode: string;
  subtotalCents: number; discountCents: number; taxCents: number; shippingCents: number; totalCents: number; shippingIvaCode: string; shippingTaxCents: number;
  name: string; email: string; phone: string; documentType: string; documentNumber: string; address: string; city: string; province: string; notes: string;
  canton: string; shippingName: string; shippingPickup: number;
  createdAt: string; updatedAt: string;
};

type LineValues = { position: number; productId: number | null; variantId: number | null; name: string; sku: string; unitPriceCents: number; quantity: number; discountCents: number; baseCents: number; taxBp: number; ivaCode: string; taxCents: number };

/** The order's data, with its lines when known; `code` is left out whatever `order` holds. */
export function orderEventData(order: OrderValues & { code?: string }, lines?: readonly LineValues[]): Record<string, unknown> {
  return {
    id: order.id, number: order.number, status: order.status, customerId: order.customerId, locale: order.locale, paymentMethod: order.paymentMethod, couponCode: order.couponCode,
    currency: 'USD',
    subtotalCents: order.subtotalCents, discountCents: order.discountCents, taxCents: order.taxCents, shippingCents: order.shippingCents, shippingIvaCode: order.shippingIvaCode,
    shippingTaxCents: order.shippingTaxCents, totalCents: order.totalCents,
    name: order.name, email: order.email, phone: order.phone, documentType: order.documentType, documentNumber: order.documentNumber,
    address: order.address, city: order.city, province: order.province, notes: order.notes, createdAt: order.createdAt, updatedAt: order.updatedAt,
    // How it ships (issue 40 §1), as GET /api/v1/orders/{id} says it.
    canton: order.canton, shippingName: order.shippingName, shippingPickup: order.shippingPickup === 1,
    ...(lines ? { lines: lines.map(({ position, productId, variantId, name, sku, unitPriceCents, quantity, discountCents, baseCents, taxBp, ivaCode, taxCents }) => ({ position, productId, variantId, name, sku, unitPriceCents, quantity, discountCents, baseCents, taxBp, ivaCode, taxCents })) } : {}),
  };
}

type CustomerValues = { id: number; name: string; email: string; phone: string; documentType: string; documentNumber: string; address: string; city: string; province: string; createdAt: string; updatedAt: string };

/** The customer's data, without their code. */
export function customerEventData(customer: CustomerValues & { code?: string; userId?: number | null }): Record<string, unknown> {
  const { id, name, email, phone, documentType, documentNumber, address, city, province, createdAt, updatedAt } = customer;
  return { id, name, email, phone, documentType, documentNumber, address, city, province, createdAt, updatedAt };
}
