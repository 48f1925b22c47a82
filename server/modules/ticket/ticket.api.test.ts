import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/support/factories.ts';
import { postForm } from '../../../tests/support/forms.ts';
import { startSmtpServer } from '../../../tests/support/smtp.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// Tickets at the seams users feel: the JSON API and the pages (forms without JavaScript), on the
// built app with a real SMTP server. Needs `npm run build` first.
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

beforeAll(async () => {
  smtp = await startSmtpServer();
  t = await createTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.dispose();
  await smtp.close();
});

type Person = { id: number; email: string; lockerCode: string; cookie: string };
async function person(role: 'client' | 'staff' | 'admin' = 'client', name = 'Ana'): Promise<Person> {
  const { id, email, lockerCode, cookie } = await makeUser(t, { role, name });
  return { id, email, lockerCode, cookie };
}

const api = (method: 'GET' | 'POST', url: string, who?: Person, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie: `lang=es${who ? `; ${who.cookie}` : ''}`, accept: 'application/json' }, ...(payload ? { payload } : {}) });
const page = (url: string, who: Person) => t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}`, accept: 'text/html' } });
const form = (url: string, who: Person, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}` });

/** A real upload through POST /api/v1/uploads, as the upload field sends it. */
async function upload(who: Person, name = 'captura.pdf') {
  const boundary = `----ticket${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nattachment\r\n`),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`),
    Buffer.from(`%PDF-1.4\n% ${name}\n%%EOF\n`, 'latin1'),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: body, headers: { cookie: who.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: string; name: string }>();
}

async function openTicket(who: Person, extra: Record<string, unknown> = {}) {
  const response = await api('POST', '/tickets', who, { subject: 'No llega mi paquete', category: 'package', message: 'Lo compré hace 10 días', ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const statusOf = async (id: number) => (await t.db.selectFrom('ticket').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

describe('JSON API', () => {
  it('asks anonymous callers to log in', async () => {
    for (const [method, url] of [['GET', '/tickets'], ['POST', '/tickets'], ['GET', '/tickets/1'], ['POST', '/tickets/1/messages'], ['POST', '/tickets/1/close'], ['GET', '/admin/tickets'], ['POST', '/admin/tickets/1/messages'], ['POST', '/admin/tickets/1/close']] as const) {
      const response = await api(method, url, undefined, method === 'POST' ? { message: 'x' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('opens, lists, reads, answers and closes a ticket through the API', async () => {
    const client = await person();
    const id = await openTicket(client);
    const list = await api('GET', '/tickets?q=paquete', client);
    expect(list.json().rows).toEqual([expect.objectContaining({ id, subject: 'No llega mi paquete', category: 'package', status: 'open' })]);
    const reply = await api('POST', `/tickets/${id}/messages`, client, { message: 'Tracking 1Z999' });
    expect(reply.statusCode).toBe(201);
    const shown = (await api('GET', `/tickets/${id}`, client)).json();
    expect(shown.ticket.status).toBe('open');
    expect(shown.messages.map((m: { body: string; fromStaff: boolean }) => [m.body, m.fromStaff])).toEqual([
      ['Lo compré hace 10 días', false],
      ['Tracking 1Z999', false],
    ]);
    expect((await api('POST', `/tickets/${id}/close`, client)).statusCode).toBe(204);
    expect(await statusOf(id)).toBe('closed');
  });

  it('refuses invalid input with field messages in the caller’s language', async () => {
    const client = await person();
    const response = await api('POST', '/tickets', client, { subject: 'ab', category: 'weather', message: '' });
    expect(response.statusCode).toBe(400);
    const { fields } = response.json<{ fields: Record<string, string> }>();
    expect(fields.subject).toBe('Escribe un asunto de al menos 3 caracteres');
    expect(fields.category).toBe('Este campo es obligatorio');
    expect(fields.message).toBe('Este campo es obligatorio');
  });

  it('hides another client’s ticket behind 404 everywhere', async () => {
    const owner = await person();
    const other = await person();
    const id = await openTicket(owner);
    expect((await api('GET', `/tickets/${id}`, other)).statusCode).toBe(404);
    expect((await api('POST', `/tickets/${id}/messages`, other, { message: 'hola' })).statusCode).toBe(404);
    expect((await api('POST', `/tickets/${id}/close`, other)).statusCode).toBe(404);
    expect((await api('GET', '/tickets', other)).json().rows).toEqual([]);
    expect(await statusOf(id)).toBe('open');
    expect((await api('GET', `/tickets/${id}`, owner)).json().messages).toHaveLength(1);
  });

  it('keeps the staff endpoints from clients (404) and lets staff and admins use them', async () => {
    const client = await person();
    const id = await openTicket(client);
    expect((await api('GET', '/admin/tickets', client)).statusCode).toBe(404);
    expect((await api('GET', `/admin/tickets/${id}`, client)).statusCode).toBe(404);
    expect((await api('POST', `/admin/tickets/${id}/messages`, client, { message: 'me respondo' })).statusCode).toBe(404);
    expect((await api('POST', `/admin/tickets/${id}/close`, client)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('open');

    const staff = await person('staff');
    const listed = (await api('GET', `/admin/tickets?q=${client.lockerCode}`, staff)).json();
    expect(listed.rows).toEqual([expect.objectContaining({ id, status: 'open', client: { name: 'Ana', lastname: 'Pérez', email: client.email, lockerCode: client.lockerCode } })]);
    const admin = await person('admin');
    expect((await api('POST', `/admin/tickets/${id}/close`, admin)).statusCode).toBe(204);
    expect(await statusOf(id)).toBe('closed');
  });

  it('a staff reply makes the ticket answered, notifies the client and e-mails them through SMTP', async () => {
    const client = await person();
    const staff = await person('staff', 'Carla');
    const id = await openTicket(client, { subject: 'Cobro doble' });
    const reply = await api('POST', `/admin/tickets/${id}/messages`, staff, { message: 'Ya lo revisamos.' });
    expect(reply.statusCode, reply.body).toBe(201);
    expect(await statusOf(id)).toBe('answered');
    const note = await t.db.selectFrom('notification').select(['kind', 'link']).where('userId', '=', client.id).executeTakeFirstOrThrow();
    expect(note).toEqual({ kind: 'ticket_reply', link: `/ticket/show?id=${id}` });
    const mail = await smtp.waitForMail(client.email, 'Respuesta en tu ticket');
    expect(mail).toContain(`Subject: Respuesta en tu ticket #${id}`);
    expect(mail).toContain('Cobro doble');
    expect(mail).toContain(`${t.config.publicUrl}/ticket/show?id=${id}`);
    const thread = (await api('GET', `/tickets/${id}`, client)).json();
    expect(thread.messages.at(-1)).toMatchObject({ body: 'Ya lo revisamos.', fromStaff: true, author: 'Carla' });
  });

  it('attaches the client’s uploads, serves them to the owner and staff only, and refuses someone else’s upload', async () => {
    const client = await person();
    const other = await person();
    const staff = await person('staff');
    const file = await upload(client, 'factura.pdf');
    const id = await openTicket(client, { attachments: [file.id] });
    const attachment = (await api('GET', `/tickets/${id}`, client)).json().messages[0].attachments[0];
    expect(attachment).toMatchObject({ id: file.id, name: 'factura.pdf', type: 'application/pdf', url: `/api/v1/uploads/${file.id}` });
    const fetch = (who: Person) => t.app.inject({ url: attachment.url, headers: { cookie: who.cookie } });
    expect((await fetch(client)).statusCode).toBe(200);
    expect((await fetch(staff)).statusCode).toBe(200);
    expect((await fetch(other)).statusCode).toBe(404);

    const theirs = await upload(other);
    const stolen = await api('POST', `/tickets/${id}/messages`, client, { message: 'con archivo ajeno', attachments: [theirs.id] });
    expect(stolen.statusCode).toBe(404);
    expect((await api('GET', `/tickets/${id}`, client)).json().messages).toHaveLength(1);
    const before = (await api('GET', '/tickets', other)).json().total;
    expect((await api('POST', '/tickets', other, { subject: 'Reusar', category: 'other', message: 'x', attachments: [file.id] })).statusCode).toBe(404);
    expect((await api('GET', '/tickets', other)).json().total).toBe(before);
  });
});

