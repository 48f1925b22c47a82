import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { enqueueJob } from '#server/modules/job/job.service.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore, type TestStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A storefront process (APP_ROLE=storefront, decision 104): the stores' pages, their files and
// /healthz, and nothing of the dashboard, the API or the job queue, which a balancer sends to the
// processes that serve everything.
let t: TestApp;
let store: TestStore;

beforeAll(async () => {
  t = await createTestApp({ APP_ROLE: 'storefront', JOB_POLL_MS: '20' });
  store = await makeStore(t, { name: 'Tienda del Escaparate' });
  await publishStore(t.deps, (await ownStoreScope(t.deps, { userId: store.owner.id }))!, true);
}, 60_000);
afterAll(() => t?.dispose());

const get = (url: string) => t.app.inject({ url, headers: { accept: 'text/html', cookie: `lang=${url.startsWith('/en/') ? 'en' : 'es'}` } });

it("serves a store's pages in both languages", async () => {
  for (const url of [`/shop/${store.slug}`, `/en/shop/${store.slug}`]) {
    const page = await get(url);
    expect(page.statusCode, url).toBe(200);
    expect(page.body).toContain('Tienda del Escaparate');
  }
});

it('serves the files a page links, with their cache headers, and its health', async () => {
  const favicon = await get('/favicon.svg');
  expect(favicon.statusCode).toBe(200);
  expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
  const asset = readdirSync('build/client/assets').find((file) => file.endsWith('.css'))!;
  const built = await get(`/assets/${asset}`);
  expect(built.statusCode).toBe(200);
  expect(built.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await get('/healthz')).statusCode).toBe(200);
});

it('answers 404 for the dashboard and the API', async () => {
  for (const url of ['/', '/user/login', '/en/user/login', '/api/v1/categories', '/api/docs']) expect((await get(url)).statusCode, url).toBe(404);
});

it('runs no job: the queue is left to the processes that serve everything', async () => {
  const id = (await enqueueJob(t.deps, { kind: 'mail', payload: { to: 'comprador@example.com', subject: 'Pedido', text: 'Gracias', html: '<p>Gracias</p>' } }))!;
  await new Promise((resolve) => setTimeout(resolve, 500)); // 25 polls of a worker, were there one
  const job = await t.db.selectFrom('job').select(['state', 'attempts', 'lockedBy']).where('id', '=', id).executeTakeFirstOrThrow();
  expect(job).toEqual({ state: 'queued', attempts: 0, lockedBy: null });
});
