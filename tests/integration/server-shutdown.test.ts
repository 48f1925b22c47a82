import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectOf } from '#server/db/database.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { createSchema, dropSchema, freePort, spawnServer, until } from '../support/spawned-server.ts';

// Issue 21 §3: a worker whose event loop is blocked by a request must not outlive its primary.
// The real server (`node server/main.ts`, two workers, decision 040) on each database, with a
// route that blocks the loop added by a preload (tests/support/blocking-route.ts).
const databaseUrl = process.env.DATABASE_URL;
const postgres = dialectOf(databaseUrl) === 'postgres';
const GRACE_MS = 1500;

type Server = { child: ChildProcess; port: number; output: string[]; dataDir: string; schema: string };
let server: Server | undefined;

/** A process that still runs: neither gone nor a zombie waiting to be reaped (an orphan's reaper is pid 1). */
const alive = (pid: number) => {
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
};
const workersOf = (pid: number): number[] => readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
/** The worker that logged `text` (every line carries its process id). */
const loggedBy = (output: string[], text: string) => output.join('').split('\n').filter((line) => line.includes(text)).map((line) => (JSON.parse(line) as { pid: number }).pid);

function get(port: number, url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http.get(`http://127.0.0.1:${port}${url}`, { agent: false, headers: { connection: 'close' } }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    }).on('error', reject);
  });
}

async function startServer(): Promise<Server> {
  const schema = `shutdown_${randomBytes(5).toString('hex')}`;
  if (postgres) await createSchema(databaseUrl!, schema);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-shutdown-'));
  const port = await freePort();
  const { child, output } = spawnServer({
    port,
    dataDir,
    databaseUrl: postgres ? withSearchPath(databaseUrl!, schema) : undefined,
    preload: './tests/support/blocking-route.ts',
    env: { WEB_CONCURRENCY: '2', SHUTDOWN_GRACE_MS: String(GRACE_MS), LOG_LEVEL: 'info' },
  });
  server = { child, port, output, dataDir, schema };
  await until(() => loggedBy(output, 'Server listening').length === 2, 150_000, 'two workers listening', output);
  return server;
}

/** Sends a request that holds one worker's loop for a minute; answers that worker's pid once it is stuck in it. */
async function blockOneWorker({ port, output }: Server): Promise<number> {
  void get(port, '/test/block?ms=60000').catch(() => {});
  await until(() => loggedBy(output, 'blocking the event loop').length === 1, 30_000, 'the blocking request to arrive', output);
  return loggedBy(output, 'blocking the event loop')[0]!;
}

afterEach(async () => {
  if (!server) return;
  const { child, dataDir, schema } = server;
  server = undefined;
  for (const pid of child.pid && alive(child.pid) ? workersOf(child.pid) : []) process.kill(pid, 'SIGKILL');
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  if (postgres) await dropSchema(databaseUrl!, schema);
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a worker whose event loop is blocked', () => {
  it('is killed after the grace period when the primary gets SIGTERM, and the primary exits 1', { timeout: 240_000 }, async () => {
    const { child, port, output } = await startServer();
    const [first, second] = workersOf(child.pid!) as [number, number];
    const stuck = await blockOneWorker(server!);
    expect([first, second]).toContain(stuck);
    // The other worker still answers: the block is one worker's.
    expect(await get(port, '/healthz')).toBe(200);
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(alive(stuck), output.join('')).toBe(false);
    expect(alive(first === stuck ? second : first)).toBe(false);
  });

  it('ends itself when its primary is killed outright', { timeout: 240_000 }, async () => {
    const { child, output } = await startServer();
    const workers = workersOf(child.pid!);
    const stuck = await blockOneWorker(server!);
    child.kill('SIGKILL');
    await until(() => workers.every((pid) => !alive(pid)), 10_000, 'both workers to end, the blocked one too', output);
    expect(alive(stuck)).toBe(false);
  });
});
