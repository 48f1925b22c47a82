import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db, dialectOf } from '#server/db/database.ts';
import { createServiceDeps } from '#server/composition.ts';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { createSchema, startWorkers, until } from '../support/spawned-server.ts';
import { makeStore, type TestStore } from '../support/factories.ts';

// Decision 064 on the real server (`node server/main.ts`) with two workers, on both databases:
// each worker keeps the storefront's pages in its own memory; a change committed through one of
// them is shown by both within one second, as it would be by processes on other machines
// sharing the database (the version lives in the database, not in a process).
const databaseUrl = process.env.DATABASE_URL;
const postgres = dialectOf(databaseUrl) === 'postgres';
const schema = `shopcache_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-shopcache-'));
let server: Awaited<ReturnType<typeof startWorkers>>;
let db: Db | undefined;
let store: TestStore;

const api = (method: string, url: string, payload: object) =>
  server.request(method, url, { cookie: store.owner.cookie, 'content-type': 'application/json', accept: 'application/json' }, JSON.stringify(payload));
/** A shopper's visit: anonymous, uncompressed to read it here. */
const visit = async (url: string) => {
  const answer = await server.request('GET', url, { cookie: 'lang=es', accept: 'text/html', 'accept-encoding': 'identity' });
  return { ...answer, cache: answer.headers['x-shop-cache'] as string | undefined };
};

beforeAll(async () => {
  if (postgres) await createSchema(databaseUrl!, schema);
  server = await startWorkers({ dataDir, databaseUrl: postgres ? withSearchPath(databaseUrl!, schema) : undefined });
  db = createDatabase({ databaseUrl: postgres ? withSearchPath(databaseUrl!, schema) : undefined, dataDir });
  const deps = createServiceDeps({ db, config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ? withSearchPath(databaseUrl, schema) : '' }) });
  store = await makeStore({ deps });
  await publishStore(deps, (await ownStoreScope(deps, { userId: store.owner.id }))!, true);
}, 90_000);

afterAll(async () => {
  server?.kill();
  if (db && postgres) await sql.raw(`drop schema ${schema} cascade`).execute(db);
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the storefront page cache across server workers', () => {
  it('shows a change committed through one worker on every worker within one second', { timeout: 60_000 }, async () => {
    const category = JSON.parse((await api('POST', '/api/v1/categories', { name: 'Ropa', enabled: true })).body).id as number;
    const created = await api('POST', '/api/v1/products', { name: 'Poncho Azul', sku: 'PO-1', categoryId: category, priceCents: 4000, stock: 2, enabled: true });
    expect(created.status, created.body).toBe(201);
    const product = JSON.parse(created.body).id as number;
    const url = `/shop/${store.slug}/category/ropa`;

    // Both workers hold the page: each drew it once, then served it from memory.
    const before = [];
    for (let n = 0; n < 10; n++) before.push(await visit(url));
    expect(before.map((answer) => answer.status)).toEqual(Array(10).fill(200));
    expect(before.every((answer) => answer.body.includes('Poncho Azul'))).toBe(true);
    // each worker logs after its answer, so its line may trail the answer a little
    await until(() => server.loggedBy(`"url":"${url}"`).size === 2, 5_000, 'both workers drew the page', server.output);
    expect(before.filter((answer) => answer.cache === 'miss').length).toBeLessThanOrEqual(2);
    expect(before.filter((answer) => answer.cache === 'hit').length).toBeGreaterThanOrEqual(8);

    const renamed = await api('PUT', `/api/v1/products/${product}`, { name: 'Poncho Rojo', sku: 'PO-1', categoryId: category, priceCents: 4000, stock: 2, enabled: true });
    expect(renamed.status, renamed.body).toBeLessThan(300);
    // The bound under test: one second after the commit (the answer came after it), no worker
    // shows the old page.
    await sleep(1_000);
    const from = server.output.length;
    const after = [];
    for (let n = 0; n < 10; n++) after.push(await visit(url));
    expect(after.map((answer) => answer.body.includes('Poncho Rojo') && !answer.body.includes('Poncho Azul'))).toEqual(Array(10).fill(true));
    await until(() => server.loggedBy(`"url":"${url}"`, from).size === 2, 5_000, 'answers from both workers', server.output);
    // and it is stored again: the cache still works after the change
    expect(after.filter((answer) => answer.cache === 'hit').length).toBeGreaterThanOrEqual(8);
  });
});
