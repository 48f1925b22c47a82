import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '#common/i18n/all-languages.ts';
import { AlertInputSchema, PackageInputSchema } from '#common/schemas/casillero.ts';
import { TicketInputSchema } from '#common/schemas/ticket.ts';
import { minimalPdf, tinyPng } from '#server/modules/upload/upload.fixtures.ts';
import { getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAdmin, makeStaff, makeUser, type TestUser } from '../support/factories.ts';

const { es, en } = messages;

// The back office's navigation (menu group, badges, hub) and its detail screens (issue 9, points 2
// and 3). Needs `npm run build` first. The queue counts are the whole test database's, so the test
// that checks exact numbers runs first, on a database nobody else wrote to.
let t: TestApp;
let staff: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  staff = await makeStaff(t);
});
afterAll(() => t.dispose());

const form = (url: string, who: TestUser, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}` });
const html = (text: string) => text.replaceAll("'", '&#x27;');

let tracking = 0;
const nextTracking = () => `BOTEST${String(++tracking).padStart(6, '0')}`;

async function alertOf(client: TestUser, extra: { invoiceUpload?: string } = {}) {
  const input = AlertInputSchema.parse({ trackingNumber: nextTracking(), carrier: 'UPS', store: 'Amazon', content: 'Zapatos', declaredValue: '59.90', expectedDate: '', ...extra });
  const id = await t.services.alerts.createAlert({ userId: client.id }, input);
  return { id: Number(id), trackingNumber: input.trackingNumber };
}

async function packageOf(client: TestUser, trackingNumber = nextTracking()) {
  const input = PackageInputSchema.parse({ lockerCode: client.lockerCode, trackingNumber, carrier: 'UPS', store: 'Amazon', description: 'Caja', weightLb: '3.5', lengthCm: '30', widthCm: '20', heightCm: '10', declaredValue: '59.90' });
  return t.services.packages.registerPackage({ userId: staff.id }, input);
}

describe('the queues staff see', () => {
  it('are counted in the menu badges and said in words on the hub, linked to the filtered lists', async () => {
    const empty = await getPage(t.app, '/admin', staff.cookie);
    expect(empty.body).toContain(es.backOffice.hub.nothingWaiting);
    expect(empty.body).not.toContain('data-testid="menu-badge-');

    const client = await makeUser(t);
    await alertOf(client);
    await alertOf(client);
    const [first, second] = [await packageOf(client), await packageOf(client)];
    await t.services.consolidations.createConsolidation({ userId: client.id }, { packageIds: [first.packageId, second.packageId], deliveryAddress: 'Quito', notes: '' });
    await t.services.tickets.createTicket({ userId: client.id }, TicketInputSchema.parse({ subject: '¿Dónde está mi paquete?', category: 'package', message: 'Hola' }));

    const hub = await getPage(t.app, '/admin', staff.cookie);
    expect(hub.statusCode).toBe(200);
    expect(hub.body).toContain('2 alertas pendientes');
    expect(hub.body).toContain('1 consolidación solicitada');
    expect(hub.body).toContain('1 ticket abierto');
    expect(hub.body).toContain('href="/admin/consolidate?status=requested"');
    expect(hub.body).toContain('href="/admin/ticket?status=open"');
    expect(hub.body).toContain('href="/admin/alert?status=pending"');
    // Sections described in words, not raw paths.
    expect(hub.body).toContain(html(es.backOffice.hub.sections.package));
    expect(hub.body).not.toMatch(/>\/admin\/package</);
    expect(hub.body).toMatch(/data-testid="menu-badge-admin-alerts"[^>]*>(?:<span[^>]*>)?2</);
    expect(hub.body).toMatch(/data-testid="menu-badge-admin-consolidations"[^>]*>(?:<span[^>]*>)?1</);
    expect(hub.body).toMatch(/data-testid="menu-badge-admin-tickets"[^>]*>(?:<span[^>]*>)?1</);

    const english = await getPage(t.app, '/en/admin', staff.cookie);
    expect(english.body).toContain('2 alerts pending');
    expect(english.body).toContain('1 consolidation requested');
    expect(english.body).toContain('href="/en/admin/consolidate?status=requested"');
  });

  it('give staff their own menu group near the top, without the admin-only entries', async () => {
    const body = (await getPage(t.app, '/', staff.cookie)).body;
    const group = body.indexOf(es.nav.backOffice);
    expect(group).toBeGreaterThan(-1);
    // Above the client's own casillero screens, not under System.
    expect(group).toBeLessThan(body.indexOf(`>${es.nav.casillero}<`));
    for (const path of ['/admin', '/admin/package', '/admin/consolidate', '/admin/ticket', '/admin/alert', '/admin/client']) expect(body).toContain(`href="${path}"`);
    expect(body).not.toContain('href="/admin/user"');
    expect(body).not.toContain('href="/admin/setting"');
    const admin = await makeAdmin(t);
    const adminBody = (await getPage(t.app, '/', admin.cookie)).body;
    expect(adminBody).toContain('href="/admin/user"');
    expect(adminBody).toContain('href="/admin/setting"');
  });

  it('say "Administración" on Spanish pages and "Back office" on English ones', async () => {
    const spanish = (await getPage(t.app, '/admin', staff.cookie)).body;
    expect(spanish).toContain('<title>Administración');
    expect(spanish).not.toContain('Back office');
    const english = (await getPage(t.app, '/en/admin', staff.cookie)).body;
    expect(english).toContain('<title>Back office');
  });
});

describe('the back office detail screens', () => {
  const SHOW = ['/admin/package/show', '/admin/client/show', '/admin/alert/show'];

  it.each(SHOW)('answer a client 404 on %s, even for their own record', async (path) => {
    const client = await makeUser(t);
    const { packageId } = await packageOf(client);
    const { id: alertId } = await alertOf(client);
    const id = { '/admin/package/show': packageId, '/admin/client/show': client.id, '/admin/alert/show': alertId }[path]!;
    expect((await getPage(t.app, `${path}?id=${id}`, client.cookie)).statusCode).toBe(404);
    expect((await getPage(t.app, `/en${path}?id=${id}`, client.cookie)).statusCode).toBe(404);
    expect((await form(`${path}?id=${id}`, client, { intent: 'edit', weightLb: '1' })).statusCode).toBe(404);
  });

  it.each(SHOW)('answer staff 404 on %s for an unknown, malformed or huge id', async (path) => {
    for (const id of ['999999', '0', '-1', 'abc', '2147483648', '99999999999999999999', '']) {
      expect((await getPage(t.app, `${path}?id=${id}`, staff.cookie)).statusCode, `${path}?id=${id}`).toBe(404);
    }
  });

  it('show a package with its client, alert and consolidation, each linked', async () => {
    const client = await makeUser(t);
    const alert = await alertOf(client);
    const { packageId } = await packageOf(client, alert.trackingNumber);
    const other = await packageOf(client);
    const consolidationId = await t.services.consolidations.createConsolidation({ userId: client.id }, { packageIds: [packageId, other.packageId], deliveryAddress: 'Quito', notes: '' });
    const body = (await getPage(t.app, `/admin/package/show?id=${packageId}`, staff.cookie)).body;
    expect(body).toContain(alert.trackingNumber);
    expect(body).toContain(`href="/admin/client/show?id=${client.id}"`);
    expect(body).toContain(`href="/admin/alert/show?id=${alert.id}"`);
    expect(body).toContain(`href="/admin/consolidate/show?id=${consolidationId}"`);
    expect(body).toContain('3,5 lb');
    // The packages list links its rows here.
    expect((await getPage(t.app, `/admin/package?q=${alert.trackingNumber}`, staff.cookie)).body).toContain(`href="/admin/package/show?id=${packageId}"`);
  });

  it('save a package edit typed the Spanish way, and refuse a bad weight in the page language keeping what was typed', async () => {
    const client = await makeUser(t);
    const { packageId } = await packageOf(client);
    const url = `/admin/package/show?id=${packageId}`;
    const fields = { intent: 'edit', weightLb: '4,25', lengthCm: '31', widthCm: '21', heightCm: '11', declaredValue: '120,50', description: 'Caja abollada' };
    const saved = await form(url, staff, fields);
    expect(saved.statusCode).toBe(302);
    expect(saved.headers.location).toBe(`${url}&notice=updated`);
    const after = (await getPage(t.app, url, staff.cookie)).body;
    expect(after).toContain('4,25 lb');
    expect(after).toContain('$120,50');
    expect(after).toContain('Caja abollada');

    const bad = await form(url, staff, { ...fields, weightLb: 'pesado', description: 'Lo que escribí' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(es.validation.number);
    expect(bad.body).toContain('value="pesado"');
    expect(bad.body).toContain('Lo que escribí');
    const badEnglish = await form(`/en${url}`, staff, { ...fields, weightLb: '-2', widthCm: '21.5' });
    expect(badEnglish.statusCode).toBe(400);
    expect(badEnglish.body).toContain(en.validation.positive);
    expect(badEnglish.body).toContain('value="-2"');
    // Nothing changed by the refused posts.
    expect((await getPage(t.app, url, staff.cookie)).body).toContain('4,25 lb');
  });

  it('take a new photo only if it is an image uploaded by the editor', async () => {
    const client = await makeUser(t);
    const { packageId } = await packageOf(client);
    const url = `/admin/package/show?id=${packageId}`;
    const fields = { intent: 'edit', weightLb: '2', lengthCm: '10', widthCm: '10', heightCm: '10', declaredValue: '10' };
    const pdf = await t.services.uploads.acceptUpload({ userId: staff.id, name: 'factura.pdf', data: minimalPdf(), kinds: ['pdf'] });
    const refused = await form(url, staff, { ...fields, photoUpload: pdf.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain(es.backOffice.package.photoUnknown);
    const othersPhoto = await t.services.uploads.acceptUpload({ userId: client.id, name: 'foto.png', data: await tinyPng(), kinds: ['png'] });
    expect((await form(url, staff, { ...fields, photoUpload: othersPhoto.id })).statusCode).toBe(400);
    const photo = await t.services.uploads.acceptUpload({ userId: staff.id, name: 'foto.png', data: await tinyPng(), kinds: ['png'] });
    expect((await form(url, staff, { ...fields, photoUpload: photo.id })).statusCode).toBe(302);
    expect((await getPage(t.app, url, staff.cookie)).body).toContain(`href="/api/v1/uploads/${photo.id}"`);
  });

  it('refuse to edit a package that left the warehouse', async () => {
    const client = await makeUser(t);
    const { packageId } = await packageOf(client);
    await t.db.updateTable('package').set({ status: 'shipped' }).where('id', '=', packageId).execute();
    const refused = await form(`/admin/package/show?id=${packageId}`, staff, { intent: 'edit', weightLb: '2', lengthCm: '10', widthCm: '10', heightCm: '10', declaredValue: '10' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain(es.backOffice.package.notEditable);
  });

  it("show a client's profile, locker code and records, each linked to its back-office screen", async () => {
    const client = await makeUser(t, { name: 'Rocío', lastname: 'Andrade' });
    const alert = await alertOf(client);
    const { packageId } = await packageOf(client);
    const ticketId = await t.services.tickets.createTicket({ userId: client.id }, TicketInputSchema.parse({ subject: 'Consulta de envío', category: 'shipment', message: 'Hola' }));
    const body = (await getPage(t.app, `/admin/client/show?id=${client.id}`, staff.cookie)).body;
    expect(body).toContain('Rocío Andrade');
    expect(body).toContain(client.lockerCode);
    expect(body).toContain(`href="/admin/alert/show?id=${alert.id}"`);
    expect(body).toContain(`href="/admin/package/show?id=${packageId}"`);
    expect(body).toContain(`href="/admin/ticket/show?id=${ticketId}"`);
    expect((await getPage(t.app, `/admin/client?q=${client.lockerCode}`, staff.cookie)).body).toContain(`href="/admin/client/show?id=${client.id}"`);
    // Staff and admins are not clients: not found here, as in the clients list.
    expect((await getPage(t.app, `/admin/client/show?id=${staff.id}`, staff.cookie)).statusCode).toBe(404);
  });

  it('show an alert with its invoice, its client and its package', async () => {
    const client = await makeUser(t);
    const invoice = await t.services.uploads.acceptUpload({ userId: client.id, name: 'factura.pdf', data: minimalPdf(), kinds: ['pdf'] });
    const alert = await alertOf(client, { invoiceUpload: invoice.id });
    const { packageId } = await packageOf(client, alert.trackingNumber);
    const body = (await getPage(t.app, `/admin/alert/show?id=${alert.id}`, staff.cookie)).body;
    expect(body).toContain(`href="/api/v1/uploads/${invoice.id}"`);
    expect(body).toContain(`href="/admin/package/show?id=${packageId}"`);
    expect(body).toContain(`href="/admin/client/show?id=${client.id}"`);
    expect((await getPage(t.app, `/admin/alert?q=${alert.trackingNumber}`, staff.cookie)).body).toContain(`href="/admin/alert/show?id=${alert.id}"`);
    // Staff can open the invoice they are shown.
    expect((await t.app.inject({ url: `/api/v1/uploads/${invoice.id}`, headers: { cookie: staff.cookie } })).statusCode).toBe(200);
  });
});
