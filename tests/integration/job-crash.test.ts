import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase, type Db, dialectOf } from '#server/db/database.ts';
import { enqueueJob } from '#server/modules/job/job.service.ts';
import { systemClock } from '#server/service-deps.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { createSchema, freePort, until } from '../support/spawned-server.ts';
import { validRegistration } from '../support/forms.ts';
import { startSmtpServer } from '../support/smtp.ts';

// Decision 024's promise, on the real server process (`node server/main.ts`, the built app): mail
// queued while the SMTP server is away survives a `kill -9`, and after the restart every message
// arrives exactly once. Own data directory, or own PostgreSQL schema with DATABASE_URL.
const databaseUrl = process.env.DATABASE_URL;
const postgres = dialectOf(databaseUrl) === 'postgres';
const schema = `crash_${randomBytes(5).toString('hex')}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-crash-'));
let appPort: number;
let smtpPort: number;
let server: ChildProcess | undefined;
let db: Db | undefined;
let smtp: Awaited<ReturnType<typeof startSmtpServer>> | undefined;
const output: string[] = [];

const base = () => `http://127.0.0.1:${appPort}`;

async function startServer() {
  const child = spawn('node_modules/.bin/node', ['server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production', // no demo data: the only mail is the test's
      APP_SECRET: randomBytes(24).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(appPort),
      PUBLIC_URL: base(),
      DATA_DIR: dataDir,
      DATABASE_URL: postgres ? withSearchPath(databaseUrl!, schema) : '',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'warn',
      // One process, the one killed: with workers (decision 040) a kill -9 of the primary lets
      // them finish their requests, which is not the crash this test is about.
      WEB_CONCURRENCY: '1',
      // Fast enough for a test: poll often, retry after 200 ms (doubling), hold a job 2 s.
      JOB_POLL_MS: '100',
      JOB_RETRY_MS: '200',
      JOB_LOCK_MS: '2000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  server = child;
  await until(async () => (await fetch(`${base()}/healthz`).catch(() => undefined))?.ok === true, 60_000, 'the server to answer /healthz', output);
}

async function postForm(url: string, fields: Record<string, string>) {
  const response = await fetch(`${base()}${url}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base(), cookie: 'lang=es' },
    body: new URLSearchParams(fields).toString(),
  });
  await response.arrayBuffer();
  return response.status;
}

async function botCheck() {
  const challenge = await (await fetch(`${base()}/api/v1/bot-check/challenge`)).json();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

const jobStates = async () =>
  (await db!.selectFrom('job').select(['state', 'attempts']).execute()).map((job) => ({ state: job.state, tried: job.attempts > 0 }));

beforeAll(async () => {
  if (postgres) {
    await createSchema(databaseUrl!, schema);
  }
  [appPort, smtpPort] = [await freePort(), await freePort()];
});

afterAll(async () => {
  server?.kill('SIGKILL');
  await smtp?.close();
  if (db && postgres) await sql.raw(`drop schema ${schema} cascade`).execute(db);
  await db?.destroy();
  rmSync(dataDir, { recursive: true, force: true });
});

// Ceilings for a machine whose two cores are shared (a CI machine can be twice as slow): the
// waits end as soon as the server answers and the jobs are done.
it('delivers every mail queued before a kill -9 exactly once after the restart', { timeout: 150_000 }, async () => {
  await startServer(); // migrates the fresh database
  db = createDatabase({ databaseUrl: postgres ? withSearchPath(databaseUrl!, schema) : undefined, dataDir });

  // Mail through real requests (welcome and password reset), while nothing listens on the SMTP port…
  const people = ['crash-a@example.com', 'crash-b@example.com'];
  for (const email of people) {
    expect(await postForm('/user/register', { ...validRegistration(email), altcha: await botCheck() })).toBe(302);
    expect(await postForm('/user/reset', { email })).toBe(200);
  }
  // …and put straight into the queue, as another process would.
  const direct = Array.from({ length: 10 }, (_, i) => `queued-${i}@example.com`);
  for (const to of direct) await enqueueJob({ db, clock: systemClock }, { kind: 'mail', payload: { to, subject: `Directo ${to}`, text: to, html: `<p>${to}</p>` } });
  const expected = 2 * people.length + direct.length;

  // Every job has been tried and failed at least once; none is done.
  await until(async () => {
    const states = await jobStates();
    return states.length === expected && states.every((job) => job.tried && job.state !== 'done');
  }, 10_000, 'every job to be tried against the closed SMTP port', output);
  server!.kill('SIGKILL');
  await new Promise((resolve) => server!.once('exit', resolve));

  smtp = await startSmtpServer(smtpPort);
  await startServer();
  await until(async () => (await jobStates()).every((job) => job.state === 'done'), 60_000, 'every job to be done after the restart', output);
  await new Promise((resolve) => setTimeout(resolve, 500)); // room for a duplicate to show up, if there were one

  const received = smtp.inbox.map((mail) => mail.to.join(','));
  expect(received).toHaveLength(expected);
  expect(received.sort()).toEqual([...people, ...people, ...direct].sort());
  for (const email of people) {
    expect(smtp.lastTo(email, 'Subject: Bienvenido a Tiendabox')).toBeDefined();
    expect(smtp.lastTo(email, '/user/reset/confirm?token=')).toBeDefined();
  }
});
