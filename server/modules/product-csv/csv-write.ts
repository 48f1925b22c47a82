import { setImmediate as yieldToOthers } from 'node:timers/promises';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { emit, type FieldChanges } from '#server/events/events.ts';
import { emitStockMove } from '#server/events/inventory.ts';
import { insertProducts, insertVariants, releaseSkus, syncStockFromVariants, updateProducts, updateVariants, writeMark } from './product-csv.repository.ts';

// The import's write phase (issue 36 §10, decision 082): what the plan decided, written a batch at
// a time, each batch a short transaction of its own with a turn for other requests after it. On
// SQLite a process has one connection (decision 040): one transaction of 100,000 rows held it, and
// every request of that process, `/healthz` too, for 3.3 s.

/**
 * Records written per transaction: one statement of products or variants. 1,000 (two statements of
 * 500) held a loaded SQLite process 50–90 ms a batch, each product row costing its ~20 indexes and
 * triggers; 250 hold it ~10–20 ms, and 400 short transactions more cost the import little.
 */
export const WRITE_BATCH = 250;

type NewProduct = Parameters<typeof insertProducts>[2][number];
type NewVariant = Parameters<typeof insertVariants>[2][number];
export type Writes = {
  releaseProductSkus: number[];
  releaseVariantSkus: number[];
  newProducts: NewProduct[];
  changedProducts: Parameters<typeof updateProducts>[2];
  /** New variants, each with its product's slug: a product created by an earlier batch has its id only then. */
  newVariants: (Omit<NewVariant, 'productId'> & { productSlug: string })[];
  changedVariants: Parameters<typeof updateVariants>[2];
  /** The ids of the products new variants belong to, by slug: the new products added as their batches are written. */
  productIds: Map<string, number>;
  /** What an update changes, by `product:<id>` or `variant:<id>`: its event's before and after. */
  changes: Map<string, FieldChanges>;
};

/** `changed`: the catalog was not as checked, nothing written. `interrupted`: stopped after `written` of `total` records. */
export type WriteOutcome = { done: true } | { done: false; changed: true } | { done: false; interrupted: true; written: number; total: number };

/** Variants whose products' stock one transaction of the stock sync takes (one range of products). */
export const SYNC_VARIANTS = 5000;

/** `write` says 'again' when the step has more to do, in a transaction of its own. */
type Step = { records: number; write: (tx: ServiceDeps) => Promise<'again' | void> };

function stepsOf(scope: StoreScope, writes: Writes): Step[] {
  const steps: Step[] = [];
  const batches = <T>(rows: readonly T[], write: (tx: ServiceDeps, batch: T[]) => Promise<void>) => {
    for (let start = 0; start < rows.length; start += WRITE_BATCH) {
      const batch = rows.slice(start, start + WRITE_BATCH);
      steps.push({ records: batch.length, write: (tx) => write(tx, batch) });
    }
  };
  // Every record whose SKU changes gives its old one up before any takes a new one (decision 071).
  batches(writes.releaseProductSkus, (tx, ids) => releaseSkus(tx.db, scope, 'product', ids));
  batches(writes.releaseVariantSkus, (tx, ids) => releaseSkus(tx.db, scope, 'variant', ids));
  batches(writes.newProducts, async (tx, rows) => {
    const made = await insertProducts(tx.db, scope, rows);
    for (const [slug, id] of made) writes.productIds.set(slug, id);
    const bySlug = new Map(made);
    for (const row of rows) await emitImported(tx, scope, 'product.created', { kind: 'product', id: bySlug.get(row.slug) ?? null, row });
  });
  batches(writes.changedProducts, async (tx, rows) => {
    await updateProducts(tx.db, scope, rows);
    for (const row of rows) await emitImported(tx, scope, 'product.updated', { kind: 'product', id: row.id, row, changes: writes.changes.get(`product:${row.id}`) });
  });
  batches(writes.newVariants, async (tx, rows) => {
    await insertVariants(tx.db, scope, rows.map(({ productSlug, ...variant }) => ({ ...variant, productId: writes.productIds.get(productSlug)! })));
    // A new variant is news of its product (as the variant form's save, variant.service.ts).
    for (const { productSlug, ...row } of rows) await emitImported(tx, scope, 'product.updated', { kind: 'variant', id: null, row: { ...row, productId: writes.productIds.get(productSlug) ?? null } });
  });
  batches(writes.changedVariants, async (tx, rows) => {
    await updateVariants(tx.db, scope, rows);
    for (const row of rows) await emitImported(tx, scope, 'product.updated', { kind: 'variant', id: row.id, row, changes: writes.changes.get(`variant:${row.id}`) });
  });
  // A product with variants shows their total, as the screens keep it, also one the file does not
  // name (decision 071): last, a range of products at a time (one statement over the store's 150,000
  // variants held a loaded SQLite process 120–135 ms, decision 085).
  let synced = 0;
  steps.push({
    records: 0,
    write: async (tx) => {
      const upTo = await syncStockFromVariants(tx.db, scope, synced, SYNC_VARIANTS);
      if (upTo === null) return;
      synced = upTo;
      return 'again';
    },
  });
  return steps;
}

