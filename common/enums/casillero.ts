import { defineEnum } from './define-enum.ts';

// The casillero's closed sets. Colours: waiting yellow, in our hands brand/indigo, travelling
// blue/orange, done green, void gray — the same meaning on every screen.
export const alertStatus = defineEnum('alertStatus', ['pending', 'received'], {
  labels: 'casillero.alertStatus',
  colors: { pending: 'yellow', received: 'brand' },
});

export const packageStatus = defineEnum('packageStatus', ['in_warehouse', 'consolidating', 'shipped', 'in_customs', 'delivered'], {
  labels: 'casillero.packageStatus',
  colors: { in_warehouse: 'brand', consolidating: 'indigo', shipped: 'blue', in_customs: 'orange', delivered: 'green' },
});

export const consolidationStatus = defineEnum('consolidationStatus', ['requested', 'processing', 'shipped', 'in_customs', 'delivered', 'cancelled'], {
  labels: 'casillero.consolidationStatus',
  colors: { requested: 'yellow', processing: 'indigo', shipped: 'blue', in_customs: 'orange', delivered: 'green', cancelled: 'gray' },
});

/** An alert's timeline before its package joins a consolidation (then the consolidation's statuses follow). */
export const alertHistoryStep = defineEnum('alertHistoryStep', ['alerted', 'received'], { labels: 'casillero.history' });

/**
 * Carriers are proper names, shown as they are in both languages — all but 'Other', which is a
 * word: stored as 'Other' (the API's value), shown through its message (carrierLabel).
 */
export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL', 'Amazon Logistics', 'OnTrac', 'LaserShip', 'Other'] as const;

/** The message key of a carrier that needs translating, or null for a proper name shown as is. */
export function carrierLabel(carrier: string): 'casillero.carrierOther' | null {
  return carrier === 'Other' ? 'casillero.carrierOther' : null;
}

// The sorts of each list (column keys); the column header is the label.
export const ALERT_SORTS = ['created', 'expected', 'value', 'tracking'] as const;
export const PACKAGE_SORTS = ['received'] as const;
export const CONSOLIDATION_SORTS = ['created', 'weight', 'cost'] as const;
