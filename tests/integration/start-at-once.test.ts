import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createDatabase, type Db, dialectOf } from '#server/db/database.ts';
import { withStartupLock } from '#server/db/startup-lock.ts';
import { DEMO_ADMIN, DEMO_CLIENT } from '#server/demo/demo-data.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { createSchema, dropSchema, freePort, spawnServer, until } from '../support/spawned-server.ts';

// Issue 41 §3, decision 098: three real server processes (`node server/main.ts`) start at once on
// one empty database (a SQLite file, or a PostgreSQL schema with DATABASE_URL). To make "at once"
// certain rather than likely, the test holds the start-up lock until all three wait for it, then
// lets go: they race for it together. Each migration runs once, by one process; all three serve.
// On SQLite the demo data is asked for too, and loaded once: the step after the migrations, under
// the same lock. Not on PostgreSQL, where loading it (a month of orders through the services, one
// round trip at a time) took 10 to 45 s on the shared CI machine; the lock there is the same
// function the migrations just went through.
const databaseUrl = process.env.DATABASE_URL;
const postgres = dialectOf(databaseUrl) === 'postgres';
const demo = !postgres;
const schema = `atonce_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-atonce-'));
const serverDatabaseUrl = postgres ? withSearchPath(databaseUrl!, schema) : undefined;

let servers: { child: ChildProcess; output: string[]; port: number }[] = [];
let db: Db | undefined;

type Line = { msg?: string; migrations?: string[]; step?: string };
const lines = (output: string[]): Line[] =>
  output
    .join('')
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Line);
const said = (output: string[], msg: string) => lines(output).filter((line) => line.msg === msg);

afterAll(async () => {
  for (const { child } of servers) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await db?.destroy();
  if (postgres) await dropSchema(databaseUrl!, schema);
  rmSync(dataDir, { recursive: true, force: true });
});

it('migrates once (and loads the demo data once) when three processes start together on an empty database', { timeout: 240_000 }, async () => {
  if (postgres) await createSchema(databaseUrl!, schema);
  db = createDatabase(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: serverDatabaseUrl }));
  const ports = await Promise.all([freePort(), freePort(), freePort()]);

  await withStartupLock(db, async () => {
    servers = ports.map((port) => ({
      port,
      ...spawnServer({ port, dataDir, databaseUrl: serverDatabaseUrl, env: { WEB_CONCURRENCY: '1', LOG_LEVEL: 'info', DEMO_DATA: demo ? '1' : '0' } }),
    }));
    for (const { output } of servers) await until(() => said(output, 'waiting for another process starting on this database').length > 0, 60_000, 'the process to wait for the start-up lock', output);
  });

  for (const { port, output } of servers) {
    await until(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined))?.status === 200, 90_000, 'the process to answer /healthz', output);
  }
  expect(servers.map(({ child }) => child.exitCode)).toEqual([null, null, null]);

  // One process applied the migrations; the two others found them done.
  const applied = servers.map(({ output }) => said(output, 'migrations applied'));
  const upToDate = servers.map(({ output }) => said(output, 'migrations up to date'));
  expect(applied.map((found) => found.length).sort()).toEqual([0, 0, 1]);
  expect(upToDate.map((found) => found.length).sort()).toEqual([0, 1, 1]);
  const names = applied.flat()[0]!.migrations!;
  expect(names.length).toBeGreaterThan(30);
  // Each migration recorded once, every one of them.
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
  expect(rows.map((row) => row.name)).toEqual([...names].sort());

  // The demo data (when asked): loaded by one process, once.
  expect(servers.map(({ output }) => said(output, 'demo data loaded (see README for the passwords)').length).sort()).toEqual(demo ? [0, 0, 1] : [0, 0, 0]);
  const users = await sql<{ email: string }>`select email from "user"`.execute(db);
  const emails = users.rows.map((row) => row.email);
  if (demo) expect(emails).toEqual(expect.arrayContaining([DEMO_ADMIN.email, DEMO_CLIENT.email]));
  else expect(emails).toEqual([]);
  const maria = await sql<{ n: number }>`select count(*) as n from store where slug = 'tienda-de-maria'`.execute(db);
  expect(Number(maria.rows[0]!.n)).toBe(demo ? 1 : 0);
});
