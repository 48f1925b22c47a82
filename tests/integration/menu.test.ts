import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isActive, mainMenu, menuPaths, type StoreAccess, visibleMenu } from '#app/lib/menu.ts';
import { STORE_AREAS } from '#common/store-permissions.ts';
import { localizePath } from '#common/locale.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAdmin, makeStaff, makeStore, makeUser } from '../support/factories.ts';


// The menu shows only screens that exist: every shown entry answers 200 to a logged-in user in both
// languages, and no planned entry works yet (404, or the no-store screen) — when a store issue adds
// its screen, this test tells it to switch the entry on (delete `planned` in app/lib/menu.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const page = (url: string, cookie: string, locale: 'es' | 'en') => t.app.inject({ url, headers: { cookie: `lang=${locale}; ${cookie}`, accept: 'text/html' } });

describe('the main menu', () => {
  // Renders every screen of the menu in both languages: a minute leaves a loaded machine room.
  it('links only to screens that answer, in both languages', { timeout: 60_000 }, async () => {
    const admin = await makeAdmin(t);
    await makeStore(t, { owner: admin });
    const shown = menuPaths().filter((entry) => !entry.planned);
    expect(shown.length).toBeGreaterThan(3);
    for (const locale of ['es', 'en'] as const) {
      for (const { path } of shown) {
        const url = localizePath(path, locale);
        expect((await page(url, admin.cookie, locale)).statusCode, url).toBe(200);
      }
    }
  });

  it('keeps planned entries hidden while their screen does not exist', async () => {
    const admin = await makeAdmin(t);
    const planned = menuPaths().filter((entry) => entry.planned);
    for (const { path } of planned) expect((await page(path, admin.cookie, 'es')).statusCode, path).not.toBe(200);
  });

  it('draws the shown entries and none of the planned ones', async () => {
    const client = await makeUser(t);
    const body = (await page('/', client.cookie, 'es')).body;
    expect(body).toContain('href="/alert"');
    expect(body).not.toContain('href="/catalog/product"');
    // `/store` shows to everyone (it opens a store); the store's own screens only to an owner
    expect(body).toContain('href="/store"');
    expect(body).not.toContain('href="/store/settings"');
    expect(body).not.toContain('href="/admin"');
  });

  const OWNER = Object.fromEntries(STORE_AREAS.map((area) => [area, 'write'])) as StoreAccess;

  it('drops a group whose entries are all planned, and staff entries for clients', () => {
    const keys = (items: ReturnType<typeof visibleMenu>): string[] => items.flatMap((item) => [item.key, ...keys(item.children ?? [])]);
    // Sales shows its orders, invoices and customers to an owner; with no store every entry is hidden, so the group goes.
    expect(keys(visibleMenu(mainMenu, { isStaff: false, access: OWNER }))).toEqual(expect.arrayContaining(['sales', 'orders', 'invoices', 'customers']));
    expect(keys(visibleMenu(mainMenu, { isStaff: false, access: null }))).not.toContain('sales');
    expect(keys(visibleMenu(mainMenu, { isStaff: false, access: null }))).toContain('store-home');
    expect(keys(visibleMenu(mainMenu, { isStaff: false, access: null }))).not.toContain('settings');
    expect(keys(visibleMenu(mainMenu, { isStaff: false, access: null }))).not.toContain('back-office');
    expect(keys(visibleMenu(mainMenu, { isStaff: true, access: null }))).toContain('back-office');
    // An orders clerk sees sales and not the catalogue (decision 088).
    const clerk = keys(visibleMenu(mainMenu, { isStaff: false, access: { desk: 'read', orders: 'write' } }));
    expect(clerk).toEqual(expect.arrayContaining(['store-home', 'orders', 'invoices', 'customers']));
    expect(clerk).not.toContain('products');
    expect(clerk).not.toContain('settings');
  });

  it("shows a store's screens only to a store's owner", async () => {
    const client = await makeUser(t);
    expect((await page('/', client.cookie, 'es')).body).not.toContain('href="/catalog/color"');
    await makeStore(t, { owner: client });
    expect((await page('/', client.cookie, 'es')).body).toContain('href="/catalog/color"');
  });

  it("gives staff the back office as a group of its own, second, with the admins' entries only for admins", () => {
    const keys = (items: ReturnType<typeof visibleMenu>): string[] => items.flatMap((item) => [item.key, ...keys(item.children ?? [])]);
    const staffMenu = visibleMenu(mainMenu, { isStaff: true, isAdmin: false, access: null });
    expect(staffMenu.map((item) => item.key).slice(0, 2)).toEqual(['desk', 'back-office']);
    expect(keys(staffMenu)).toEqual(expect.arrayContaining(['admin-home', 'admin-packages', 'admin-consolidations', 'admin-tickets', 'admin-alerts', 'admin-clients']));
    expect(keys(staffMenu)).not.toContain('admin-users');
    expect(keys(staffMenu)).not.toContain('admin-settings');
    expect(keys(visibleMenu(mainMenu, { isStaff: true, isAdmin: true, access: null }))).toEqual(expect.arrayContaining(['admin-users', 'admin-settings']));
    // One way to declare an entry: the back office is not also an entry under System.
    expect(menuPaths().filter((entry) => entry.path === '/admin')).toHaveLength(1);
  });

  it('marks the hub active only on itself, and a section on its detail screens', () => {
    const group = mainMenu.find((item) => item.key === 'back-office')!.children!;
    const entry = (key: string) => group.find((item) => item.key === key)!;
    expect(isActive(entry('admin-home'), '/admin')).toBe(true);
    expect(isActive(entry('admin-home'), '/admin/package')).toBe(false);
    expect(isActive(entry('admin-packages'), '/admin/package/show')).toBe(true);
    expect(isActive(entry('admin-packages'), '/admin/packages-other')).toBe(false);
  });

  it('counts the queues only for staff: a client page carries no queue counts', async () => {
    const client = await makeUser(t);
    expect((await page('/', client.cookie, 'es')).body).not.toContain('requestedConsolidations');
    const staff = await makeStaff(t);
    expect((await page('/', staff.cookie, 'es')).body).toContain('requestedConsolidations');
  });
});
