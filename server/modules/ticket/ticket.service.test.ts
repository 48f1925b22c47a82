import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminTicketListQuery, TicketInputSchema, TicketListQuery } from '#common/schemas/ticket.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { acceptUpload } from '#server/modules/upload/upload.service.ts';
import { setEmailNotifications } from '#server/modules/user/user.service.ts';
import { runDueJobs } from '../../../tests/support/jobs.ts';
import { makeUser } from '../../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import * as tickets from './ticket.service.ts';

// The ticket rules (PRODUCT §6) on the dialect the suite runs on. Mail goes to an in-memory
// outbox here; tests/integration and ticket.api.test.ts send it through a real SMTP server.
let t: TestDatabase;
const outbox: Mail[] = [];
const deps = () => ({ ...t.deps, mailer: { send: async (mail: Mail) => void outbox.push(mail) }, config: { ...t.config, publicUrl: 'https://tiendabox.test' } });

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(async () => {
  await t.dispose();
});

async function newUser(role: 'client' | 'staff' = 'client', name = 'Ana') {
  const { id, email, lockerCode } = await makeUser(t, { role, name });
  return { id, email, lockerCode };
}

const input = (subject = 'Mi paquete no llega', extra: Partial<Record<string, unknown>> = {}) =>
  TicketInputSchema.parse({ subject, category: 'package', message: 'Hola, ¿dónde está mi paquete?', ...extra });

const pdf = (text = 'ticket') => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`, 'latin1');
const uploadFor = (userId: number, name = 'factura.pdf') => acceptUpload(t.deps, { userId, name, data: pdf(name), kinds: ['pdf'] });
const statusOf = async (id: number) => (await t.db.selectFrom('ticket').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
const listQuery = (params: Record<string, string> = {}) => TicketListQuery.parse(params);

describe('ticket states', () => {
  it('opens a ticket with its first message as `open`', async () => {
    const client = await newUser();
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input());
    const { ticket, messages } = await tickets.getTicket(t.deps, { userId: client.id, id });
    expect(ticket).toMatchObject({ subject: 'Mi paquete no llega', category: 'package', status: 'open' });
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ body: 'Hola, ¿dónde está mi paquete?', fromStaff: false, authorName: 'Ana', attachments: [] });
  });

  it('goes answered on a staff reply, open on a client reply, and a client reply reopens a closed ticket', async () => {
    const client = await newUser();
    const staff = await newUser('staff', 'Carla');
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input());
    await tickets.answerTicket(deps(), { staffId: staff.id, id }, { message: 'Lo estamos buscando.' });
    expect(await statusOf(id)).toBe('answered');
    await tickets.replyToTicket(t.deps, { userId: client.id, id }, { message: 'Gracias', attachments: [] });
    expect(await statusOf(id)).toBe('open');
    await tickets.closeTicket(t.deps, { userId: client.id, id });
    expect(await statusOf(id)).toBe('closed');
    await tickets.replyToTicket(t.deps, { userId: client.id, id }, { message: 'Sigue sin llegar', attachments: [] });
    expect(await statusOf(id)).toBe('open');
    await tickets.closeTicketAsStaff(t.deps, { id });
    expect(await statusOf(id)).toBe('closed');
    // Closing twice is harmless.
    await tickets.closeTicket(t.deps, { userId: client.id, id });
    expect(await statusOf(id)).toBe('closed');
  });

  it('keeps the thread in the order it was written, staff messages marked with their author', async () => {
    const client = await newUser();
    const staff = await newUser('staff', 'Carla');
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input('Orden', { message: 'uno' }));
    await tickets.answerTicket(deps(), { staffId: staff.id, id }, { message: 'dos' });
    await tickets.replyToTicket(t.deps, { userId: client.id, id }, { message: 'tres', attachments: [] });
    await tickets.answerTicket(deps(), { staffId: staff.id, id }, { message: 'cuatro' });
    const { messages } = await tickets.getTicket(t.deps, { userId: client.id, id });
    expect(messages.map((m) => [m.body, m.fromStaff, m.authorName])).toEqual([
      ['uno', false, 'Ana'],
      ['dos', true, 'Carla'],
      ['tres', false, 'Ana'],
      ['cuatro', true, 'Carla'],
    ]);
  });
});

describe('staff reply notification', () => {
  it('records a ticket_reply notification linking to the ticket and e-mails it when the client wants it', async () => {
    const client = await newUser();
    const staff = await newUser('staff');
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input('Factura duplicada'));
    await tickets.answerTicket(deps(), { staffId: staff.id, id }, { message: 'Ya la anulamos.' });
    const notes = await t.db.selectFrom('notification').select(['kind', 'params', 'link']).where('userId', '=', client.id).execute();
    expect(notes).toEqual([{ kind: 'ticket_reply', params: JSON.stringify({ number: id, subject: 'Factura duplicada' }), link: `/ticket/show?id=${id}` }]);
    await runDueJobs(t, deps().mailer);
    const mail = outbox.find((m) => m.to === client.email);
    expect(mail?.subject).toContain(`#${id}`);
    expect(mail?.text).toContain(`https://tiendabox.test/ticket/show?id=${id}`);
  });

  it('does not e-mail a client who turned ticket_reply e-mails off, but still records the notification', async () => {
    const client = await newUser();
    const staff = await newUser('staff');
    await setEmailNotifications(t.deps, { userId: client.id }, ['package_received']);
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input());
    await tickets.answerTicket(deps(), { staffId: staff.id, id }, { message: 'Respuesta' });
    await runDueJobs(t, deps().mailer);
    expect(outbox.some((m) => m.to === client.email)).toBe(false);
    expect(await t.db.selectFrom('notification').select('kind').where('userId', '=', client.id).execute()).toEqual([{ kind: 'ticket_reply' }]);
  });

  it('notifies nobody when a client replies or closes', async () => {
    const client = await newUser();
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input());
    await tickets.replyToTicket(t.deps, { userId: client.id, id }, { message: 'Más datos', attachments: [] });
    await tickets.closeTicket(t.deps, { userId: client.id, id });
    expect(await t.db.selectFrom('notification').select('id').where('userId', '=', client.id).execute()).toEqual([]);
  });
});

