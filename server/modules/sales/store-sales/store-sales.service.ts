import type { MessageKey } from '#common/i18n/messages.ts';
import { StoreSalesSchema, type StoreSalesInput, type StoreSalesSettings } from '#common/schemas/store-sales.ts';
import { AppError } from '#server/errors.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { changedFields, emit } from '#server/events/events.ts';
import type { Db } from '#server/db/database.ts';
import * as repository from './store-sales.repository.ts';

// A store's sales settings and its order / invoice counters (issue 23 §1). The cart, the checkout,
// the orders screens and the invoices read them here; nobody else touches `store_sales`.

export type { StoreSalesSettings } from '#common/schemas/store-sales.ts';

/** What a store without a saved row sells with: cash on delivery, no shipping fee, IVA 15 %. */
export const STORE_SALES_DEFAULTS: StoreSalesSettings = StoreSalesSchema.parse({});

/** The store's settings, or the defaults while it has saved none. */
export async function loadStoreSales(deps: ServiceDeps, scope: StoreScope): Promise<StoreSalesSettings> {
  const row = await repository.findStoreSales(deps.db, scope);
  if (!row) return { ...STORE_SALES_DEFAULTS };
  return {
    ...row,
    cashOnDelivery: row.cashOnDelivery === 1,
    bankTransfer: row.bankTransfer === 1,
    bankAccountType: row.bankAccountType as StoreSalesSettings['bankAccountType'],
    sriEnvironment: row.sriEnvironment === 2 ? 2 : 1,
    // Written only through StoreSalesSchema, which takes today's codes alone.
    shippingIvaCode: row.shippingIvaCode as StoreSalesSettings['shippingIvaCode'],
    accountingObligated: row.accountingObligated as StoreSalesSettings['accountingObligated'],
    rimpe: row.rimpe as StoreSalesSettings['rimpe'],
  };
}

/** Refused settings: each wrong field with its message key (shown beside the field). */
export class StoreSalesInvalid extends AppError {
  readonly fields: Record<string, MessageKey>;
  constructor(fields: Record<string, MessageKey>) {
    const [field, code] = Object.entries(fields)[0] ?? ['', 'validation.invalid' as MessageKey];
    super(code, 400, { field });
    this.fields = fields;
  }
}

/** Checks and saves the settings (the row made if missing); the counters are never touched here. */
export async function saveStoreSales(deps: ServiceDeps, scope: StoreScope, input: StoreSalesInput): Promise<StoreSalesSettings> {
  const parsed = StoreSalesSchema.safeParse(input);
  if (!parsed.success) {
    const fields: Record<string, MessageKey> = {};
    for (const issue of parsed.error.issues) fields[String(issue.path[0] ?? 'form')] ??= issue.message as MessageKey;
    throw new StoreSalesInvalid(fields);
  }
  const settings = parsed.data;
  await inTransaction(deps, async (tx) => {
    const before = await loadStoreSales(tx, scope);
    await repository.upsertStoreSales(tx.db, scope, { ...settings, cashOnDelivery: settings.cashOnDelivery ? 1 : 0, bankTransfer: settings.bankTransfer ? 1 : 0 }, tx.clock.now().toISOString());
    // `store.updated` with the before and after of each setting that moved (issue 38 §3).
    const changes = changedFields(before as Record<string, unknown>, settings as Record<string, unknown>, Object.keys(settings));
    if (Object.keys(changes).length === 0) return;
    await emit(tx, {
      type: 'store.updated',
      storeId: scope.storeId,
      resource: { kind: 'store', id: scope.storeId, label: scope.slug },
      data: { id: scope.storeId, slug: scope.slug, section: 'sales', ...settings },
      changes,
    });
  });
  return settings;
}

/**
 * The store's next order number, taken inside the caller's transaction `trx` (the placing one):
 * if that transaction rolls back, the number is given back with it.
 */
/**
 * Takes the store's counter row (made if missing) for the rest of the transaction `trx` without
 * moving it: a batch of placings (decision 070) takes it before any stock row, so on PostgreSQL
 * placings of one store queue on this one lock and never hold rows in crossing orders.
 */
export async function lockOrderNumbers(trx: Db, scope: StoreScope): Promise<void> {
  await repository.ensureStoreSalesRow(trx, scope, new Date().toISOString());
  await repository.lockCounters(trx, scope);
}

export async function takeOrderNumber(trx: Db, scope: StoreScope): Promise<number> {
  await repository.ensureStoreSalesRow(trx, scope, new Date().toISOString());
  return repository.takeCounter(trx, scope, 'nextOrderNumber');
}

/** The store's next invoice sequence, taken inside the issuing transaction `trx`. */
export async function takeInvoiceSequence(trx: Db, scope: StoreScope): Promise<number> {
  await repository.ensureStoreSalesRow(trx, scope, new Date().toISOString());
  return repository.takeCounter(trx, scope, 'nextInvoiceSequence');
}
