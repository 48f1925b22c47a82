import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { adminQuery } from './test-db-template.ts';

// For tests that start the real server process (`node server/main.ts`) beside them.

/** A TCP port free on this machine now. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Waits until `check` holds; on timeout the error carries what the server printed. */
export async function until(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string, output: readonly string[]) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output.join('')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A PostgreSQL schema of the test's own, for a server whose DATABASE_URL sets its search path. */
export async function createSchema(databaseUrl: string, schema: string) {
  await adminQuery(databaseUrl, `create schema ${schema}`);
}

/** Drops what `createSchema` made (and whatever the server created in it); none is not an error. */
export async function dropSchema(databaseUrl: string, schema: string) {
  await adminQuery(databaseUrl, `drop schema if exists ${schema} cascade`);
}

/**
 * The real server (`node server/main.ts`, production mode, on 127.0.0.1:`port`) with its own data
 * directory and, when `databaseUrl` is given, PostgreSQL (its search path set by the caller); no
 * other environment than this and `env`. Everything it prints is appended to the returned `output`.
 */
export function spawnServer(options: { port: number; dataDir: string; databaseUrl?: string; env?: Record<string, string>; preload?: string }): { child: ChildProcess; output: string[] } {
  const output: string[] = [];
  const child = spawn('node_modules/.bin/node', [...(options.preload ? ['--import', options.preload] : []), 'server/main.ts'], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      APP_SECRET: randomBytes(24).toString('hex'),
      HOST: '127.0.0.1',
      PORT: String(options.port),
      PUBLIC_URL: `http://127.0.0.1:${options.port}`,
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      // The suite's unscoped-query log (decision 102) covers the servers it starts too.
      ...(process.env.LOG_STORE_QUERIES ? { LOG_STORE_QUERIES: process.env.LOG_STORE_QUERIES } : {}),
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}

export type Answer = { status: number; body: string; headers: http.IncomingHttpHeaders };

/**
 * The real server with `count` workers (decision 040) on a free port, once /healthz answers and
 * every worker has said it listens; every answer is logged with the pid of the worker that gave it.
 */
export async function startWorkers(options: { dataDir: string; databaseUrl?: string; count?: number; env?: Record<string, string> }) {
  const count = options.count ?? 2;
  const port = await freePort();
  const { child, output } = spawnServer({ port, dataDir: options.dataDir, databaseUrl: options.databaseUrl, env: { WEB_CONCURRENCY: String(count), LOG_LEVEL: 'info', ...options.env } });

  /** The worker processes of the primary, from the kernel's own list. */
  const workers = (): number[] => readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  /** The pids that logged a line containing `text`, among the lines printed from `from` on. */
  const loggedBy = (text: string, from = 0) =>
    new Set(
      output
        .slice(from)
        .join('')
        .split('\n')
        .filter((line) => line.includes(text))
        .map((line) => (JSON.parse(line) as { pid: number }).pid),
    );
  /** Workers listening: a process counts once its server said so, not when it was forked. */
  const listening = () => workers().filter((pid) => loggedBy('Server listening').has(pid));
  /** A request on a connection of its own, so the primary hands each to the next worker. */
  const request = (method: string, url: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> =>
    new Promise((resolve, reject) => {
      const sent = http.request(`http://127.0.0.1:${port}${url}`, { method, agent: false, headers: { connection: 'close', ...headers } }, (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text, headers: response.headers }));
      });
      sent.on('error', reject);
      sent.end(body);
    });
  /** Kills the workers and the primary at once, if still running. */
  const kill = () => {
    if (child.exitCode !== null) return;
    for (const pid of workers()) process.kill(pid, 'SIGKILL');
    child.kill('SIGKILL');
  };

  await until(async () => (await request('GET', '/healthz').catch(() => undefined))?.status === 200, 60_000, 'the server to answer /healthz', output);
  await until(() => listening().length === count, 15_000, `${count} workers listening`, output);
  return { port, child, output, workers, loggedBy, listening, request, kill };
}
