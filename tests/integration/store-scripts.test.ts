import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeStaff, makeStore, makeUser, type TestStore, type TestUser } from '../support/factories.ts';
import { callApi, getPage } from '../support/forms.ts';
import { createTestApp, importBuild, routePath, type TestApp } from '../support/test-app.ts';

// Issue 10 §6: a store's analytics and pixel scripts are stored as text and never rendered on a
// dashboard, back-office or account page — only `/store/analytics` carries them, as escaped textarea
// text (and \u003c-escaped in its hydration data) — and the API returns them to their owner only.
// Every page route of the build is visited, in both languages, as the owner and as an admin, so a
// screen added later is checked too. Needs `npm run build` first.
const LEAK = 'window.__tiendaboxLeak';
const PIXEL = 'window.__tiendaboxPixel';
const SCRIPT = `<script>${LEAK}=1</script>`;
const PIXEL_SCRIPT = `<img src=x onerror="${PIXEL}=1"><script src="https://evil.example/p.js"></script>`;

let t: TestApp;
let store: TestStore;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  store = await makeStore(t);
  admin = await makeAdmin(t);
  const saved = await callApi(t.app, 'PUT', '/api/v1/store/analytics', store.owner.cookie, { keywords: '<script>k()</script>, moda', analyticsScript: SCRIPT, pixelScript: PIXEL_SCRIPT });
  expect(saved.statusCode, saved.body).toBe(200);
  // The owner's store published, so lists of stores (back office, issue 10 §8) show it.
  await callApi(t.app, 'PUT', '/api/v1/store/settings', store.owner.cookie, { name: store.name, section: 'other', published: true });
});
afterAll(() => t.dispose());

/** Every page path of the built app (both trees), with the ids a show screen needs pointing at the owner's records. */
async function pagePaths(): Promise<string[]> {
  const build = await importBuild();
  const paths = new Set<string>();
  for (const [routeId, route] of Object.entries(build.routes)) {
    if (!route?.module.default || route.path === undefined && !route.index) continue;
    const full = `/${routePath(build, routeId)}`;
    if (full.includes('*') || full.includes(':') || /\/user\/logout$/.test(full)) continue;
    paths.add(full);
    // Show screens by id: the owner's user id and store id, where a screen takes one.
    if (full.endsWith('/show')) for (const id of [store.owner.id, store.id]) paths.add(`${full}?id=${id}`);
  }
  return [...paths];
}

describe('the store scripts', () => {
  it('reach no dashboard, back-office or account page; the analytics page only as escaped text', async () => {
    const paths = await pagePaths();
    expect(paths).toEqual(expect.arrayContaining(['/', '/store', '/store/analytics', '/en/store/analytics', '/admin/client/show', '/profile']));
    const leaks: string[] = [];
    let analyticsSeen = 0;
    for (const who of [store.owner, admin]) {
      for (const url of paths) {
        const response = await getPage(t.app, url, who.cookie);
        const body = response.body;
        if (/^\/(en\/)?store\/analytics$/.test(url) && who === store.owner) {
          expect(response.statusCode).toBe(200);
          expect(body).toContain(`&lt;script&gt;${LEAK}=1&lt;/script&gt;`);
          expect(body).not.toContain(SCRIPT);
          expect(body).not.toContain(`onerror="${PIXEL}`);
          expect(body).not.toContain('<script src="https://evil.example');
          analyticsSeen++;
          continue;
        }
        if (body.includes(LEAK) || body.includes(PIXEL) || body.includes('evil.example/p.js')) leaks.push(`${url} as ${who.email} (${response.statusCode})`);
      }
    }
    expect(analyticsSeen).toBe(2);
    expect(leaks, `pages carrying a store script:\n${leaks.join('\n')}`).toEqual([]);
  }, 300_000);

  it('come back from the API to their owner only', async () => {
    expect((await callApi(t.app, 'GET', '/api/v1/store/analytics', store.owner.cookie)).json()).toEqual({ keywords: '<script>k()</script>, moda', analyticsScript: SCRIPT, pixelScript: PIXEL_SCRIPT });
    expect((await callApi(t.app, 'GET', '/api/v1/store', store.owner.cookie)).body).not.toContain(LEAK);
    const other = await makeStore(t);
    const theirs = await callApi(t.app, 'GET', '/api/v1/store/analytics', other.owner.cookie);
    expect(theirs.json()).toEqual({ keywords: '', analyticsScript: '', pixelScript: '' });
    for (const who of [await makeUser(t), await makeStaff(t), admin]) expect((await callApi(t.app, 'GET', '/api/v1/store/analytics', who.cookie)).statusCode).toBe(409);
    expect((await callApi(t.app, 'GET', '/api/v1/store/analytics', '')).statusCode).toBe(401);
  });
});
