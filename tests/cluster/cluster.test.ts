import { tmpdir } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createDatabase, type Db } from '#server/db/database.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { type Cluster, startCluster } from '#scripts/cluster.ts';
import { makeStore, type TestStore } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import { startSmtpServer } from '../support/smtp.ts';
import { answer, caddySelections, type Answer, loadUntil } from './cluster-client.ts';
import { httpsSuite } from './cluster-https.ts';

// Issue 41 §2 (decision 099): three app processes that share only PostgreSQL and an S3 bucket, each
// with a disk of its own, behind Caddy with the repository's Caddyfile. Everything a shopper or an
// owner does goes through Caddy; each process is also asked directly, to show that what one did the
// others know. A fourth process serves only the storefront (decision 104): Caddy sends it the
// storefront's share and nothing else. Runs once, on the PostgreSQL leg only (scripts/test.ts, phase "cluster postgresql").
const HEALTH_INTERVAL_MS = 1000; // the Caddyfile's health_interval
let cluster: Cluster;
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let db: Db;
let deps: ServiceDeps;
let store: TestStore;
let cookie: string;

beforeAll(async () => {
  smtp = await startSmtpServer();
  cluster = await startCluster({
    appPort: 3610,
    s3Port: 9111,
    caddyPort: 8410,
    storefronts: 1,
    serverUrl: process.env.DATABASE_URL,
    env: { SMTP_URL: smtp.url, JOB_POLL_MS: '100' },
    caddyEnv: { CADDY_LOG_LEVEL: 'DEBUG' },
  });
  db = createDatabase({ databaseUrl: cluster.databaseUrl, dataDir: tmpdir() });
  deps = createServiceDeps({ db, config: loadConfig({ DATABASE_URL: cluster.databaseUrl, DATA_DIR: tmpdir() }) });
  store = await makeStore({ deps }, { name: 'Tienda Clúster' });
  await publishStore(deps, (await ownStoreScope(deps, { userId: store.owner.id }))!, true);
}, 120_000);

afterAll(async () => {
  await db?.destroy();
  await cluster?.stop();
  await smtp?.close();
});

const through = (method: string, path: string, options: { cookie?: string; json?: object; form?: Record<string, string>; body?: Buffer; type?: string } = {}) => answer(cluster.url, method, path, options);
const api = (method: string, path: string, json?: object) => through(method, path, { cookie, json });

