import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { countLoads, gotoHydrated } from './support/helpers.ts';
import { PROJECT_ROOT } from './support/servers.ts';

// seed §4 and §9: the page asks for the newest build every hour (3,600,000 ms); once a newer build
// is announced, a chunk that fails to load reloads the page — never twice within 10 s.
//
// The browser's clock is faked (page.clock) so that the hourly poll can be fast-forwarded; a
// deploy is simulated by rewriting build/build-info.json, which the server reads on every request
// to /builds/latest.json. The tests share that file, so they run one after another.
test.describe.configure({ mode: 'serial' });

const BUILD_INFO = path.join(PROJECT_ROOT, 'build', 'build-info.json');
const GUARD_KEY = 'tiendabox:chunk-reload-at';
const HOUR_MS = 3_600_000;

let originalInfo = '';
let deployedInfo: string | null = null;

test.beforeAll(() => {
  originalInfo = readFileSync(BUILD_INFO, 'utf8');
});

test.afterEach(() => {
  // Put the real build's announcement back, unless someone rebuilt meanwhile.
  if (deployedInfo !== null && readFileSync(BUILD_INFO, 'utf8') === deployedInfo) writeFileSync(BUILD_INFO, originalInfo);
  deployedInfo = null;
});

function originalId(): string {
  return (JSON.parse(originalInfo) as { id: string }).id;
}

/** Announces a newer build than the one the browser runs, as a deploy would. */
function deployNewBuild(): string {
  const info = JSON.parse(originalInfo) as { timestamp: number };
  const next = { id: `${originalId()}next`, timestamp: info.timestamp + 1 };
  deployedInfo = JSON.stringify(next);
  writeFileSync(BUILD_INFO, deployedInfo);
  return next.id;
}

/** Resolves when a page (the next one, after a reload) has hydrated; see gotoHydrated. */
function nextHydration(page: Page) {
  return page.waitForResponse((response) => new URL(response.url()).pathname === '/__manifest');
}

type E2EWindow = Window & { e2eMark?: boolean; e2eBuildPolls?: number };

/**
 * Counts, in the page, the answers of /builds/latest.json whose body has been read. The watcher
 * decides in the same microtask run, so once the count moves it knows what the poll said.
 */
async function countBuildPolls(page: Page) {
  await page.addInitScript(() => {
    const json = Response.prototype.json;
    Response.prototype.json = async function (this: Response) {
      const body: unknown = await json.call(this);
      if (new URL(this.url).pathname === '/builds/latest.json') {
        const w = window as Window & { e2eBuildPolls?: number };
        w.e2eBuildPolls = (w.e2eBuildPolls ?? 0) + 1;
      }
      return body;
    };
  });
}

/** Opens the login page on a faked clock and marks its window: a reload loses the mark. */
async function openLogin(page: Page) {
  await page.clock.install();
  await countBuildPolls(page);
  const loads = countLoads(page);
  await gotoHydrated(page, '/user/login');
  await markWindow(page);
  return loads;
}

async function markWindow(page: Page) {
  await page.evaluate(() => {
    (window as E2EWindow).e2eMark = true;
  });
}

async function hasMark(page: Page) {
  return page.evaluate(() => (window as E2EWindow).e2eMark === true);
}

/** Lets an hour pass in the page and returns the build id the poll was told about. */
async function hourlyPoll(page: Page): Promise<string> {
  const before = await page.evaluate(() => (window as E2EWindow).e2eBuildPolls ?? 0);
  const polled = page.waitForResponse((response) => new URL(response.url()).pathname === '/builds/latest.json');
  await page.clock.fastForward('01:00:00');
  const response = await polled;
  await page.waitForFunction((count) => ((window as E2EWindow).e2eBuildPolls ?? 0) > count, before, { polling: 50 });
  const { id } = (await response.json()) as { id: string };
  return id;
}

/**
 * A chunk of the page's build that the server no longer has (the files of an old build are gone
 * after a deploy): the browser fails to import it and nobody catches the failure — as with a
 * lazily imported component. Resolves once the browser has reported the failure.
 */
async function failChunkLoad(page: Page) {
  const reported = page.waitForEvent('pageerror', (error) => /dynamically imported module/i.test(error.message));
  await page.evaluate((url) => {
    void import(url);
  }, `/assets/chunk-of-an-old-build-${Date.now()}.js`);
  await reported;
}

/** Asserts that nothing reloads the page for a while (a negative: it has to wait). */
async function expectNoReload(page: Page, loads: { readonly count: number }, expected: number) {
  await page.waitForTimeout(1000);
  expect(loads.count).toBe(expected);
  expect(await hasMark(page)).toBe(true);
}

async function expectReloaded(page: Page, loads: { readonly count: number }, expected: number) {
  await expect.poll(() => loads.count).toBe(expected);
  await page.waitForLoadState('load');
  expect(await hasMark(page)).toBe(false);
}

