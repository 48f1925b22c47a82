import type { Db } from '#server/db/database.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';

// STAND-IN until branch `checkout` lands its store-sales module (it owns this folder): only what
// the settings screen needs, to be replaced by theirs at the merge.

const COLUMNS = ['cashOnDelivery', 'bankTransfer', 'bankName', 'bankAccountType', 'bankAccountNumber', 'bankAccountHolder', 'shippingFeeCents', 'freeShippingFromCents', 'ruc', 'businessName', 'establishment', 'emissionPoint', 'ivaBp'] as const;

export function findStoreSales(db: Db, scope: StoreScope) {
  return db.selectFrom('storeSales').select(COLUMNS).where('storeId', '=', scope.storeId).executeTakeFirst();
}

export type StoreSalesRow = { cashOnDelivery: number; bankTransfer: number; bankName: string; bankAccountType: string; bankAccountNumber: string; bankAccountHolder: string; shippingFeeCents: number; freeShippingFromCents: number | null; ruc: string; businessName: string; establishment: string; emissionPoint: string; ivaBp: number };

export async function upsertStoreSales(db: Db, scope: StoreScope, row: StoreSalesRow, now: string) {
  await db
    .insertInto('storeSales')
    .values({ storeId: scope.storeId, ...row, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('storeId').doUpdateSet({ ...row, updatedAt: now }))
    .execute();
}
