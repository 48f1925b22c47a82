import type { Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { InvoiceTable } from '#server/db/schema.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';

// An invoice's way through SRI (issue 37 §6): its state and what SRI answered, on the invoice and,
// step by step, in `invoice_sri_event`. Every query names the scope's store (decision 025): the
// owner's pages pass theirs, the job the scope of the store its payload names.

/** Where an invoice stands with SRI, with what the job needs to take its next step. */
export async function findSriState(db: Db, scope: StoreScope, invoiceId: number) {
  return db
    .selectFrom('invoice')
    .select(['id', 'storeId', 'accessKey', 'environment', 'sriStatus', 'sriSignedXml', 'sriSentAt', 'sriAttempts'])
    .where('storeId', '=', scope.storeId)
    .where('id', '=', invoiceId)
    .executeTakeFirst();
}

export type SriState = NonNullable<Awaited<ReturnType<typeof findSriState>>>;

/**
 * Moves an invoice on from the state the job read, so that two runs of one job (a worker whose lock
 * ran out) never both take a step: the second finds the state changed and updates nothing.
 */
export async function updateSriState(db: Db, scope: StoreScope, invoiceId: number, from: string, values: Updateable<InvoiceTable>): Promise<boolean> {
  const result = await db.updateTable('invoice').set(values).where('storeId', '=', scope.storeId).where('id', '=', invoiceId).where('sriStatus', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type SriEventValues = { status: string; step: 'sign' | 'send' | 'authorize'; messageId: string | null; message: string | null; messageDetail: string | null; messageType: string | null; waiting: string | null; createdAt: string };

export async function insertSriEvents(db: Db, scope: StoreScope, invoiceId: number, events: readonly SriEventValues[]): Promise<void> {
  if (events.length === 0) return;
  await db.insertInto('invoiceSriEvent').values(events.map((event) => ({ ...event, storeId: scope.storeId, invoiceId }))).execute();
}

/** What SRI answered of an invoice, oldest first: the owner's invoice page lists it. */
export async function listSriEvents(db: Db, scope: StoreScope, invoiceId: number) {
  return db
    .selectFrom('invoiceSriEvent')
    .select(['id', 'status', 'step', 'messageId', 'message', 'messageDetail', 'messageType', 'waiting', 'createdAt'])
    .where('storeId', '=', scope.storeId)
    .where('invoiceId', '=', invoiceId)
    .orderBy('id')
    .execute();
}

/** The files kept of an invoice: as signed and sent, and as SRI authorized it. */
export async function findSriFiles(db: Db, scope: StoreScope, invoiceId: number) {
  return db.selectFrom('invoice').select(['number', 'sriStatus', 'sriSignedXml', 'sriAuthorizedXml']).where('storeId', '=', scope.storeId).where('id', '=', invoiceId).executeTakeFirst();
}

/** The store's invoices still waiting for a certificate to be signed. */
export async function invoicesAwaitingCertificate(db: Db, scope: StoreScope) {
  return db.selectFrom('invoice').select('id').where('storeId', '=', scope.storeId).where('sriStatus', '=', 'issued').orderBy('id').execute();
}
