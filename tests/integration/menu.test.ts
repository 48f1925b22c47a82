import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mainMenu, menuPaths, visibleMenu } from '#app/lib/menu.ts';
import { localizePath } from '#common/locale.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeUser, makeAdmin } from '../support/factories.ts';


// The menu shows only screens that exist: every shown entry answers 200 to a logged-in user in both
// languages, and every planned entry still answers 404 — when a store issue adds its screen, this
// test tells it to switch the entry on (delete `planned` in app/lib/menu.ts).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const page = (url: string, cookie: string, locale: 'es' | 'en') => t.app.inject({ url, headers: { cookie: `lang=${locale}; ${cookie}`, accept: 'text/html' } });

describe('the main menu', () => {
  it('links only to screens that answer, in both languages', async () => {
    const admin = await makeAdmin(t);
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
    for (const { path } of planned) expect((await page(path, admin.cookie, 'es')).statusCode, path).toBe(404);
  });

  it('draws the shown entries and none of the planned ones', async () => {
    const client = await makeUser(t);
    const body = (await page('/', client.cookie, 'es')).body;
    expect(body).toContain('href="/alert"');
    expect(body).not.toContain('href="/catalog/product"');
    expect(body).not.toContain('href="/store"');
    expect(body).not.toContain('href="/admin"');
  });

  it('drops a group whose entries are all planned, and staff entries for clients', () => {
    const keys = (items: ReturnType<typeof visibleMenu>): string[] => items.flatMap((item) => [item.key, ...keys(item.children ?? [])]);
    expect(keys(visibleMenu(mainMenu, { isStaff: false }))).not.toContain('store');
    expect(keys(visibleMenu(mainMenu, { isStaff: false }))).not.toContain('back-office');
    expect(keys(visibleMenu(mainMenu, { isStaff: true }))).toContain('back-office');
  });
});
