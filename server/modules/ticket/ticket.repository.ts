import { sql } from 'kysely';
import type { ListQuery } from '#common/list-query.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { TicketMessageTable, TicketStatus, TicketTable } from '#server/db/schema.ts';

type Owner = { userId: number };

export const TICKET_COLUMNS = ['ticket.id', 'ticket.userId', 'ticket.subject', 'ticket.category', 'ticket.status', 'ticket.createdAt', 'ticket.updatedAt'] as const;
const CLIENT_COLUMNS = ['user.name as clientName', 'user.lastname as clientLastname', 'user.email as clientEmail', 'user.lockerCode as clientLockerCode'] as const;

const SORT = { updated: 'ticket.updatedAt', created: 'ticket.id', subject: 'ticket.subject' } as const;
// Open tickets wait for staff, answered ones for the client, closed ones for nobody.
const WAITING_RANK = sql<number>`case ${sql.ref('ticket.status')} when 'open' then 0 when 'answered' then 1 else 2 end`;

export async function listTickets(db: Db, { userId }: Owner, query: ListQuery<keyof typeof SORT, 'status'>) {
  let select = db.selectFrom('ticket').select(TICKET_COLUMNS).where('ticket.userId', '=', userId);
  if (query.q) select = select.where(matchesText(['ticket.subject'], query.q));
  if (query.filters.status) select = select.where('ticket.status', '=', query.filters.status as TicketStatus);
  return paginate(select.orderBy(SORT[query.sort], query.dir).orderBy('ticket.id', 'desc'), query.page);
}

/** Back office: every client's tickets with who asked, searchable by subject and client. */
export async function listAllTickets(db: Db, query: ListQuery<keyof typeof SORT | 'waiting', 'status'>) {
  let select = db.selectFrom('ticket').innerJoin('user', 'user.id', 'ticket.userId').select([...TICKET_COLUMNS, ...CLIENT_COLUMNS]);
  if (query.q) select = select.where(matchesText(['ticket.subject', 'user.name', 'user.lastname', 'user.lockerCode', 'user.email'], query.q));
  if (query.filters.status) select = select.where('ticket.status', '=', query.filters.status as TicketStatus);
  const ordered =
    query.sort === 'waiting'
      ? select.orderBy(WAITING_RANK, 'asc').orderBy('ticket.updatedAt', query.dir).orderBy('ticket.id', query.dir)
      : select.orderBy(SORT[query.sort], query.dir).orderBy('ticket.id', 'desc');
  return paginate(ordered, query.page);
}

export async function findTicket(db: Db, { userId, id }: Owner & { id: number }) {
  return db.selectFrom('ticket').select(TICKET_COLUMNS).where('ticket.id', '=', id).where('ticket.userId', '=', userId).executeTakeFirst();
}

/** Any client's ticket with its client: only the staff services call this. */
export async function findTicketForStaff(db: Db, { id }: { id: number }) {
  return db
    .selectFrom('ticket')
    .innerJoin('user', 'user.id', 'ticket.userId')
    .select([...TICKET_COLUMNS, ...CLIENT_COLUMNS])
    .where('ticket.id', '=', id)
    .executeTakeFirst();
}

/** The thread in the order it was written; the author may have deleted their account since. */
export async function listMessages(db: Db, { ticketId }: { ticketId: number }) {
  return db
    .selectFrom('ticketMessage')
    .leftJoin('user', 'user.id', 'ticketMessage.authorUserId')
    .select(['ticketMessage.id', 'ticketMessage.fromStaff', 'ticketMessage.body', 'ticketMessage.createdAt', 'user.name as authorName'])
    .where('ticketMessage.ticketId', '=', ticketId)
    .orderBy('ticketMessage.id', 'asc')
    .execute();
}

export async function listAttachments(db: Db, { ticketId }: { ticketId: number }) {
  return db
    .selectFrom('ticketAttachment')
    .innerJoin('ticketMessage', 'ticketMessage.id', 'ticketAttachment.messageId')
    .innerJoin('upload', 'upload.id', 'ticketAttachment.uploadId')
    .select(['ticketAttachment.messageId', 'upload.id', 'upload.name', 'upload.type', 'upload.size'])
    .where('ticketMessage.ticketId', '=', ticketId)
    .orderBy('upload.createdAt', 'asc')
    .execute();
}

export async function insertTicket(db: Db, row: Omit<TicketTable, 'id'>) {
  return (await db.insertInto('ticket').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertMessage(db: Db, row: Omit<TicketMessageTable, 'id'>) {
  return (await db.insertInto('ticketMessage').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertAttachments(db: Db, { messageId }: { messageId: number }, uploadIds: string[]) {
  if (uploadIds.length === 0) return;
  await db
    .insertInto('ticketAttachment')
    .values(uploadIds.map((uploadId) => ({ messageId: messageId, uploadId: uploadId })))
    .execute();
}

/** Status and last activity of a ticket the caller already found (owner or staff). */
export async function setStatus(db: Db, { id }: { id: number }, status: TicketStatus, updatedAt: string) {
  await db.updateTable('ticket').set({ status, updatedAt: updatedAt }).where('id', '=', id).execute();
}

/**
 * A client's tickets not yet closed; for the back office (`'all'`), every client's tickets still
 * waiting for an answer (`open`: an answered one waits for the client).
 */
export async function countOpenTickets(db: Db, scope: Owner | 'all'): Promise<number> {
  let select = db.selectFrom('ticket').select((eb) => eb.fn.countAll<number>().as('count'));
  select = scope === 'all' ? select.where('status', '=', 'open') : select.where('userId', '=', scope.userId).where('status', '!=', 'closed');
  const row = await select.executeTakeFirstOrThrow();
  return Number(row.count);
}
