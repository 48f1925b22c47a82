import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StoreCertificateTable } from '#server/db/schema/store-certificate.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The store's one `store_certificate` row (issue 37 §5). Every query names its store: another
// store's certificate is never read. The sealed columns are read only by `findSealed`, for signing.

const SUMMARY = ['holder', 'issuer', 'serial', 'notBefore', 'notAfter', 'uploadedAt'] as const;

export const findCertificateSummary = (db: Db, scope: StoreScope) =>
  db.selectFrom('storeCertificate').select(SUMMARY).where('storeId', '=', scope.storeId).executeTakeFirst();

export const findSealed = (db: Db, scope: StoreScope) =>
  db.selectFrom('storeCertificate').select([...SUMMARY, 'p12Sealed', 'passwordSealed']).where('storeId', '=', scope.storeId).executeTakeFirst();

type Values = Omit<Insertable<StoreCertificateTable>, 'id' | 'storeId'>;

/** Keeps the store's certificate, replacing the one it had. */
export async function upsertCertificate(db: Db, scope: StoreScope, values: Values): Promise<void> {
  await db.insertInto('storeCertificate').values({ ...values, storeId: scope.storeId })
    .onConflict((conflict) => conflict.column('storeId').doUpdateSet(values))
    .execute();
}

/** Whether there was one to remove. */
export async function deleteCertificate(db: Db, scope: StoreScope): Promise<boolean> {
  const result = await db.deleteFrom('storeCertificate').where('storeId', '=', scope.storeId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
