import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../support/forms.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAdmin, makeStaff, makeUser } from '../support/factories.ts';

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

const page = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}`, accept: 'text/html' } });
const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=es; ${cookie}` });
const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload: JSON.stringify(payload) } : {}) });

const alertFields = (tracking: string) => ({ intent: 'create', trackingNumber: tracking, carrier: 'UPS', store: 'Amazon', content: 'Zapatos', declaredValue: '59,90', expectedDate: '2026-12-01' }); // typed on a Spanish page
const packageFields = (lockerCode: string, tracking: string) => ({ lockerCode, trackingNumber: tracking, carrier: 'UPS', store: 'Amazon', description: 'Caja', weightLb: '3,5', lengthCm: '30', widthCm: '20', heightCm: '10', declaredValue: '59,90' });

async function createAlert(cookie: string, tracking: string) {
  const response = await form('/alert', cookie, alertFields(tracking));
  expect(response.statusCode).toBe(302);
  return Number(/id=(\d+)/.exec(String(response.headers.location))![1]);
}

describe('alerts', () => {
  it('are created from the list, listed, searched and shown with their history', async () => {
    const client = await makeUser(t);
    const id = await createAlert(client.cookie, '1Z999AA10123456784');
    const list = await page('/alert?q=1z999', client.cookie);
    expect(list.body).toContain('1Z999AA10123456784');
    expect(list.body).toContain('59,90'); // es-EC money format
    const show = await page(`/alert/show?id=${id}`, client.cookie);
    expect(show.statusCode).toBe(200);
    expect(show.body).toContain('Alerta registrada');
    expect((await page('/alert?status=received', client.cookie)).body).toContain('No se encontraron registros');
  });

  it('refuses a tracking number the same client already alerted, and keeps the form', async () => {
    const client = await makeUser(t);
    await createAlert(client.cookie, 'DUP1234567');
    const again = await form('/alert', client.cookie, { ...alertFields('dup1234567'), store: 'eBay' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('Ya alertaste este número de tracking');
    expect(again.body).toContain('value="eBay"');
    const other = await makeUser(t);
    expect((await form('/alert', other.cookie, alertFields('DUP1234567'))).statusCode).toBe(302);
  });

  it('validates with clear messages in both languages', async () => {
    const client = await makeUser(t);
    const bad = await form('/alert', client.cookie, { ...alertFields('x'), declaredValue: '-3', store: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Escribe un tracking válido');
    expect(bad.body).toContain('Este campo es obligatorio');
    const english = await postForm(t.app, '/en/alert', { ...alertFields('x'), declaredValue: '59.90' }, { cookie: `lang=en; ${client.cookie}` });
    expect(english.body).toContain('Enter a valid tracking number');
  });

  it('can be edited and deleted only while pending', async () => {
    const client = await makeUser(t);
    const id = await createAlert(client.cookie, 'EDIT123456');
    const edit = await form(`/alert/show?id=${id}`, client.cookie, { ...alertFields('EDIT123456'), intent: 'update', store: 'Walmart' });
    expect(edit.headers.location).toBe(`/alert/show?id=${id}&notice=updated`);
    expect((await page(`/alert/show?id=${id}`, client.cookie)).body).toContain('Walmart');
    const del = await form(`/alert/show?id=${id}`, client.cookie, { intent: 'delete' });
    expect(del.headers.location).toBe('/alert?notice=deleted');
    expect((await page(`/alert/show?id=${id}`, client.cookie)).statusCode).toBe(404);
  });
});

describe('packages registered by staff', () => {
  it('link the pending alert, mark it received and notify the client by bell and e-mail', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    const alertId = await createAlert(client.cookie, 'LINK12345678');
    const response = await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'link12345678'));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/admin/package?notice=created&registered=1&linked=${alertId}`);
    expect((await page(response.headers.location as string, staff.cookie)).body).toContain(`Paquete registrado. El cliente fue notificado. Se vinculó con la alerta #${alertId}.`);
    const show = await page(`/alert/show?id=${alertId}`, client.cookie);
    expect(show.body).toContain('Recibida');
    expect(show.body).toContain('Recibido en bodega');
    expect(show.body).toContain('3,5 lb'); // es-EC number format
    const desk = await page('/', client.cookie);
    expect(desk.body).toMatch(/data-testid="count-packages"[^>]*>.*?>1</s);
    expect(desk.body).toContain('Paquete recibido: LINK12345678');
    expect(await smtp.waitForMail(client.email)).toContain('Paquete recibido: LINK12345678');
    // an alert that is not pending can no longer change
    expect((await form(`/alert/show?id=${alertId}`, client.cookie, { intent: 'delete' })).statusCode).toBe(409);
  });

  it('are registered without an alert too, and refuse an unknown locker code', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    const registered = await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'NOALERT123'));
    expect(registered.headers.location).toBe('/admin/package?notice=created&registered=1');
    const banner = (await page('/admin/package?notice=created&registered=1', staff.cookie)).body;
    expect(banner).toContain('Paquete registrado. El cliente fue notificado.');
    expect(banner).not.toContain('Se vinculó con la alerta');
    const unknown = await form('/admin/package', staff.cookie, packageFields('EC-99999', 'NOALERT124'));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('No existe un cliente con ese código de casillero');
  });
});

