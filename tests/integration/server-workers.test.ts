import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db, dialectOf } from '#server/db/database.ts';
import { createServiceDeps } from '#server/service-deps.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { createSchema, freePort, spawnServer, until } from '../support/spawned-server.ts';
import { makeStore } from '../support/factories.ts';

// Decision 040 on the real server process (`node server/main.ts`): WEB_CONCURRENCY workers share
// the port and the database, a worker that dies is replaced, SIGTERM stops them all cleanly.
// Own data directory, or own PostgreSQL schema with DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const postgres = dialectOf(databaseUrl) === 'postgres';
const schema = `workers_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-workers-'));
let port: number;
let server: ChildProcess | undefined;
let db: Db | undefined;
let output: string[] = [];

/** The worker processes of the primary, from the kernel's own list. */
const workers = (): number[] =>
  readFileSync(`/proc/${server!.pid}/task/${server!.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);

/** A request on a connection of its own, so the primary hands each to the next worker. */
function request(method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = http.request(`http://127.0.0.1:${port}${url}`, { method, agent: false, headers: { connection: 'close', ...headers } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
    });
    sent.on('error', reject);
    sent.end(body);
  });
}

/** The pids of the log lines that contain `text` (every line carries its process id). */
const loggedBy = (text: string) =>
  new Set(
    output
      .join('')
      .split('\n')
      .filter((line) => line.includes(text))
      .map((line) => (JSON.parse(line) as { pid: number }).pid),
  );
const answeredBy = (url: string) => loggedBy(`"url":"${url}"`);
/** Workers listening: a process counts once its server said so, not when it was forked. */
const listening = () => workers().filter((pid) => loggedBy('Server listening').has(pid));

beforeAll(async () => {
  if (postgres) {
    await createSchema(databaseUrl!, schema);
  }
  port = await freePort();
  const spawned = spawnServer({
    port,
    dataDir,
    databaseUrl: postgres ? withSearchPath(databaseUrl!, schema) : undefined,
    // every answer logged, with the pid of the worker that gave it
    env: { WEB_CONCURRENCY: '2', LOG_LEVEL: 'info' },
  });
  output = spawned.output;
  server = spawned.child;
  await until(async () => (await request('GET', '/healthz').catch(() => undefined))?.status === 200, 60_000, 'the server to answer /healthz', output);
  await until(() => listening().length === 2, 15_000, 'two workers listening', output);
  db = createDatabase({ databaseUrl: postgres ? withSearchPath(databaseUrl!, schema) : undefined, dataDir });
}, 90_000);

afterAll(async () => {
  if (server?.exitCode === null) {
    for (const pid of workers()) process.kill(pid, 'SIGKILL');
    server.kill('SIGKILL');
  }
  if (db && postgres) await sql.raw(`drop schema ${schema} cascade`).execute(db);
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('several server workers (WEB_CONCURRENCY)', () => {
  it('both workers answer on the one port', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, () => request('GET', '/healthz')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200));
    await until(() => answeredBy('/healthz').size === 2, 5_000, 'answers from both workers', output);
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
    expect(answeredBy('/api/v1/colors').size).toBe(2);
    const { total } = await db!.selectFrom('color').select((eb) => eb.fn.countAll<number>().as('total')).where('storeId', '=', store.id).executeTakeFirstOrThrow();
    expect(Number(total)).toBe(30);
  });

  it('a worker that dies is replaced, and the port keeps answering', { timeout: 60_000 }, async () => {
    const [victim, survivor] = workers() as [number, number];
    process.kill(victim, 'SIGKILL');
    await until(() => listening().length === 2 && !workers().includes(victim), 15_000, 'a new worker in place of the dead one', output);
    expect(workers()).toContain(survivor);
    const [replacement] = workers().filter((pid) => pid !== survivor) as [number];
    const answers = await Promise.all(Array.from({ length: 6 }, () => request('GET', '/healthz')));
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    await until(() => answeredBy('/healthz').has(replacement), 5_000, 'an answer from the new worker', output);
  });

  it('SIGTERM stops every worker and the primary, which exits 0', { timeout: 60_000 }, async () => {
    const running = workers();
    const exited = new Promise<number | null>((resolve) => server!.on('exit', (code) => resolve(code)));
    server!.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const pid of running) expect(() => process.kill(pid, 0)).toThrow();
  });
});