describe('pages', () => {
  it('opens a ticket from /ticket/new and lands on its thread with the created notice', async () => {
    const client = await person();
    const file = await upload(client, 'guia.pdf');
    const response = await form('/ticket/new', client, { subject: 'Paquete retenido', category: 'shipment', message: 'Está en aduana\nhace días', attachments: file.id });
    expect(response.statusCode).toBe(302);
    const match = /^\/ticket\/show\?id=(\d+)&notice=created$/.exec(response.headers.location as string);
    expect(match).toBeTruthy();
    const shown = await page(`/ticket/show?id=${match![1]}`, client);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('Paquete retenido');
    expect(shown.body).toContain('Está en aduana\nhace días');
    expect(shown.body).toContain(`href="/api/v1/uploads/${file.id}"`);
    expect(shown.body).toContain('Abierto');
    const list = await page('/ticket', client);
    expect(list.body).toContain('Paquete retenido');
  });

  it('keeps what was typed and shows the field messages in the page’s language', async () => {
    const client = await person();
    const spanish = await form('/ticket/new', client, { subject: 'ab', category: 'billing', message: 'Mi mensaje largo' });
    expect(spanish.statusCode).toBe(400);
    expect(spanish.body).toContain('Escribe un asunto de al menos 3 caracteres');
    expect(spanish.body).toContain('Mi mensaje largo');
    const english = await form('/en/ticket/new', client, { subject: 'Help', category: '', message: 'x' });
    expect(english.statusCode).toBe(400);
    expect(english.body).toContain('This field is required');
    expect(english.body).toContain('value="Help"');
  });

  it('shows the empty state, then filters the list by status', async () => {
    const client = await person();
    expect((await page('/ticket', client)).body).toContain('Aún no tienes tickets');
    const id = await openTicket(client, { subject: 'Primer ticket' });
    await api('POST', `/tickets/${id}/close`, client);
    expect((await page('/ticket?status=open', client)).body).toContain('No se encontraron registros');
    expect((await page('/ticket?status=closed', client)).body).toContain('Primer ticket');
  });

  it('replies and closes from the show page; a reply reopens a closed ticket', async () => {
    const client = await person();
    const id = await openTicket(client);
    const close = await form(`/ticket/show?id=${id}`, client, { intent: 'close' });
    expect(close.statusCode).toBe(302);
    expect(close.headers.location).toBe(`/ticket/show?id=${id}&notice=updated`);
    expect(await statusOf(id)).toBe('closed');
    const empty = await form(`/ticket/show?id=${id}`, client, { intent: 'reply', message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Este campo es obligatorio');
    const reply = await form(`/ticket/show?id=${id}`, client, { intent: 'reply', message: 'Sigue sin llegar' });
    expect(reply.statusCode).toBe(302);
    expect(await statusOf(id)).toBe('open');
    expect((await page(`/ticket/show?id=${id}`, client)).body).toContain('Sigue sin llegar');
  });

  it('answers 404 for another client’s ticket by URL and by form', async () => {
    const owner = await person();
    const other = await person();
    const id = await openTicket(owner);
    expect((await page(`/ticket/show?id=${id}`, other)).statusCode).toBe(404);
    expect((await page('/ticket/show?id=abc', owner)).statusCode).toBe(404);
    expect((await form(`/ticket/show?id=${id}`, other, { intent: 'reply', message: 'intruso' })).statusCode).toBe(404);
    expect((await form(`/ticket/show?id=${id}`, other, { intent: 'close' })).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('open');
    expect((await page('/ticket', other)).body).not.toContain(`?id=${id}"`);
  });

  it('sends anonymous visitors to the login', async () => {
    const response = await t.app.inject({ url: '/ticket/show?id=1', headers: { accept: 'text/html', cookie: 'lang=es' } });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/user/login?redirect=${encodeURIComponent('/ticket/show?id=1')}`);
  });

  it('gives the back office to staff only: list, answer with notification, close', async () => {
    const client = await person('client', 'Zoila');
    const staff = await person('staff', 'Carla');
    const id = await openTicket(client, { subject: 'Dirección equivocada' });
    for (const url of ['/admin/ticket', `/admin/ticket/show?id=${id}`]) expect((await page(url, client)).statusCode, url).toBe(404);
    expect((await form(`/admin/ticket/show?id=${id}`, client, { intent: 'reply', message: 'yo mismo' })).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('open');

    const list = await page(`/admin/ticket?q=${encodeURIComponent(client.email)}`, staff);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Dirección equivocada');
    expect(list.body).toContain(client.lockerCode);
    const answer = await form(`/admin/ticket/show?id=${id}`, staff, { intent: 'reply', message: 'Corregimos la dirección.' });
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/admin/ticket/show?id=${id}&notice=updated`);
    expect(await statusOf(id)).toBe('answered');
    expect(await smtp.waitForMail(client.email, 'Respuesta en tu ticket')).toContain(`Respuesta en tu ticket #${id}`);
    const shown = await page(`/admin/ticket/show?id=${id}`, staff);
    expect(shown.body).toContain('Corregimos la dirección.');
    expect(shown.body).toContain('Zoila Pérez');
    expect((await page(`/ticket/show?id=${id}`, client)).body).toContain('Soporte · Carla');
    expect((await form(`/admin/ticket/show?id=${id}`, staff, { intent: 'close' })).statusCode).toBe(302);
    expect(await statusOf(id)).toBe('closed');
    expect((await page(`/admin/ticket/show?id=${id + 1000}`, staff)).statusCode).toBe(404);
  });
});
