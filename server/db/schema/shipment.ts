import type { Generated } from 'kysely';

// An order's shipments (issue 40 §2, migration 2026-12-06-099).

export interface OrderShipmentTable {
  id: Generated<number>;
  storeId: number;
  orderId: number;
  /** common/carriers.ts's code. */
  carrier: string;
  trackingNumber: string;
  /** The link as it was when shipped; '' when there is none. */
  trackingUrl: Generated<string>;
  userId: number | null;
  createdAt: string;
}

/** How many units of one order line a shipment carries. */
export interface OrderShipmentLineTable {
  id: Generated<number>;
  storeId: number;
  shipmentId: number;
  orderLineId: number;
  quantity: number;
}
