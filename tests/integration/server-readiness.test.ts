import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createDatabase, type Db, dialectOf } from '#server/db/database.ts';
import { tinyPng } from '#server/modules/upload/upload.fixtures.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { makeUser } from '../support/factories.ts';
import { multipart } from '../support/multipart.ts';
import { type Answer, createSchema, dropSchema, freePort, spawnServer, until } from '../support/spawned-server.ts';

// Issue 41 §4, decision 098, on the real server process (`node server/main.ts`): from SIGTERM on,
// /healthz answers 503 "stopping" while the process still serves during its drain; then it stops
// accepting, and an upload that was in flight all along (its body still arriving) completes and is
// stored before the process exits 0. A preload (tests/support/request-started.ts) says when the
// upload's headers have arrived. Own data directory, or own PostgreSQL schema with DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const postgres = dialectOf(databaseUrl) === 'postgres';
const schema = `ready_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-ready-'));
const serverDatabaseUrl = postgres ? withSearchPath(databaseUrl!, schema) : undefined;
const APP_SECRET = randomBytes(24).toString('hex');
const DRAIN_MS = 1500;

let server: { child: ChildProcess; output: string[] };
let port: number;
let db: Db;

function get(url: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}${url}`, { agent: false }, (response) => {
        let body = '';
        response.on('data', (chunk: Buffer) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
      })
      .on('error', reject);
  });
}

beforeAll(async () => {
  if (postgres) await createSchema(databaseUrl!, schema);
  port = await freePort();
  server = spawnServer({
    port,
    dataDir,
    databaseUrl: serverDatabaseUrl,
    preload: './tests/support/request-started.ts',
    env: { APP_SECRET, WEB_CONCURRENCY: '1', LOG_LEVEL: 'info', SHUTDOWN_DRAIN_MS: String(DRAIN_MS), SHUTDOWN_GRACE_MS: '15000' },
  });
  await until(async () => (await get('/healthz').catch(() => undefined))?.status === 200, 60_000, 'the server to answer /healthz', server.output);
  // The test's own connection to the server's database, for its user and to look at what was stored.
  db = createDatabase(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, DATABASE_URL: serverDatabaseUrl, APP_SECRET }));
}, 90_000);

afterAll(async () => {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
  await db?.destroy();
  if (postgres) await dropSchema(databaseUrl!, schema);
  rmSync(dataDir, { recursive: true, force: true });
});

it('answers 503 "stopping" from SIGTERM on, and lets an upload in flight finish before it exits', { timeout: 60_000 }, async () => {
  const { child, output } = server;
  const user = await makeUser({ deps: createServiceDeps({ db, config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: serverDatabaseUrl, APP_SECRET }) }) });
  const { payload, contentType } = multipart([{ name: 'file', filename: 'foto.png', data: await tinyPng(40, 40), type: 'image/png' }]);

  // The upload's headers and half its body: a slow client's upload, in flight.
  let answered: Answer | undefined;
  const upload = http.request(`http://127.0.0.1:${port}/api/v1/uploads`, { method: 'POST', agent: false, headers: { cookie: user.cookie, 'content-type': contentType, 'content-length': payload.length } }, (response) => {
    let body = '';
    response.on('data', (chunk: Buffer) => (body += chunk));
    response.on('end', () => (answered = { status: response.statusCode ?? 0, body, headers: response.headers }));
  });
  upload.on('error', (error) => (answered = { status: -1, body: String(error), headers: {} }));
  upload.write(payload.subarray(0, payload.length >> 1));
  await until(() => output.join('').includes('"url":"/api/v1/uploads"'), 10_000, 'the upload to arrive', output);

  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  const stoppedAt = performance.now();
  child.kill('SIGTERM');
  await until(() => output.join('').includes('shutting down'), 5_000, 'the server to begin its shutdown', output);
  // Told at once, on a new connection: the process still accepts during its drain.
  const during = await get('/healthz');
  expect(during.status).toBe(503);
  expect(JSON.parse(during.body)).toEqual({ status: 'stopping' });
  expect(during.headers.connection).toBe('close');
  expect(performance.now() - stoppedAt).toBeLessThan(DRAIN_MS);
  // After the drain it stops accepting; the upload is still in flight.
  await until(async () => (await get('/healthz').then(() => false, (error: NodeJS.ErrnoException) => error.code === 'ECONNREFUSED')), 10_000, 'new connections to be refused', output);
  expect(performance.now() - stoppedAt).toBeGreaterThanOrEqual(DRAIN_MS - 100);
  expect(answered).toBeUndefined();
  expect(child.exitCode).toBeNull();

  upload.end(payload.subarray(payload.length >> 1));
  await until(() => answered !== undefined, 10_000, 'the upload to be answered', output);
  expect(answered!.status, answered!.body).toBe(201);
  const { id } = JSON.parse(answered!.body) as { id: string };
  expect(await exited, output.join('')).toBe(0);

  // Stored, row and file, before the process let go of its database.
  const { rows } = await sql<{ storageKey: string }>`select storage_key from upload where id = ${id}`.execute(db);
  expect(rows).toHaveLength(1);
  expect(readdirSync(path.join(dataDir, 'uploads'), { recursive: true }).map(String)).toContain(rows[0]!.storageKey.split('/').join(path.sep));
});
