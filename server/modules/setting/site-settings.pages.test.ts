import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { makeAdmin, makeStaff, makeUser } from '../../../tests/support/factories.ts';
import { getPage, postForm } from '../../../tests/support/forms.ts';
import { createTestApp, importBuild, type TestApp } from '../../../tests/support/test-app.ts';

// The back office's site settings beyond the warehouse (issue 40, defect 11): the admin's
// maintenance switch, kept in the database so that every process follows it, and the terms text;
// and staff acting on a pending alert by registering its package. On the built app, both databases.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` });
const anonymous = (app: TestApp['app'], url: string) => app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}`, accept: 'text/html' } });

/** A plugin that changes nothing: the same database through another Kysely instance, as another process holds its own. */
const samePlugin: KyselyPlugin = { transformQuery: (args) => args.node, transformResult: async (args) => args.result };

describe('the terms text', () => {
  it('is the admin’s in each language once saved, and the app’s own when left empty', async () => {
    const admin = await makeAdmin(t);
    const settings = await getPage(t.app, '/admin/setting', admin.cookie);
    expect(settings.body).toContain('Términos y condiciones');
    expect(settings.body).toContain('Modo mantenimiento');
    const saved = await form('/admin/setting', admin.cookie, { intent: 'terms', es: '# Uso del servicio\nTexto propio de la plataforma.\n\nSegundo párrafo.', en: '' });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Los términos se guardaron');
    const es = await anonymous(t.app, '/terms');
    expect(es.body).toContain('data-testid="terms-custom"');
    expect(es.body).toMatch(/<h2[^>]*>Uso del servicio<\/h2>/);
    expect(es.body).toContain('Texto propio de la plataforma.');
    // English left empty: the app's own text.
    const en = await anonymous(t.app, '/en/terms');
    expect(en.body).not.toContain('data-testid="terms-custom"');
    expect(en.body).toContain('id="service"');
    // Too long: said beside the field, and nothing lost.
    const long = await form('/admin/setting', admin.cookie, { intent: 'terms', es: 'x'.repeat(30_001), en: 'ok' });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('aria-invalid="true"');
  });

  it('is the admin’s alone: staff get the 404 screen, for the screen and its post', async () => {
    const staff = await makeStaff(t);
    expect((await getPage(t.app, '/admin/setting', staff.cookie)).statusCode).toBe(404);
    expect((await form('/admin/setting', staff.cookie, { intent: 'maintenance', on: '1' })).statusCode).toBe(404);
    expect(await t.services.settings.maintenanceOn()).toBe(false);
  });
});

describe('the maintenance switch', () => {
  it('closes the site to all but admins, in every process, and opens it again', async () => {
    const admin = await makeAdmin(t);
    const client = await makeUser(t);
    // Another process of the site: its own app on the same database.
    const other = await buildApp({ config: t.config, db: t.db.withPlugin(samePlugin), logger: false, build: await importBuild() });
    await other.ready();
    try {
      expect((await anonymous(other, '/terms')).statusCode).toBe(200);
      const on = await form('/admin/setting', admin.cookie, { intent: 'maintenance', on: '1' });
      expect(on.statusCode).toBe(200);
      expect(on.body).toContain('El sitio quedó en mantenimiento');
      expect(on.body).toContain('Desactivar mantenimiento');
      // This process at once; the other within its read's life (MAINTENANCE_TTL_MS).
      for (const app of [t.app, other]) {
        await expect.poll(async () => (await anonymous(app, '/terms')).statusCode, { timeout: 5000, interval: 200 }).toBe(503);
        const page = await anonymous(app, '/en/user/register');
        expect(page.statusCode).toBe(503);
        expect(page.headers['retry-after']).toBe('300');
        expect(page.body).toContain('data-testid="maintenance"');
        expect((await app.inject({ url: '/', headers: { cookie: `lang=es; ${client.cookie}`, accept: 'text/html' } })).statusCode).toBe(503);
        expect((await app.inject({ url: '/api/v1/orders', headers: { cookie: client.cookie } })).statusCode).toBe(503);
        // The way in for an admin, and the admin's own screens.
        expect((await anonymous(app, '/user/login')).statusCode).toBe(200);
        expect((await app.inject({ url: '/admin/setting', headers: { cookie: `lang=es; ${admin.cookie}`, accept: 'text/html' } })).statusCode).toBe(200);
      }
      const off = await form('/admin/setting', admin.cookie, { intent: 'maintenance', on: '0' });
      expect(off.body).toContain('El sitio volvió a abrirse');
      for (const app of [t.app, other]) {
        await expect.poll(async () => (await anonymous(app, '/terms')).statusCode, { timeout: 5000, interval: 200 }).toBe(200);
        expect((await app.inject({ url: '/', headers: { cookie: `lang=es; ${client.cookie}`, accept: 'text/html' } })).statusCode).toBe(200);
      }
      // A post that is no switch is refused, never a 5xx.
      expect((await form('/admin/setting', admin.cookie, { intent: 'maintenance', on: 'maybe' })).statusCode).toBe(400);
    } finally {
      await t.services.settings.setMaintenance(false);
      await other.close();
    }
  });
});

describe('staff and alerts', () => {
  it('register a pending alert’s package from the alert, which links it and marks it received', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    expect((await form('/alert', client.cookie, { intent: 'create', trackingNumber: 'ALERTSTAFF01', carrier: 'UPS', store: 'Amazon', content: 'Zapatos', declaredValue: '59,90' })).statusCode).toBe(302);
    const alertId = (await t.db.selectFrom('alert').select('id').where('trackingNumber', '=', 'ALERTSTAFF01').executeTakeFirstOrThrow()).id;
    const show = await getPage(t.app, `/admin/alert/show?id=${alertId}`, staff.cookie);
    expect(show.body).toContain('Registrar su paquete');
    const url = `/admin/alert/show?id=${alertId}`;
    // What staff typed wrong comes back beside its field, on the alert's page.
    const bad = await form(url, staff.cookie, { lockerCode: client.lockerCode, trackingNumber: 'ALERTSTAFF01', carrier: 'UPS', store: 'Amazon', description: 'Zapatos', weightLb: 'mucho', lengthCm: '30', widthCm: '20', heightCm: '10', declaredValue: '59,90' });
    expect(bad.statusCode).toBe(400);
    const registered = await form(url, staff.cookie, { lockerCode: client.lockerCode, trackingNumber: 'ALERTSTAFF01', carrier: 'UPS', store: 'Amazon', description: 'Zapatos', weightLb: '2,5', lengthCm: '30', widthCm: '20', heightCm: '10', declaredValue: '59,90' });
    expect(registered.statusCode).toBe(302);
    expect(registered.headers.location).toBe(`/admin/package?notice=created&registered=1&linked=${alertId}`);
    const alert = await t.db.selectFrom('alert').select(['status', 'packageId']).where('id', '=', alertId).executeTakeFirstOrThrow();
    expect(alert.status).toBe('received');
    expect(alert.packageId).not.toBeNull();
    // Received: nothing more to register from it.
    expect((await getPage(t.app, url, staff.cookie)).body).not.toContain('Registrar su paquete');
  });
});
