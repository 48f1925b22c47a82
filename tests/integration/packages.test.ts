import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repointPackageNotices } from '#server/db/migrations/2026-11-23-004-consolidation-final.ts';
import { postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeStaff, makeUser } from '../support/factories.ts';

// "Mis paquetes" (/package, /package/show) for the client who owns them, and where a package's
// notification leads. On the built app (npm run build first), SQLite or PostgreSQL.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.dispose();
});

const page = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}`, accept: 'text/html' } });
const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=es; ${cookie}` });
const packageFields = (lockerCode: string, tracking: string, weightLb = '3,5') => ({ lockerCode, trackingNumber: tracking, carrier: 'UPS', store: 'Amazon', description: 'Caja', weightLb, lengthCm: '30', widthCm: '20', heightCm: '10', declaredValue: '59,90' }); // typed on a Spanish page
const packageId = async (tracking: string) => (await t.db.selectFrom('package').select('id').where('trackingNumber', '=', tracking).executeTakeFirstOrThrow()).id;

describe('my packages', () => {
  it('lists only the client’s own, with status, weight in the page’s language, arrival and alert', async () => {
    const client = await makeUser(t);
    const other = await makeUser(t);
    const staff = await makeStaff(t);
    expect((await form('/alert', client.cookie, { intent: 'create', trackingNumber: 'ALERTED001', carrier: 'UPS', store: 'Amazon', content: 'Zapatos', declaredValue: '59,90' })).statusCode).toBe(302);
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'ALERTED001', '2,9'));
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'NOALERT001'));
    await form('/admin/package', staff.cookie, packageFields(other.lockerCode, 'THEIRS0001'));
    const alertId = (await t.db.selectFrom('alert').select('id').where('trackingNumber', '=', 'ALERTED001').executeTakeFirstOrThrow()).id;

    const list = await page('/package', client.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain('Mis paquetes');
    expect(list.body).toContain('ALERTED001');
    expect(list.body).toContain('NOALERT001');
    expect(list.body).not.toContain('THEIRS0001');
    expect(list.body).not.toContain(`href="/package/show?id=${await packageId('THEIRS0001')}"`);
    expect(list.body).toContain('2,9 lb');
    expect(list.body).toContain('En bodega');
    expect(list.body).toContain(`href="/alert/show?id=${alertId}"`);
    expect(list.body).toContain(`href="/package/show?id=${await packageId('NOALERT001')}"`);
    expect(list.body).toContain('Sin alerta');

    const en = await page('/en/package', client.cookie);
    expect(en.body).toContain('My packages');
    expect(en.body).toContain('2.9 lb');
    expect(en.body).toContain('In warehouse');

    expect((await page('/package?status=delivered', client.cookie)).body).toContain('No se encontraron registros');
    // (The bell in the header names the packages too: rows are counted by their links.)
    const searched = (await page('/package?q=NOALERT', client.cookie)).body;
    expect(searched).not.toContain(`href="/package/show?id=${await packageId('ALERTED001')}"`);
    expect(searched).toContain(`href="/package/show?id=${await packageId('NOALERT001')}"`);
    // The Casillero menu offers it.
    expect(list.body).toMatch(/href="\/package"[^>]*>[\s\S]{0,400}Mis paquetes|Mis paquetes[\s\S]{0,400}href="\/package"/);
  });

  it('is where the desk’s "in the warehouse" count leads', async () => {
    const client = await makeUser(t);
    expect((await page('/', client.cookie)).body).toMatch(/href="\/package\?status=in_warehouse"[^>]*data-testid="count-packages"|data-testid="count-packages"[^>]*href="\/package\?status=in_warehouse"/);
  });

  it('pages a long list', async () => {
    const client = await makeUser(t);
    const now = new Date().toISOString();
    const rows = Array.from({ length: 25 }, (_, i) => ({
      userId: client.id, consolidationId: null, trackingNumber: `MANY${String(i).padStart(4, '0')}`, carrier: 'UPS', store: 'Amazon', description: '',
      weightLb: 1, lengthCm: 10, widthCm: 10, heightCm: 10, declaredValueCents: 1000, photoUploadId: null, status: 'in_warehouse' as const, receivedAt: now, updatedAt: now,
    }));
    await t.db.insertInto('package').values(rows).execute();
    const first = await page('/package', client.cookie);
    expect(first.body.match(/MANY\d{4}/g)?.length).toBeGreaterThanOrEqual(20);
    expect(first.body).not.toContain('MANY0000');
    expect((await page('/package?page=2', client.cookie)).body).toContain('MANY0000');
  });

  it('shows one of the client’s packages; another client’s, or a bad id, is not found', async () => {
    const client = await makeUser(t);
    const other = await makeUser(t);
    const staff = await makeStaff(t);
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'SHOWPKG001'));
    const id = await packageId('SHOWPKG001');
    const show = await page(`/package/show?id=${id}`, client.cookie);
    expect(show.statusCode).toBe(200);
    expect(show.body).toContain('Paquete SHOWPKG001');
    expect(show.body).toContain('3,5 lb');
    expect(show.body).toMatch(/\$\s?59,90/);
    expect(show.body).toContain('Sin alerta');
    expect(show.body).toContain(`href="/consolidate/new?chosen=${id}"`);
    expect((await page(`/en/package/show?id=${id}`, client.cookie)).body).toContain('Package SHOWPKG001');

    expect((await page(`/package/show?id=${id}`, other.cookie)).statusCode).toBe(404);
    for (const bad of ['abc', '0', '-1', '99999999999', '']) expect((await page(`/package/show?id=${bad}`, client.cookie)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/package/show?id=${id}` })).statusCode).toBe(302);
  });

  it('links the consolidation a package ships in', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'ALONEPKG01'));
    const id = await packageId('ALONEPKG01');
    const shipped = await form('/consolidate/new', client.cookie, { deliveryAddress: 'Quito', packageIds: String(id) });
    expect(shipped.statusCode).toBe(302);
    const consolidationId = Number(/id=(\d+)/.exec(String(shipped.headers.location))![1]);
    const show = await page(`/package/show?id=${id}`, client.cookie);
    expect(show.body).toContain(`href="/consolidate/show?id=${consolidationId}"`);
    expect(show.body).toContain('Consolidando');
  });
});

describe('package notifications', () => {
  it('open the alert the client wrote, else the package itself', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    await form('/alert', client.cookie, { intent: 'create', trackingNumber: 'BELLALERT1', carrier: 'UPS', store: 'Amazon', content: 'Zapatos', declaredValue: '10' });
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'BELLALERT1'));
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'BELLNONE01'));
    const notices = await t.db.selectFrom('notification').select(['id', 'link']).where('userId', '=', client.id).where('kind', '=', 'package_received').orderBy('id').execute();
    const alertId = (await t.db.selectFrom('alert').select('id').where('trackingNumber', '=', 'BELLALERT1').executeTakeFirstOrThrow()).id;
    expect(notices.map((row) => row.link)).toEqual([`/alert/show?id=${alertId}`, `/package/show?id=${await packageId('BELLNONE01')}`]);
    const opened = await page(`/notification?open=${notices[1]!.id}`, client.cookie);
    expect(opened.headers.location).toBe(`/package/show?id=${await packageId('BELLNONE01')}`);
    expect((await page(`/en/notification?open=${notices[1]!.id}`, client.cookie)).headers.location).toBe(`/en/package/show?id=${await packageId('BELLNONE01')}`);
  });

  it('written before the change are pointed at their package by the migration', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    await form('/admin/package', staff.cookie, packageFields(client.lockerCode, 'OLDLINK001'));
    await t.db.updateTable('notification').set({ link: '/consolidate/new' }).where('userId', '=', client.id).execute();
    await t.db.insertInto('notification').values({ userId: client.id, kind: 'package_received', params: 'not json', link: '/consolidate/new', readAt: null, createdAt: new Date().toISOString() }).execute();
    await repointPackageNotices(t.db);
    const links = (await t.db.selectFrom('notification').select('link').where('userId', '=', client.id).orderBy('id').execute()).map((row) => row.link);
    expect(links).toEqual([`/package/show?id=${await packageId('OLDLINK001')}`, '/consolidate/new']);
  });
});

describe('the e-mail preferences', () => {
  it('offer the back office\u2019s queues to staff only, off until they ask', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    const offered = (await page('/profile/notifications', staff.cookie)).body;
    expect(offered).toContain('value="staff_ticket"');
    expect(offered).toContain('value="staff_consolidation"');
    expect(offered).not.toMatch(/value="staff_ticket"[^>]*checked|checked[^>]*value="staff_ticket"/);
    expect((await page('/profile/notifications', client.cookie)).body).not.toContain('value="staff_ticket"');
  });
});