describe('owner scoping', () => {
  it('treats another client’s ticket as not found for reading, replying and closing', async () => {
    const owner = await newUser();
    const other = await newUser();
    const id = await tickets.createTicket(t.deps, { userId: owner.id }, input());
    await expect(tickets.getTicket(t.deps, { userId: other.id, id })).rejects.toMatchObject({ status: 404 });
    await expect(tickets.replyToTicket(t.deps, { userId: other.id, id }, { message: 'hola', attachments: [] })).rejects.toMatchObject({ status: 404 });
    await expect(tickets.closeTicket(t.deps, { userId: other.id, id })).rejects.toMatchObject({ status: 404 });
    expect(await statusOf(id)).toBe('open');
    expect((await tickets.getTicket(t.deps, { userId: owner.id, id })).messages).toHaveLength(1);
    const list = await tickets.listTickets(t.deps, { userId: other.id }, listQuery());
    expect(list.rows.map((row) => row.id)).not.toContain(id);
  });

  it('answers 404 for staff actions on a ticket that does not exist', async () => {
    const staff = await newUser('staff');
    await expect(tickets.answerTicket(deps(), { staffId: staff.id, id: 999_999 }, { message: 'x' })).rejects.toMatchObject({ status: 404 });
    await expect(tickets.closeTicketAsStaff(t.deps, { id: 999_999 })).rejects.toMatchObject({ status: 404 });
  });
});

describe('attachments', () => {
  it('attaches the author’s own uploads to the message and claims them', async () => {
    const client = await newUser();
    const first = await uploadFor(client.id, 'factura.pdf');
    const second = await uploadFor(client.id, 'guia.pdf');
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input('Con adjuntos', { attachments: [first.id, '', second.id, first.id] }));
    const { messages } = await tickets.getTicket(t.deps, { userId: client.id, id });
    expect(messages[0]!.attachments.map((file) => file.name).sort()).toEqual(['factura.pdf', 'guia.pdf']);
    const claimed = await t.db.selectFrom('upload').select('claimed').where('id', 'in', [first.id, second.id]).execute();
    expect(claimed.every((row) => row.claimed === 1)).toBe(true);
    // An upload already used by a message cannot be attached again.
    await expect(tickets.replyToTicket(t.deps, { userId: client.id, id }, { message: 'otra vez', attachments: [first.id] })).rejects.toMatchObject({ status: 404 });
  });

  it('refuses another user’s upload and saves nothing of that message', async () => {
    const client = await newUser();
    const stranger = await newUser();
    const own = await uploadFor(client.id);
    const theirs = await uploadFor(stranger.id);
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input());
    await expect(tickets.replyToTicket(t.deps, { userId: client.id, id }, { message: 'robado', attachments: [own.id, theirs.id] })).rejects.toMatchObject({ status: 404 });
    const { messages } = await tickets.getTicket(t.deps, { userId: client.id, id });
    expect(messages.map((m) => m.body)).toEqual(['Hola, ¿dónde está mi paquete?']);
    // The transaction rolled back: the own upload is still free to use.
    const rows = await t.db.selectFrom('upload').select(['id', 'claimed']).where('id', 'in', [own.id, theirs.id]).execute();
    expect(rows.every((row) => row.claimed === 0)).toBe(true);
    await expect(tickets.createTicket(t.deps, { userId: client.id }, input('Ajeno', { attachments: [theirs.id] }))).rejects.toMatchObject({ status: 404 });
    expect((await tickets.listTickets(t.deps, { userId: client.id }, listQuery({ q: 'Ajeno' }))).total).toBe(0);
  });

  it('allows at most three files per message', () => {
    const ids = ['a', 'b', 'c', 'd'].map((c) => `${c.repeat(8)}-0000-4000-8000-000000000000`);
    const result = TicketInputSchema.safeParse({ subject: 'Muchos', category: 'other', message: 'x', attachments: ids });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('ticket.tooManyAttachments');
  });
});

