import { sql } from 'kysely';
import type { ListQuery } from '#common/list-query.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { TicketMessageTable, TicketStatus, TicketTable } from '#server/db/schema.ts';

type Owner = { userId: number };

export const TICKET_COLUMNS = ['ticket.id', 'ticket.user_id', 'ticket.subject', 'ticket.category', 'ticket.status', 'ticket.created_at', 'ticket.updated_at'] as const;
const CLIENT_COLUMNS = ['user.name as client_name', 'user.lastname as client_lastname', 'user.email as client_email', 'user.locker_code as client_locker_code'] as const;

const SORT = { updated: 'ticket.updated_at', created: 'ticket.id', subject: 'ticket.subject' } as const;
// Open tickets wait for staff, answered ones for the client, closed ones for nobody.
const WAITING_RANK = sql<number>`case ${sql.ref('ticket.status')} when 'open' then 0 when 'answered' then 1 else 2 end`;

export async function listTickets(db: Db, { userId }: Owner, query: ListQuery<keyof typeof SORT, 'status'>) {
  let select = db.selectFrom('ticket').select(TICKET_COLUMNS).where('ticket.user_id', '=', userId);
  if (query.q) select = select.where(matchesText(['ticket.subject'], query.q));
  if (query.filters.status) select = select.where('ticket.status', '=', query.filters.status as TicketStatus);
  return paginate(select.orderBy(SORT[query.sort], query.dir).orderBy('ticket.id', 'desc'), query.page);
}

/** Back office: every client's tickets with who asked, searchable by subject and client. */
export async function listAllTickets(db: Db, query: ListQuery<keyof typeof SORT | 'waiting', 'status'>) {
  let select = db.selectFrom('ticket').innerJoin('user', 'user.id', 'ticket.user_id').select([...TICKET_COLUMNS, ...CLIENT_COLUMNS]);
  if (query.q) select = select.where(matchesText(['ticket.subject', 'user.name', 'user.lastname', 'user.locker_code', 'user.email'], query.q));
  if (query.filters.status) select = select.where('ticket.status', '=', query.filters.status as TicketStatus);
  const ordered =
    query.sort === 'waiting'
      ? select.orderBy(WAITING_RANK, 'asc').orderBy('ticket.updated_at', query.dir).orderBy('ticket.id', query.dir)
      : select.orderBy(SORT[query.sort], query.dir).orderBy('ticket.id', 'desc');
  return paginate(ordered, query.page);
}

export async function findTicket(db: Db, { userId, id }: Owner & { id: number }) {
  return db.selectFrom('ticket').select(TICKET_COLUMNS).where('ticket.id', '=', id).where('ticket.user_id', '=', userId).executeTakeFirst();
}

/** Any client's ticket with its client: only the staff services call this. */
export async function findTicketForStaff(db: Db, { id }: { id: number }) {
  return db
    .selectFrom('ticket')
    .innerJoin('user', 'user.id', 'ticket.user_id')
    .select([...TICKET_COLUMNS, ...CLIENT_COLUMNS])
    .where('ticket.id', '=', id)
    .executeTakeFirst();
}

/** The thread in the order it was written; the author may have deleted their account since. */
export async function listMessages(db: Db, { ticketId }: { ticketId: number }) {
  return db
    .selectFrom('ticket_message')
    .leftJoin('user', 'user.id', 'ticket_message.author_user_id')
    .select(['ticket_message.id', 'ticket_message.from_staff', 'ticket_message.body', 'ticket_message.created_at', 'user.name as author_name'])
    .where('ticket_message.ticket_id', '=', ticketId)
    .orderBy('ticket_message.id', 'asc')
    .execute();
}

export async function listAttachments(db: Db, { ticketId }: { ticketId: number }) {
  return db
    .selectFrom('ticket_attachment')
    .innerJoin('ticket_message', 'ticket_message.id', 'ticket_attachment.message_id')
    .innerJoin('upload', 'upload.id', 'ticket_attachment.upload_id')
    .select(['ticket_attachment.message_id', 'upload.id', 'upload.name', 'upload.type', 'upload.size'])
    .where('ticket_message.ticket_id', '=', ticketId)
    .orderBy('upload.created_at', 'asc')
    .execute();
}

export async function insertTicket(db: Db, row: Omit<TicketTable, 'id'>) {
  return (await db.insertInto('ticket').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertMessage(db: Db, row: Omit<TicketMessageTable, 'id'>) {
  return (await db.insertInto('ticket_message').values(row).returning('id').executeTakeFirstOrThrow()).id;
}

export async function insertAttachments(db: Db, { messageId }: { messageId: number }, uploadIds: string[]) {
  if (uploadIds.length === 0) return;
  await db
    .insertInto('ticket_attachment')
    .values(uploadIds.map((uploadId) => ({ message_id: messageId, upload_id: uploadId })))
    .execute();
}

/** Status and last activity of a ticket the caller already found (owner or staff). */
export async function setStatus(db: Db, { id }: { id: number }, status: TicketStatus, updatedAt: string) {
  await db.updateTable('ticket').set({ status, updated_at: updatedAt }).where('id', '=', id).execute();
}
