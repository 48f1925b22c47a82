import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db, dialectOf } from '#server/db/database.ts';
import { createServiceDeps } from '#server/composition.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { createSchema, startWorkers, until } from '../support/spawned-server.ts';
import { makeStore } from '../support/factories.ts';

// Decision 040 on the real server process (`node server/main.ts`): WEB_CONCURRENCY workers share
// the port and the database, a worker that dies is replaced, SIGTERM stops them all cleanly.
// Own data directory, or own PostgreSQL schema with DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const postgres = dialectOf(databaseUrl) === 'postgres';
const schema = `workers_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-workers-'));
let server: Awaited<ReturnType<typeof startWorkers>>;
let db: Db | undefined;

const request = (...args: Parameters<typeof server.request>) => server.request(...args);
const workers = () => server.workers();
const listening = () => server.listening();
const answeredBy = (url: string) => server.loggedBy(`"url":"${url}"`);

beforeAll(async () => {
  if (postgres) {
    await createSchema(databaseUrl!, schema);
  }
  server = await startWorkers({ dataDir, databaseUrl: postgres ? withSearchPath(databaseUrl!, schema) : undefined });
  db = createDatabase({ databaseUrl: postgres ? withSearchPath(databaseUrl!, schema) : undefined, dataDir });
}, 90_000);

afterAll(async () => {
  server?.kill();
  if (db && postgres) await sql.raw(`drop schema ${schema} cascade`).execute(db);
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('several server workers (WEB_CONCURRENCY)', () => {
  it('both workers answer on the one port', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => request('GET', '/healthz')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    await until(() => answeredBy('/healthz').size === 2, 5_000, 'answers from both workers', server.output);
    expect([...answeredBy('/healthz')].sort()).toEqual(workers().sort());
  });

  it('writes from both workers at once all land, none refused', { timeout: 30_000 }, async () => {
    const deps = createServiceDeps({ db: db!, config: loadConfig({ DATA_DIR: dataDir, DATABASE_URL: databaseUrl ? withSearchPath(databaseUrl, schema) : '' }) });
    const store = await makeStore({ deps });
    const created = await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        request('POST', '/api/v1/colors', { cookie: store.owner.cookie, 'content-type': 'application/json', accept: 'application/json' }, JSON.stringify({ name: `Color ${index}`, hex: '#0f7a6d', enabled: true })),
      ),
    );
    expect(created.filter((answer) => answer.status !== 201).map((answer) => answer.body)).toEqual([]);
    // a worker's log line may reach us after its answer: wait for it, as the first test does
    await until(() => answeredBy('/api/v1/colors').size === 2, 5_000, 'writes answered by both workers', server.output);
    const { total } = await db!.selectFrom('color').select((eb) => eb.fn.countAll<number>().as('total')).where('storeId', '=', store.id).executeTakeFirstOrThrow();
    expect(Number(total)).toBe(30);
  });

  it('a worker that dies is replaced, and the port keeps answering', { timeout: 60_000 }, async () => {
    const [victim, survivor] = workers() as [number, number];
    process.kill(victim, 'SIGKILL');
    await until(() => listening().length === 2 && !workers().includes(victim), 15_000, 'a new worker in place of the dead one', server.output);
    expect(workers()).toContain(survivor);
    const [replacement] = workers().filter((pid) => pid !== survivor) as [number];
    const answers = await Promise.all(Array.from({ length: 6 }, () => request('GET', '/healthz')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    await until(() => answeredBy('/healthz').has(replacement), 5_000, 'an answer from the new worker', server.output);
  });

  it('SIGTERM stops every worker and the primary, which exits 0', { timeout: 60_000 }, async () => {
    const running = workers();
    const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of running) expect(() => process.kill(pid, 0)).toThrow();
  });
});
