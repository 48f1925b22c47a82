import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StoreSalesTable } from '#server/db/schema/sales.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A store's one `store_sales` row: its settings and its two counters (issue 23 §1).

type SettingsValues = Omit<Insertable<StoreSalesTable>, 'id' | 'storeId' | 'nextOrderNumber' | 'nextInvoiceSequence' | 'createdAt' | 'updatedAt'>;

const SETTINGS = ['cashOnDelivery', 'bankTransfer', 'bankName', 'bankAccountType', 'bankAccountNumber', 'bankAccountHolder', 'shippingFeeCents', 'freeShippingFromCents', 'ruc', 'businessName', 'establishment', 'emissionPoint', 'shippingIvaCode', 'sriEnvironment', 'headOfficeAddress', 'establishmentAddress', 'accountingObligated', 'rimpe', 'withholdingAgent'] as const;

export const findStoreSales = (db: Db, scope: StoreScope) =>
  db.selectFrom('storeSales').select(SETTINGS).where('storeId', '=', scope.storeId).executeTakeFirst();

export async function upsertStoreSales(db: Db, scope: StoreScope, values: SettingsValues, at: string): Promise<void> {
  await db.insertInto('storeSales').values({ ...values, storeId: scope.storeId, createdAt: at, updatedAt: at })
    .onConflict((conflict) => conflict.column('storeId').doUpdateSet({ ...values, updatedAt: at }))
    .execute();
}

/** Makes the store's row with the defaults if it has none; never touches an existing one. */
export async function ensureStoreSalesRow(db: Db, scope: StoreScope, at: string): Promise<void> {
  await db.insertInto('storeSales').values({ storeId: scope.storeId, createdAt: at, updatedAt: at })
    .onConflict((conflict) => conflict.column('storeId').doNothing())
    .execute();
}

/**
 * Takes the counter's current value and moves it on in one statement: the row stays locked to the
 * end of the caller's transaction (PostgreSQL's row lock; SQLite's one writer), so two placings
 * never read the same number.
 */
export async function takeCounter(db: Db, scope: StoreScope, counter: 'nextOrderNumber' | 'nextInvoiceSequence'): Promise<number> {
  const row = await db.updateTable('storeSales')
    .set((eb) => ({ [counter]: eb(counter, '+', 1) }) as never)
    .where('storeId', '=', scope.storeId)
    .returning(counter)
    .executeTakeFirstOrThrow();
  return Number((row as Record<string, unknown>)[counter]) - 1;
}

/** Locks the store's row to the end of the caller's transaction, changing nothing (PostgreSQL's row lock). */
export async function lockCounters(db: Db, scope: StoreScope): Promise<void> {
  await db.updateTable('storeSales').set((eb) => ({ nextOrderNumber: eb.ref('nextOrderNumber') })).where('storeId', '=', scope.storeId).execute();
}