describe('notifications', () => {
  it('open their record and are marked read; another user cannot open them', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'NOTIFY1234'));
    const { id } = await t.db.selectFrom('notification').select('id').where('userId', '=', client.id).executeTakeFirstOrThrow();
    const intruder = await makeUser(t);
    const stolen = await page(`/notification?open=${id}`, intruder.cookie);
    expect(stolen.statusCode).toBe(200);
    expect((await t.db.selectFrom('notification').select('readAt').where('id', '=', id).executeTakeFirstOrThrow()).readAt).toBeNull();
    const opened = await page(`/notification?open=${id}`, client.cookie);
    expect(opened.statusCode).toBe(302);
    // A package with no alert opens the package itself (it used to open the consolidation screen).
    const { id: packageId } = await t.db.selectFrom('package').select('id').where('trackingNumber', '=', 'NOTIFY1234').executeTakeFirstOrThrow();
    expect(opened.headers.location).toBe(`/package/show?id=${packageId}`);
    expect((await t.db.selectFrom('notification').select('readAt').where('id', '=', id).executeTakeFirstOrThrow()).readAt).not.toBeNull();
  });

  it('are written in the reader language', async () => {
    const client = await makeUser(t, { locale: 'en' });
    const staff = await makeStaff(t);
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'ENGLISH123'));
    expect(await smtp.waitForMail(client.email)).toContain('Package received: ENGLISH123');
    expect((await page('/en/notification', client.cookie)).body).toContain('Package received: ENGLISH123');
  });
});