describe('lists', () => {
  it('searches the client’s tickets by subject and filters by status', async () => {
    const client = await newUser();
    const a = await tickets.createTicket(t.deps, { userId: client.id }, input('Casillero bloqueado'));
    const b = await tickets.createTicket(t.deps, { userId: client.id }, input('Cobro 100% duplicado'));
    await tickets.closeTicket(t.deps, { userId: client.id, id: b });
    expect((await tickets.listTickets(t.deps, { userId: client.id }, listQuery({ q: 'casillero' }))).rows.map((r) => r.id)).toEqual([a]);
    expect((await tickets.listTickets(t.deps, { userId: client.id }, listQuery({ q: '100%' }))).rows.map((r) => r.id)).toEqual([b]);
    expect((await tickets.listTickets(t.deps, { userId: client.id }, listQuery({ status: 'closed' }))).rows.map((r) => r.id)).toEqual([b]);
    expect((await tickets.listTickets(t.deps, { userId: client.id }, listQuery({ sort: 'subject', dir: 'asc' }))).rows.map((r) => r.id)).toEqual([a, b]);
  });

  it('puts open tickets first for staff, the longest waiting on top, then answered, then closed', async () => {
    const client = await newUser('client', 'Zoila');
    const staff = await newUser('staff');
    const tag = `orden-${Date.now()}`;
    const answered = await tickets.createTicket(t.deps, { userId: client.id }, input(`${tag} respondido`));
    const oldOpen = await tickets.createTicket(t.deps, { userId: client.id }, input(`${tag} viejo`));
    const closed = await tickets.createTicket(t.deps, { userId: client.id }, input(`${tag} cerrado`));
    const newOpen = await tickets.createTicket(t.deps, { userId: client.id }, input(`${tag} nuevo`));
    await tickets.answerTicket(deps(), { staffId: staff.id, id: answered }, { message: 'ok' });
    await tickets.closeTicket(t.deps, { userId: client.id, id: closed });
    // Make the waiting times unambiguous whatever the clock resolution.
    await t.db.updateTable('ticket').set({ updatedAt: '2026-01-01T10:00:00.000Z' }).where('id', '=', oldOpen).execute();
    await t.db.updateTable('ticket').set({ updatedAt: '2026-01-02T10:00:00.000Z' }).where('id', '=', newOpen).execute();
    const page = await tickets.listAllTickets(t.deps, AdminTicketListQuery.parse({ q: tag }));
    expect(page.rows.map((row) => row.id)).toEqual([oldOpen, newOpen, answered, closed]);
    expect(page.rows[0]).toMatchObject({ clientName: 'Zoila', clientEmail: client.email, clientLockerCode: client.lockerCode });
  });

  it('lets staff search by client name, locker code and e-mail', async () => {
    const name = `Rosalía${Date.now()}`;
    const client = await newUser('client', name);
    const id = await tickets.createTicket(t.deps, { userId: client.id }, input('Consulta general'));
    for (const q of [client.lockerCode, client.email.toUpperCase(), name.toLowerCase()]) {
      const page = await tickets.listAllTickets(t.deps, AdminTicketListQuery.parse({ q }));
      expect(page.rows.map((row) => row.id), q).toContain(id);
    }
  });
});

describe('staff hear of new tickets', () => {
  it('notifies every enabled staff member with a link to the back-office ticket, by e-mail as each chose', async () => {
    const wants = await newUser('staff', 'Sofía');
    const declines = await newUser('staff', 'Luis');
    await setEmailNotifications(t.deps, { userId: wants.id }, ['staff_ticket']);
    await setEmailNotifications(t.deps, { userId: declines.id }, []);
    const client = await newUser();
    outbox.length = 0;
    const id = await tickets.createTicket(deps(), { userId: client.id }, input('Caja mojada'));
    for (const staff of [wants, declines]) {
      const row = await t.db.selectFrom('notification').select(['params', 'link']).where('userId', '=', staff.id).where('kind', '=', 'staff_ticket').executeTakeFirstOrThrow();
      expect(row.link).toBe(`/admin/ticket/show?id=${id}`);
      expect(JSON.parse(row.params)).toEqual({ number: id, subject: 'Caja mojada', locker: client.lockerCode });
    }
    expect(await t.db.selectFrom('notification').select('id').where('userId', '=', client.id).execute()).toEqual([]);
    await runDueJobs(t, deps().mailer);
    const mail = outbox.find((sent) => sent.to === wants.email);
    expect(mail?.subject).toBe(`Ticket nuevo #${id}: Caja mojada`);
    expect(mail?.text).toContain(`https://tiendabox.test/admin/ticket/show?id=${id}`);
    expect(outbox.filter((sent) => sent.to === declines.email)).toEqual([]);
  });
});