/**
 * An imported record's event, in its batch's transaction (issue 38 §3): as the form's save of it
 * would emit, with the file's values as its data; a moved stock is an `inventory.changed` too.
 */
async function emitImported(tx: ServiceDeps, scope: StoreScope, type: 'product.created' | 'product.updated', record: { kind: 'product' | 'variant'; id: number | null; row: Record<string, unknown> & { name: string }; changes?: FieldChanges }) {
  const { kind, id, row, changes = {} } = record;
  const { createdAt: _created, ...data } = row;
  await emit(tx, { type, storeId: scope.storeId, resource: { kind, id, label: row.name }, data: { ...data, id }, changes });
  const stock = changes.stock;
  if (stock && id !== null) {
    const productId = kind === 'product' ? id : ((row.productId as number | undefined) ?? null);
    await emitStockMove(tx, scope, { productId, variantId: kind === 'variant' ? id : null, name: row.name, sku: String(row.sku ?? ''), before: Number(stock[0]), after: Number(stock[1]) });
  }
}

/**
 * Writes in batches. The first batch's transaction asks `stillAsChecked` (the whole catalog's
 * fingerprint): false, and nothing is written. Each later batch checks that no one else added or
 * changed a product or variant since the batch before (`writeMark`): if someone did, or a batch
 * fails, the import stops there and says how much it wrote; importing the file again completes it.
 */
export async function writeInBatches(deps: ServiceDeps, scope: StoreScope, writes: Writes, stillAsChecked: (tx: ServiceDeps) => Promise<boolean>): Promise<WriteOutcome> {
  const steps = stepsOf(scope, writes);
  const total = steps.reduce((sum, step) => sum + step.records, 0);
  let mark = '';
  let written = 0;
  for (let index = 0, first = true; index < steps.length; first = false) {
    const step = steps[index]!;
    const outcome = await inTransaction(deps, async (tx) => {
      if (first ? !(await stillAsChecked(tx)) : (await writeMark(tx.db, scope)) !== mark) return 'changed';
      const more = await step.write(tx);
      mark = await writeMark(tx.db, scope);
      return more ?? 'written';
    }).catch((error: unknown) => {
      if (first) throw error;
      deps.log.warn({ err: error, storeId: scope.storeId, written, total }, 'catalog import stopped between batches');
      return 'failed';
    });
    if (outcome === 'changed' && first) return { done: false, changed: true };
    if (outcome !== 'written' && outcome !== 'again') return { done: false, interrupted: true, written, total };
    if (outcome === 'written') {
      written += step.records;
      index += 1;
    }
    await yieldToOthers();
  }
  return { done: true };
}