describe('isolation', () => {
  it('hides every alert of another client by URL, form and API: 404', async () => {
    const owner = await makeUser(t);
    const intruder = await makeUser(t);
    const id = await createAlert(owner.cookie, 'MINE123456');
    expect((await page(`/alert/show?id=${id}`, intruder.cookie)).statusCode).toBe(404);
    expect((await form(`/alert/show?id=${id}`, intruder.cookie, { intent: 'delete' })).statusCode).toBe(404);
    expect((await form(`/alert/show?id=${id}`, intruder.cookie, { ...alertFields('HIJACK1234'), intent: 'update' })).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/alerts/${id}`, intruder.cookie)).statusCode).toBe(404);
    expect((await api('PUT', `/api/v1/alerts/${id}`, intruder.cookie, { ...alertFields('HIJACK1234'), declaredValue: 1 })).statusCode).toBe(404);
    expect((await api('DELETE', `/api/v1/alerts/${id}`, intruder.cookie)).statusCode).toBe(404);
    expect((await page('/alert?q=MINE123456', intruder.cookie)).body).toContain('data-testid="empty-list"');
    expect((await api('GET', '/api/v1/alerts', intruder.cookie)).json().total).toBe(0);
    expect((await page(`/alert/show?id=${id}`, owner.cookie)).statusCode).toBe(200);
  });

  it('sends anonymous visitors to login and answers the API with 401', async () => {
    expect((await page('/alert', '')).statusCode).toBe(302);
    expect((await api('GET', '/api/v1/alerts', '')).statusCode).toBe(401);
  });

  it('keeps the back office from clients with a 404, and settings from staff', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    for (const path of ['/admin', '/admin/package', '/admin/client', '/admin/alert', '/admin/setting', '/admin/user']) {
      expect((await page(path, client.cookie)).statusCode, path).toBe(404);
    }
    expect((await form('/admin/package', client.cookie, packageFields(client.lockerCode, 'SELF123456'))).statusCode).toBe(404);
    expect((await page('/admin/package', staff.cookie)).statusCode).toBe(200);
    expect((await page('/admin/setting', staff.cookie)).statusCode).toBe(404);
  });
});

describe('alerts API', () => {
  it('creates, reads, changes and deletes through the same rules', async () => {
    const client = await makeUser(t);
    const created = await api('POST', '/api/v1/alerts', client.cookie, { trackingNumber: 'API1234567', carrier: 'DHL', store: 'Nike', content: 'Camiseta', declaredValue: 25 });
    expect(created.statusCode).toBe(201);
    const { id } = created.json() as { id: number };
    expect((await api('GET', `/api/v1/alerts/${id}`, client.cookie)).json()).toMatchObject({ trackingNumber: 'API1234567', declaredValueCents: 2500, status: 'pending' });
    const duplicate = await api('POST', '/api/v1/alerts', client.cookie, { trackingNumber: 'API1234567', carrier: 'DHL', store: 'Nike', content: 'x', declaredValue: 1 });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json()).toMatchObject({ error: 'casillero.alert.duplicateTracking', message: 'Ya alertaste este número de tracking' });
    const invalid = await api('POST', '/api/v1/alerts', client.cookie, { trackingNumber: '!', carrier: 'Nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.trackingNumber).toBeTruthy();
    expect((await api('DELETE', `/api/v1/alerts/${id}`, client.cookie)).statusCode).toBe(204);
  });

  it('is described by the OpenAPI document', async () => {
    const doc = await t.app.inject('/api/docs/json');
    expect(doc.statusCode).toBe(200);
    const paths = doc.json().paths;
    expect(Object.keys(paths)).toContain('/api/v1/alerts/{id}');
    // Uploads too, with what each answer holds.
    expect(Object.keys(paths['/api/v1/uploads'])).toEqual(['post']);
    expect(Object.keys(paths['/api/v1/uploads/{id}']).sort()).toEqual(['delete', 'get']);
    expect(paths['/api/v1/uploads'].post.description).toContain('multipart/form-data');
    expect(paths['/api/v1/uploads'].post.responses['201'].content['application/json'].schema.properties).toHaveProperty('size');
  });
});

describe('settings', () => {
  it('let an admin change the warehouse address shown on every desk', async () => {
    const admin = await makeAdmin(t);
    const client = await makeUser(t);
    const saved = await form('/admin/setting', admin.cookie, { name: 'TB', line1: '123 Ocean Dr', line2: '', city: 'Miami', state: 'FL', zip: '33139', country: 'USA', phone: '', ratePerLb: '5,25' });
    expect(saved.statusCode).toBe(200);
    expect((await page('/', client.cookie)).body).toContain('123 Ocean Dr');
  });
});

describe('packages and notifications API', () => {
  it('lets staff register a package and the client see it and its notification; others get 404', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    const body = { ...packageFields(client.lockerCode, 'APIPKG1234'), weightLb: 2, lengthCm: 10, widthCm: 10, heightCm: 10, declaredValue: 15 };
    expect((await api('POST', '/api/v1/admin/packages', client.cookie, body)).statusCode).toBe(404);
    const created = await api('POST', '/api/v1/admin/packages', staff.cookie, body);
    expect(created.statusCode).toBe(201);
    const mine = (await api('GET', '/api/v1/packages?status=in_warehouse', client.cookie)).json() as { rows: { trackingNumber: string }[] };
    expect(mine.rows.map((row) => row.trackingNumber)).toEqual(['APIPKG1234']);
    expect((await api('GET', '/api/v1/packages', staff.cookie)).json().rows).toHaveLength(0);
    const bell = (await api('GET', '/api/v1/notifications', client.cookie)).json() as { unread: number; rows: { id: number }[] };
    expect(bell.unread).toBe(1);
    // The desk shows the bell's figures (loaded once, by the layout around it).
    const desk = (await page('/', client.cookie)).body;
    expect(/data-testid="count-unread"[^>]*>\s*<(?:p|span)[^>]*>(\d+)</.exec(desk)?.[1]).toBe('1');
    expect(desk).toContain('APIPKG1234');
    const other = await makeUser(t);
    expect((await api('POST', `/api/v1/notifications/${bell.rows[0]!.id}/read`, other.cookie)).statusCode).toBe(404);
    expect((await api('POST', `/api/v1/notifications/${bell.rows[0]!.id}/read`, client.cookie)).statusCode).toBe(200);
    expect((await api('GET', '/api/v1/notifications', client.cookie)).json().unread).toBe(0);
  });
});
