import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams } from '#server/api/params.ts';
import { ticketStatus } from '#common/enums/ticket.ts';
import { AdminTicketListParameters, AdminTicketListQuery, StaffReplySchema, TicketInputSchema, TicketListParameters, TicketListQuery, TicketReplySchema } from '#common/schemas/ticket.ts';
import { requireStaff, requireUser } from '#server/plugins/current-user.ts';
import type { Services } from '#server/services.ts';

const Created = z.object({ id: z.number() });
const PageOf = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number(), page: z.number(), pages: z.number() });

const Ticket = z.object({
  id: z.number(),
  subject: z.string(),
  category: z.string(),
  status: ticketStatus.schema(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const Client = z.object({ name: z.string(), lastname: z.string(), email: z.string(), lockerCode: z.string().nullable() });
const AdminTicket = Ticket.extend({ client: Client });
const Message = z.object({
  id: z.number(),
  fromStaff: z.boolean(),
  author: z.string().nullable(),
  body: z.string(),
  createdAt: z.string(),
  attachments: z.array(z.object({ id: z.string(), name: z.string(), type: z.string(), size: z.number(), url: z.string() })),
});
const Thread = <T extends z.ZodType>(ticket: T) => z.object({ ticket, messages: z.array(Message) });

type TicketRow = Awaited<ReturnType<Services['tickets']['listTickets']>>['rows'][number];
type AdminTicketRow = Awaited<ReturnType<Services['tickets']['listAllTickets']>>['rows'][number];
type MessageRow = Awaited<ReturnType<Services['tickets']['getTicket']>>['messages'][number];

const toTicket = (row: TicketRow): z.infer<typeof Ticket> => ({
  id: row.id,
  subject: row.subject,
  category: row.category,
  status: row.status,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
});
const toAdminTicket = (row: AdminTicketRow): z.infer<typeof AdminTicket> => ({
  ...toTicket(row),
  client: { name: row.clientName, lastname: row.clientLastname, email: row.clientEmail, lockerCode: row.clientLockerCode },
});
const toMessage = (row: MessageRow): z.infer<typeof Message> => ({
  id: row.id,
  fromStaff: row.fromStaff,
  author: row.authorName,
  body: row.body,
  createdAt: row.createdAt,
  attachments: row.attachments.map((file) => ({ ...file, url: `/api/v1/uploads/${file.id}` })),
});


/**
 * Support tickets: the client's own under /tickets, every client's for staff under /admin/tickets.
 * The same services, rules and owner scoping as /ticket and /admin/ticket.
 */
export async function ticketApi(app: FastifyInstance, { services: { tickets } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['tickets'];
  // Before body validation, so an anonymous caller learns only that they must log in.
  api.addHook('onRequest', requireUser);

  api.get('/tickets', {
    schema: { tags, summary: 'List my tickets', querystring: TicketListParameters, response: { 200: PageOf(Ticket) } },
    handler: async (request) => {
      const page = await tickets.listTickets({ userId: request.user!.id }, TicketListQuery.parse(request.query));
      return { ...page, rows: page.rows.map(toTicket) };
    },
  });

  api.post('/tickets', {
    schema: { tags, summary: 'Open a ticket with its first message', body: TicketInputSchema, response: { 201: Created } },
    handler: async (request, reply) => reply.code(201).send({ id: await tickets.createTicket({ userId: request.user!.id }, request.body) }),
  });

  api.get('/tickets/:id', {
    schema: { tags, summary: 'One of my tickets with its messages', params: IdParams, response: { 200: Thread(Ticket) } },
    handler: async (request) => {
      const { ticket, messages } = await tickets.getTicket({ userId: request.user!.id, id: request.params.id });
      return { ticket: toTicket(ticket), messages: messages.map(toMessage) };
    },
  });

  api.post('/tickets/:id/messages', {
    schema: { tags, summary: 'Reply to my ticket (reopens it)', params: IdParams, body: TicketReplySchema, response: { 201: Created } },
    handler: async (request, reply) =>
      reply.code(201).send({ id: await tickets.replyToTicket({ userId: request.user!.id, id: request.params.id }, request.body) }),
  });

  api.post('/tickets/:id/close', {
    schema: { tags, summary: 'Close my ticket', params: IdParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await tickets.closeTicket({ userId: request.user!.id, id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  api.get('/admin/tickets', {
    onRequest: requireStaff,
    schema: { tags, summary: 'Staff: every ticket, open and longest waiting first', querystring: AdminTicketListParameters, response: { 200: PageOf(AdminTicket) } },
    handler: async (request) => {
      const page = await tickets.listAllTickets(AdminTicketListQuery.parse(request.query));
      return { ...page, rows: page.rows.map(toAdminTicket) };
    },
  });

  api.get('/admin/tickets/:id', {
    onRequest: requireStaff,
    schema: { tags, summary: 'Staff: any ticket with its messages', params: IdParams, response: { 200: Thread(AdminTicket) } },
    handler: async (request) => {
      const { ticket, messages } = await tickets.getTicketForStaff({ id: request.params.id });
      return { ticket: toAdminTicket(ticket), messages: messages.map(toMessage) };
    },
  });

  api.post('/admin/tickets/:id/messages', {
    onRequest: requireStaff,
    schema: { tags, summary: 'Staff: answer a ticket (notifies the client)', params: IdParams, body: StaffReplySchema, response: { 201: Created } },
    handler: async (request, reply) =>
      reply.code(201).send({ id: await tickets.answerTicket({ staffId: request.user!.id, id: request.params.id }, request.body) }),
  });

  api.post('/admin/tickets/:id/close', {
    onRequest: requireStaff,
    schema: { tags, summary: 'Staff: close a ticket', params: IdParams, response: { 204: z.null() } },
    handler: async (request, reply) => {
      await tickets.closeTicketAsStaff({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });
}
