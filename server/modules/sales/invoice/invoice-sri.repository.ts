import type { Updateable } from 'kysely';
import type { Db } from '#server/db/database.ts';
import type { InvoiceTable } from '#server/db/schema.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A document's way through SRI (issue 37 §6, §7): an invoice's or a credit note's state and what
// SRI answered, on the document and, step by step, in its events table. Both tables carry the same
// SRI columns (migrations 089 and 091), so one set of queries serves both. Every query names the
// scope's store (decision 025): the owner's pages pass theirs, the job the scope of the store its
// payload names.

/** Which SRI document: SRI's `factura` (our `invoice`) or `notaCredito` (our `credit_note`). */
export type SriKind = 'invoice' | 'creditNote';
export type SriDoc = { kind: SriKind; id: number };

// The credit note's table is typed as the invoice's for the columns these queries name, which
// both have under the same names: Kysely cannot type one query over either of two tables.
const TABLES = {
  invoice: { table: 'invoice', events: 'invoiceSriEvent', owner: 'invoiceId' },
  creditNote: { table: 'creditNote', events: 'creditNoteSriEvent', owner: 'creditNoteId' },
} as const;
const table = (doc: SriDoc) => TABLES[doc.kind].table as 'invoice';
const eventsTable = (doc: SriDoc) => TABLES[doc.kind].events as 'invoiceSriEvent';
const owner = (doc: SriDoc) => TABLES[doc.kind].owner as 'invoiceId';

/** Where a document stands with SRI, with what the job needs to take its next step. */
export async function findSriState(db: Db, scope: StoreScope, doc: SriDoc) {
  return db
    .selectFrom(table(doc))
    .select(['id', 'storeId', 'number', 'accessKey', 'environment', 'sriStatus', 'sriSignedXml', 'sriSentAt', 'sriAttempts'])
    .where('storeId', '=', scope.storeId)
    .where('id', '=', doc.id)
    .executeTakeFirst();
}

export type SriState = NonNullable<Awaited<ReturnType<typeof findSriState>>>;

/** The SRI columns a step writes: the same on both tables. */
export type SriValues = Pick<Updateable<InvoiceTable>, 'sriStatus' | 'sriSignedXml' | 'sriAuthorizedXml' | 'authorizationNumber' | 'authorizedAt' | 'sriMessageId' | 'sriMessage' | 'sriMessageDetail' | 'sriMessageType' | 'sriWaiting' | 'sriSentAt' | 'sriNextAttemptAt' | 'sriAttempts' | 'updatedAt'>;

/**
 * Moves a document on from the state the job read, so that two runs of one job (a worker whose lock
 * ran out) never both take a step: the second finds the state changed and updates nothing.
 */
export async function updateSriState(db: Db, scope: StoreScope, doc: SriDoc, from: string, values: SriValues): Promise<boolean> {
  const result = await db.updateTable(table(doc)).set(values).where('storeId', '=', scope.storeId).where('id', '=', doc.id).where('sriStatus', '=', from).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export type SriEventValues = { status: string; step: 'sign' | 'send' | 'authorize'; messageId: string | null; message: string | null; messageDetail: string | null; messageType: string | null; waiting: string | null; createdAt: string };

export async function insertSriEvents(db: Db, scope: StoreScope, doc: SriDoc, events: readonly SriEventValues[]): Promise<void> {
  if (events.length === 0) return;
  await db.insertInto(eventsTable(doc)).values(events.map((event) => ({ ...event, storeId: scope.storeId, [owner(doc)]: doc.id }) as { invoiceId: number } & SriEventValues & { storeId: number })).execute();
}

/** What SRI answered of a document, oldest first: the owner's page lists it. */
export async function listSriEvents(db: Db, scope: StoreScope, doc: SriDoc) {
  return db
    .selectFrom(eventsTable(doc))
    .select(['id', 'status', 'step', 'messageId', 'message', 'messageDetail', 'messageType', 'waiting', 'createdAt'])
    .where('storeId', '=', scope.storeId)
    .where(owner(doc), '=', doc.id)
    .orderBy('id')
    .execute();
}

/** The files kept of a document: as signed and sent, and as SRI authorized it. */
export async function findSriFiles(db: Db, scope: StoreScope, doc: SriDoc) {
  return db.selectFrom(table(doc)).select(['number', 'sriStatus', 'sriSignedXml', 'sriAuthorizedXml']).where('storeId', '=', scope.storeId).where('id', '=', doc.id).executeTakeFirst();
}

/** The store's documents of one kind still waiting for a certificate to be signed. */
export async function awaitingCertificate(db: Db, scope: StoreScope, kind: SriKind) {
  return db.selectFrom(table({ kind, id: 0 })).select('id').where('storeId', '=', scope.storeId).where('sriStatus', '=', 'issued').orderBy('id').execute();
}
