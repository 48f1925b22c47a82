import type { ListQuery } from '#common/list-query.ts';
import type { StaffReply, TicketInput, TicketReply } from '#common/schemas/ticket.ts';
import type { Db } from '#server/db/database.ts';
import type { TicketStatus } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { getProfile } from '#server/modules/user/user.service.ts';
import { claimUpload } from '#server/modules/upload/upload.service.ts';
import * as tickets from './ticket.repository.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';

// PRODUCT §6: a client message makes a ticket `open` (so a reply to a closed ticket reopens it),
// a staff reply makes it `answered` and notifies the client, and either side may close it.

type Owner = { userId: number };
type Staff = { staffId: number };
type NewMessage = { ticketId: number; authorId: number; fromStaff: boolean; body: string; attachments: string[] };

const notFound = () => new AppError('error.generic', 404);

export const ticketLink = (id: number) => `/ticket/show?id=${id}`;

export const listTickets = (deps: ServiceDeps, owner: Owner, query: ListQuery<'updated' | 'created' | 'subject', 'status'>) => tickets.listTickets(deps.db, owner, query);

export const listAllTickets = (deps: ServiceDeps, query: ListQuery<'waiting' | 'updated' | 'created' | 'subject', 'status'>) => tickets.listAllTickets(deps.db, query);

/** The thread, oldest first, each message with its files. */
async function thread(db: Db, ticketId: number) {
  const [messages, files] = await Promise.all([tickets.listMessages(db, { ticketId }), tickets.listAttachments(db, { ticketId })]);
  return messages.map((message) => ({
    ...message,
    fromStaff: message.fromStaff === 1,
    attachments: files.filter((file) => file.messageId === message.id).map(({ id, name, type, size }) => ({ id, name, type, size })),
  }));
}

/** One of the client's tickets with its thread; another client's ticket is not found. */
export async function getTicket(deps: ServiceDeps, { userId, id }: Owner & { id: number }) {
  const { db } = deps;
  const ticket = await tickets.findTicket(db, { userId, id });
  if (!ticket) throw notFound();
  return { ticket, messages: await thread(db, id) };
}

/** Any client's ticket, with who the client is: back office only. */
export async function getTicketForStaff(deps: ServiceDeps, { id }: { id: number }) {
  const { db } = deps;
  const ticket = await tickets.findTicketForStaff(db, { id });
  if (!ticket) throw notFound();
  return { ticket, messages: await thread(db, id) };
}

/**
 * Writes one message, claims its files for it and moves the ticket to `status`. Run inside the
 * caller's transaction: a file that is not the author's own unused upload (404) undoes the whole
 * message and leaves every file unclaimed.
 */
async function addMessage(deps: ServiceDeps, message: NewMessage, status: TicketStatus, at: string) {
  const trx = deps.db;
  const messageId = await tickets.insertMessage(trx, {
    ticketId: message.ticketId,
    authorUserId: message.authorId,
    fromStaff: message.fromStaff ? 1 : 0,
    body: message.body,
    createdAt: at,
  });
  for (const uploadId of message.attachments) await claimUpload(deps, { userId: message.authorId, uploadId });
  await tickets.insertAttachments(trx, { messageId }, message.attachments);
  await tickets.setStatus(trx, { id: message.ticketId }, status, at);
  return messageId;
}

export async function createTicket(deps: ServiceDeps, { userId }: Owner, input: TicketInput) {
  const at = deps.clock.now().toISOString();
  return inTransaction(deps, async (tx) => {
    const id = await tickets.insertTicket(tx.db, { userId: userId, subject: input.subject, category: input.category, status: 'open', createdAt: at, updatedAt: at });
    await addMessage(tx, { ticketId: id, authorId: userId, fromStaff: false, body: input.message, attachments: input.attachments }, 'open', at);
    // The support queue hears of it at once, each staff member in the bell and by e-mail as they
    // chose (notification-subscribers.ts), in this commit.
    const { lockerCode } = await getProfile(tx, { userId });
    await emit(tx, {
      type: 'ticket.opened',
      userId,
      resource: { kind: 'ticket', id, label: input.subject },
      data: { staffNotice: { params: { number: id, subject: input.subject, locker: lockerCode ?? '' }, link: `/admin/ticket/show?id=${id}` } },
    });
    return id;
  });
}

/** The client's reply: the ticket is `open` again, whatever it was (a closed one is reopened). */
export async function replyToTicket(deps: ServiceDeps, { userId, id }: Owner & { id: number }, input: TicketReply) {
  const { db } = deps;
  if (!(await tickets.findTicket(db, { userId, id }))) throw notFound();
  const at = deps.clock.now().toISOString();
  return inTransaction(deps, (tx) => addMessage(tx, { ticketId: id, authorId: userId, fromStaff: false, body: input.message, attachments: input.attachments }, 'open', at));
}

/** Closing a closed ticket changes nothing (a double click, or both sides at once). */
export async function closeTicket(deps: ServiceDeps, { userId, id }: Owner & { id: number }) {
  const { db } = deps;
  const ticket = await tickets.findTicket(db, { userId, id });
  if (!ticket) throw notFound();
  if (ticket.status !== 'closed') await tickets.setStatus(db, { id }, 'closed', deps.clock.now().toISOString());
}

/**
 * A staff answer: the ticket becomes `answered` (a closed one too: staff may follow up) and the
 * client gets a `ticket_reply` notification, by e-mail when they want it, once the answer is saved.
 */
export async function answerTicket(deps: ServiceDeps, { staffId, id }: Staff & { id: number }, input: StaffReply) {
  const ticket = await tickets.findTicketForStaff(deps.db, { id });
  if (!ticket) throw notFound();
  const at = deps.clock.now().toISOString();
  return inTransaction(deps, async (tx) => {
    const messageId = await addMessage(tx, { ticketId: id, authorId: staffId, fromStaff: true, body: input.message, attachments: [] }, 'answered', at);
    await emit(tx, {
      type: 'ticket.replied',
      userId: ticket.userId,
      resource: { kind: 'ticket', id, label: ticket.subject },
      data: { notice: { params: { number: id, subject: ticket.subject }, link: ticketLink(id) } },
    });
    return messageId;
  });
}

export async function closeTicketAsStaff(deps: ServiceDeps, { id }: { id: number }) {
  const { db } = deps;
  const ticket = await tickets.findTicketForStaff(db, { id });
  if (!ticket) throw notFound();
  if (ticket.status !== 'closed') await tickets.setStatus(db, { id }, 'closed', deps.clock.now().toISOString());
}

export const countOpenTickets = (deps: ServiceDeps, owner: Owner) => tickets.countOpenTickets(deps.db, owner);

/** Back office: every client's tickets waiting for an answer from staff. */
export const countAllWaitingTickets = (deps: ServiceDeps) => tickets.countOpenTickets(deps.db, 'all');
