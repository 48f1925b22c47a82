import type { StoreScope } from '#server/tenancy/store-scope-type.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { emit } from './events.ts';

// `inventory.changed`, emitted wherever a product's or a variant's stock moves: an edit, the stock
// action, a CSV import, a placing's take and a cancellation's give-back. One shape for all of them,
// so the audit log and an integrator read stock the same way whoever moved it.

export type StockMove = {
  /** The variant's own row when the line is a variant; its product's stock moves with it. */
  variantId: number | null;
  productId: number | null;
  /** The product's (or variant's) name as shown, for the log's line. */
  name: string;
  sku?: string;
  before: number;
  after: number;
};

/** Emits one `inventory.changed` for a moved stock, in the caller's transaction; nothing when it did not move. */
export async function emitStockMove(tx: ServiceDeps, scope: StoreScope, move: StockMove): Promise<void> {
  if (move.before === move.after) return;
  const variant = move.variantId !== null;
  await emit(tx, {
    type: 'inventory.changed',
    storeId: scope.storeId,
    resource: { kind: variant ? 'variant' : 'product', id: variant ? move.variantId : move.productId, label: move.name },
    data: { productId: move.productId, variantId: move.variantId, ...(move.sku === undefined ? {} : { sku: move.sku }), stock: move.after, previousStock: move.before },
    changes: { stock: [move.before, move.after] },
  });
}
