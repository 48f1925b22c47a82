import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import pg from 'pg';

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
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
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
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  return { child, output };
}