test('the page asks for the newest build every hour, never from a cache', async ({ page }) => {
  const polls: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/builds/latest.json') polls.push(request.url());
  });
  await openLogin(page);

  await page.clock.fastForward('00:59:00');
  await page.waitForTimeout(300);
  expect(polls).toHaveLength(0);

  expect(await hourlyPoll(page)).toBe(originalId());
  expect(await hourlyPoll(page)).toBe(originalId());
  expect(polls).toHaveLength(2);
  // A timestamp query that changes each time, and an answer no cache may keep.
  const stamps = polls.map((url) => new URL(url).searchParams.get('t'));
  expect(stamps[0]).toMatch(/^\d+$/);
  expect(stamps[1]).not.toBe(stamps[0]);
  const response = await page.request.get('/builds/latest.json');
  expect(response.headers()['cache-control']).toBe('no-store');
});

test('with no new build announced, a failed chunk load does not reload the page', async ({ page }) => {
  const loads = await openLogin(page);
  expect(await hourlyPoll(page)).toBe(originalId());
  await failChunkLoad(page);
  await expectNoReload(page, loads, 1);
  expect(await page.evaluate((key) => sessionStorage.getItem(key), GUARD_KEY)).toBeNull();
});

test('after a new build is announced, a failed chunk load reloads the page once, and not again within 10 s', async ({
  page,
}) => {
  const loads = await openLogin(page);
  const newId = deployNewBuild();
  expect(await hourlyPoll(page)).toBe(newId);

  const hydrated = nextHydration(page);
  await failChunkLoad(page);
  await expectReloaded(page, loads, 2);
  await hydrated;
  const reloadedAt = Number(await page.evaluate((key) => sessionStorage.getItem(key), GUARD_KEY));
  expect(reloadedAt).toBeGreaterThan(0);

  // The reloaded page still runs the old build (only the announcement changed), so its next poll
  // announces the new build again. To get that hourly poll within 10 s of the reload, the fake
  // clock is first set back an hour (pending timers keep their delay).
  await markWindow(page);
  await page.clock.setSystemTime(reloadedAt - HOUR_MS + 2_000);
  expect(await hourlyPoll(page)).toBe(newId);
  const now = await page.evaluate(() => Date.now());
  expect(now - reloadedAt).toBeLessThan(10_000);

  await failChunkLoad(page);
  await expectNoReload(page, loads, 2);

  // Once the 10 s have passed, the next failure reloads again.
  await page.clock.fastForward('00:00:15');
  await failChunkLoad(page);
  await expectReloaded(page, loads, 3);
});

/**
 * The URL of a route's module (a lazily loaded chunk), as React Router knows it. React Router
 * discovers the routes of rendered links lazily (a /__manifest request), so wait until it has.
 */
async function routeModuleUrl(page: Page, routeId: string): Promise<string> {
  const handle = await page.waitForFunction(
    (id) =>
      (window as Window & { __reactRouterManifest?: { routes: Record<string, { module: string }> } }).__reactRouterManifest
        ?.routes[id]?.module,
    routeId,
    { timeout: 10_000 },
  );
  const module = (await handle.jsonValue()) as string | undefined;
  expect(module, `${routeId} is in the route manifest`).toBeTruthy();
  return new URL(module as string, page.url()).toString();
}

test('after a new build is announced, a link loads the whole page from the server instead of the old route chunk', async ({
  page,
}) => {
  const loads = await openLogin(page);
  const newId = deployNewBuild();
  expect(await hourlyPoll(page)).toBe(newId);

  // The old build's chunk for the register screen is gone: the browser cannot fetch it.
  const registerChunk = await routeModuleUrl(page, 'es/user/register');
  // Requests from the old document fail; the new document (in real life another build's file) loads it.
  let chunkRequests = 0;
  await page.route(registerChunk, (route) => {
    if (route.request().frame().url().endsWith('/user/register')) return route.continue();
    chunkRequests += 1;
    return route.abort();
  });
  await page.locator('a[href="/user/register"]').first().click();
  await page.waitForURL(/\/user\/register$/, { waitUntil: 'load' });
  // One document load of the target (the newest build), no failed chunk, no reload of the old page.
  await expect(page).toHaveURL(/\/user\/register$/);
  await expect(page.locator('[data-layout="none"]')).toBeVisible();
  expect(loads.count).toBe(2);
  expect(chunkRequests).toBe(0);
});

test('React Router reloads on a route chunk that fails to load on its own: without a new build, and again within 10 s', async ({
  page,
}) => {
  // Characterisation of react-router's loadRouteModule (dist/*/lib/dom/ssr/routeModules.js): it
  // catches the failed import and calls window.location.reload() itself, whatever the build
  // watcher knows and without its 10 s guard. See the report of the foundation issue.
  const loads = countLoads(page);
  await gotoHydrated(page, '/user/login');
  const registerChunk = await routeModuleUrl(page, 'es/user/register');
  await page.route(registerChunk, (route) => route.abort());
  const startedAt = Date.now();

  await markWindow(page);
  const hydrated = nextHydration(page);
  await page.locator('a[href="/user/register"]').first().click();
  await expectReloaded(page, loads, 2);
  await hydrated;

  await markWindow(page);
  await page.locator('a[href="/user/register"]').first().click();
  await expectReloaded(page, loads, 3);
  expect(Date.now() - startedAt).toBeLessThan(10_000);
});