describe('three processes behind Caddy', () => {
  it('keeps a login made through one process valid on every process', async () => {
    const login = await through('POST', '/user/login', { form: { email: store.owner.email, password: store.owner.password } });
    expect(login.status, login.body).toBe(302);
    cookie = /tiendabox_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
    for (const app of cluster.processes) {
      expect((await answer(app.url, 'GET', '/api/v1/categories', { cookie })).status, app.url).toBe(200);
      expect((await answer(app.url, 'GET', '/api/v1/categories')).status, app.url).toBe(401);
    }
  });

  it('serves a file uploaded through one process from every process', async () => {
    const image = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#1c9283' } }).png().toBuffer();
    const { payload, contentType } = multipart([{ name: 'purpose', value: 'logo' }, { name: 'file', filename: 'logo.png', data: image, type: 'image/png' }]);
    const uploaded = await through('POST', '/api/v1/uploads', { cookie, body: payload, type: contentType });
    expect(uploaded.status, uploaded.body).toBe(201);
    const id = (JSON.parse(uploaded.body) as { id: string }).id;
    // the file as kept (the app may re-encode it): the same bytes from each process, each with its own disk
    const files: Buffer[] = [];
    for (const app of cluster.processes) {
      const file = await fetch(`${app.url}/api/v1/uploads/${id}`, { headers: { cookie } });
      expect(file.status, app.url).toBe(200);
      files.push(Buffer.from(await file.arrayBuffer()));
    }
    expect((await sharp(files[0]).metadata()).width).toBe(40);
    expect(files.map((file) => file.equals(files[0]!))).toEqual([true, true, true]);
  });

  it('shows a price changed through one process on every process\'s storefront within 1 s', async () => {
    const category = JSON.parse((await api('POST', '/api/v1/categories', { name: 'Ropa', enabled: true })).body).id as number;
    const product = { name: 'Poncho', sku: 'PO-1', categoryId: category, priceCents: 4321, stock: 5, enabled: true };
    const created = await api('POST', '/api/v1/products', product);
    expect(created.status, created.body).toBe(201);
    const page = `/shop/${store.slug}/category/ropa`;
    /** The price the page shows (IVA included), each process asked directly. */
    const every = [...cluster.processes, ...cluster.storefronts];
    const prices = async () => Promise.all(every.map(async (app) => /class="price-now">([^<]+)</.exec((await answer(app.url, 'GET', page)).body)?.[1]));
    // every process draws the page and keeps it in its cache; $43.21 and 15 % IVA
    await prices();
    expect(await prices()).toEqual(Array(4).fill('$49,69'));
    for (const app of every) expect((await answer(app.url, 'GET', page)).headers.get('x-shop-cache'), app.url).toBe('hit');
    const changed = await api('PUT', `/api/v1/products/${JSON.parse(created.body).id}`, { ...product, priceCents: 5678 });
    expect(changed.status, changed.body).toBe(204);
    await sleep(1000);
    expect(await prices()).toEqual(Array(4).fill('$65,30'));
  });

  it('sends a queued e-mail exactly once, whichever process runs the queue', async () => {
    const asked = await through('POST', '/user/reset', { form: { email: store.owner.email } });
    expect(asked.status, asked.body).toBe(200);
    await smtp.waitForMail(store.owner.email, '', 10_000);
    // three processes poll the queue every 100 ms: 2 s is twenty chances each to send it again
    await sleep(2000);
    expect(smtp.inbox.filter((mail) => mail.to.includes(store.owner.email))).toHaveLength(1);
  });

  it('counts a rate limit across the processes', async () => {
    const from = cluster.caddyOutput.length;
    const statuses: number[] = [];
    // the review limit (10 an hour per address) is taken before the form is read: empty posts count
    for (let n = 0; n < 14; n++) statuses.push((await through('POST', `/shop/${store.slug}/product/poncho/review`, { form: { authorName: '' } })).status);
    expect(statuses.slice(0, 10)).not.toContain(429);
    expect(statuses.slice(10)).toEqual([429, 429, 429, 429]);
    // and the posts went to all four processes of the storefront's pool
    expect(new Set(caddySelections(cluster.caddyOutput.slice(from)).map((selection) => selection.dial)).size).toBe(4);
  });

  it('sends the storefront to the storefront process too, and the dashboard and the API never', async () => {
    const storefront = cluster.storefronts[0]!;
    const dialsOf = async (path: string, times: number) => {
      const from = cluster.caddyOutput.length;
      // a page, or the dashboard's redirect: either way answered by the process Caddy chose
      for (let n = 0; n < times; n++) expect((await through('GET', path, { cookie })).status, path).toBeLessThan(400);
      return new Set(caddySelections(cluster.caddyOutput.slice(from)).map((selection) => selection.dial));
    };
    expect(await dialsOf(`/shop/${store.slug}?v=pools`, 8)).toContain(`127.0.0.1:${storefront.port}`);
    for (const path of ['/user/login', '/api/v1/categories', '/store']) expect(await dialsOf(path, 6)).not.toContain(`127.0.0.1:${storefront.port}`);
    // asked directly, it has no dashboard to give
    expect((await answer(storefront.url, 'GET', '/user/login')).status).toBe(404);
  });

  it('loses no acknowledged write when a process is killed (kill -9) under a write load, and Caddy leaves it within its health interval', async () => {
    const victim = cluster.processes[2]!;
    const from = cluster.caddyOutput.length;
    let killedAt = 0;
    const acknowledged: { id: number; name: string }[] = [];
    const ends = Date.now() + 2_500;
    const results = await loadUntil(() => Date.now() > ends, 4, async (n) => {
      if (n === 40 && !killedAt) {
        killedAt = Date.now();
        victim.kill();
      }
      const name = `Carga ${n}`;
      const created = await api('POST', '/api/v1/categories', { name, enabled: true });
      if (created.status === 201) acknowledged.push({ id: JSON.parse(created.body).id as number, name });
      return created;
    });
    expect(killedAt).toBeGreaterThan(0);
    expect(acknowledged.length).toBeGreaterThan(40);
    // Not acknowledged is allowed (a request on the process as it died), lost after an ack is not.
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    const stored = await client.query<{ id: number; name: string }>('select id, name from category where store_id = $1', [store.id]);
    await client.end();
    const byId = new Map(stored.rows.map((row) => [Number(row.id), row.name]));
    expect(acknowledged.filter((write) => byId.get(write.id) !== write.name)).toEqual([]);
    // At most the four in flight when it died (one a loop); should more fail, what each answered says where.
    const failed = results.filter((result) => result.status >= 500);
    expect(failed.length, failed.map((result) => `${result.status} ${result.body.slice(0, 160)}`).join('\n')).toBeLessThanOrEqual(4);
    // Caddy's own log: the last request it sent to the dead process, then none after its checks.
    const sentToVictim = caddySelections(cluster.caddyOutput.slice(from)).filter((selection) => selection.dial.endsWith(`:${victim.port}`));
    const lastSent = Math.max(...sentToVictim.map((selection) => selection.at));
    expect(lastSent - killedAt).toBeLessThanOrEqual(HEALTH_INTERVAL_MS + 250);
    await victim.start();
  });

  it('drops no request while every app process is restarted in turn (SIGTERM, then started again)', async () => {
    const page = `/shop/${store.slug}/category/ropa`;
    let restarting = true;
    const load = loadUntil(() => !restarting, 4, () => through('GET', page));
    // the storefront process shares the page's pool; restarting the three is the test, four only longer
    for (const app of cluster.processes) {
      await app.stop();
      await app.start();
      // back in Caddy's rotation at its next check
      await sleep(HEALTH_INTERVAL_MS + 200);
    }
    restarting = false;
    const results: Answer[] = await load;
    expect(results.length).toBeGreaterThan(50);
    expect(results.filter((result) => result.status !== 200).map((result) => `${result.status} ${result.body.slice(0, 120)}`)).toEqual([]);
  });
});

describe('store domains over HTTPS with Caddy\'s internal CA', () => {
  httpsSuite(() => ({ cluster, store, deps }));
});
