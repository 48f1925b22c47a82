// The benchmark's child processes (the app server, the bare Fastify route): started on free ports,
// waited for, stopped, and killed however the run ends.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { NODE_ENV, ROOT } from './settings.ts';

const children = new Set<ChildProcess>();

export function killChildren(signal: NodeJS.Signals = 'SIGTERM') {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
}

let dataDir: string | undefined; // the app's throw-away DATA_DIR, removed however the run ends

process.on('exit', () => {
  killChildren('SIGKILL');
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    killChildren('SIGKILL');
    process.exit(130);
  });
}

export function fail(message: string): never {
  process.stderr.write(`bench: ${message}\n`);
  killChildren('SIGKILL');
  process.exit(2);
}

/** Removes the app's throw-away DATA_DIR however the run ends. */
export function removeOnExit(directory: string) {
  dataDir = directory;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export type Child = { process: ChildProcess; output: () => string; name: string };

/** package.json's `serve` script: its leading `NAME=value` assignments, and the rest. */
function serveScript(): { assignments: [string, string][]; rest: string } {
  const scripts = (JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts?: Record<string, string> }).scripts;
  let rest = (scripts?.serve ?? '').trim();
  const assignments: [string, string][] = [];
  for (let match = /^([A-Z_][A-Z0-9_]*)=(\S*)\s+/.exec(rest); match; match = /^([A-Z_][A-Z0-9_]*)=(\S*)\s+/.exec(rest)) {
    assignments.push([match[1]!, match[2]!]);
    rest = rest.slice(match[0].length);
  }
  return { assignments, rest };
}

/**
 * The app server's command line as production runs it: package.json's `serve` script
 * (`[NAME=value …] exec node <flags> server/main.ts`), so the flags measured are the flags deployed.
 */
export function serveArguments(): string[] {
  // `exec` lets npm's signals reach Node (graceful shutdown); it changes nothing else.
  const { rest } = serveScript();
  const [command, ...args] = rest.replace(/^exec\s+/, '').split(/\s+/);
  if (command !== 'node' || args.length === 0 || args.some((arg) => /[\s"'$&|;<>]/.test(arg))) {
    fail(`package.json's "serve" script must be a plain \`[NAME=value …] [exec] node [flags] server/main.ts\`, found: ${rest}`);
  }
  return args;
}

/**
 * The environment the `serve` script sets before Node starts (glibc's malloc settings, decision
 * 101), given to every process a bench starts. Not its `NODE_ENV=production` (decision 026), which
 * each bench sets itself (BENCH_NODE_ENV).
 */
export function serveEnvironment(): Record<string, string> {
  return Object.fromEntries(serveScript().assignments.filter(([name]) => name !== 'NODE_ENV'));
}

export function startChild(name: string, args: string[], env: Record<string, string>): Child {
  // process.execPath: the same Node 24 that runs this file (npm puts node_modules/.bin first).
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...serveEnvironment(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.on('exit', () => children.delete(child));
  return { process: child, output: () => output, name };
}

export async function stopChild(child: Child) {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.process.once('exit', () => resolve()));
  child.process.kill('SIGTERM');
  const timer = setTimeout(() => child.process.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

export async function waitUntilReady(child: Child, url: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) {
      fail(`${child.name} exited with code ${child.process.exitCode} before answering:\n${child.output()}`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  fail(`${child.name} did not answer ${url} within ${timeoutMs / 1000} s:\n${child.output()}`);
}


/**
 * The built app in its own process on a free port, once it answers. `env` adds to or overrides its
 * environment; `nodeFlags` go before the `serve` script's own (an `--import` a bench adds).
 */
export async function startApp(dataDir: string, env: Record<string, string>, name = 'app server', readyWithinMs = 20_000, nodeFlags: string[] = []) {
  const port = await freePort();
  const app = startChild(name, [...nodeFlags, ...serveArguments()], {
    NODE_ENV,
    APP_SECRET: randomBytes(32).toString('base64url'),
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'warn',
    MAINTENANCE_MODE: '0',
    ...env,
  });
  const appBase = `http://127.0.0.1:${port}`;
  await waitUntilReady(app, `${appBase}/healthz`, readyWithinMs);
  return { app, appBase };
}

/**
 * The built app and the bare Fastify route (the ceiling) side by side, each in its own process on
 * a free port, once both answer. `env` adds to or overrides the app's environment.
 */
export async function startAppAndBare(dataDir: string, env: Record<string, string>) {
  const [{ app, appBase }, { bare, bareBase }] = await Promise.all([startApp(dataDir, env), startBare()]);
  return { app, bare, appBase, bareBase };
}

/** The bare Fastify route (bench/bare-server.ts) in its own process on a free port, once `readyPath` answers. `env` adds to its environment. */
export async function startBare(env: Record<string, string> = {}, readyPath = '/', name = 'bare fastify') {
  const port = await freePort();
  const bare = startChild(name, ['bench/bare-server.ts'], { PORT: String(port), NODE_ENV, ...env });
  const bareBase = `http://127.0.0.1:${port}`;
  await waitUntilReady(bare, `${bareBase}${readyPath}`);
  return { bare, bareBase };
}
