import type { Insertable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { StorePaymentGatewayTable } from '#server/db/schema/payments.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A store's gateways' rows (issue 39): one per store and gateway, made when first saved.

export const findGatewayRow = (db: Db, scope: StoreScope, gateway: string) =>
  db.selectFrom('storePaymentGateway').selectAll().where('storeId', '=', scope.storeId).where('gateway', '=', gateway).executeTakeFirst();

export const gatewayRows = (db: Db, scope: StoreScope) =>
  db.selectFrom('storePaymentGateway').select(['gateway', 'enabled', 'environment', 'credentialsSealed', 'expiryMinutes']).where('storeId', '=', scope.storeId).execute();

type Values = Pick<Insertable<StorePaymentGatewayTable>, 'enabled' | 'environment' | 'expiryMinutes' | 'credentialsSealed' | 'updatedAt'>;

export async function upsertGateway(db: Db, scope: StoreScope, gateway: string, values: Values): Promise<void> {
  await db.insertInto('storePaymentGateway').values({ ...values, storeId: scope.storeId, gateway, createdAt: values.updatedAt })
    .onConflict((conflict) => conflict.columns(['storeId', 'gateway']).doUpdateSet(values)).execute();
}
