// The app server of `bench/orders.ts`, started as `npm start` runs it (package.json's `serve`
// flags, NODE_ENV=production, one worker per core unless WEB_CONCURRENCY says otherwise, decision
// 040) in a process group of its own, so that the crash test can `kill -9` the primary and every
// worker at once, as a power cut or the OOM killer of a container would.
import { type ChildProcess, spawn } from 'node:child_process';
import { killChildren, serveArguments, serveEnvironment } from './lib/processes.ts';
import { ROOT } from './lib/settings.ts';

export type Server = { process: ChildProcess; pid: number; output: () => string; exited: Promise<void> };

const running = new Set<Server>();

// However the bench ends (an exception, Ctrl-C, a failed invariant), no server group outlives it.
process.on('exit', () => {
  for (const server of running) killGroup(server);
  killChildren('SIGKILL');
});

function killGroup(server: Server, signal: NodeJS.Signals = 'SIGKILL') {
  try {
    process.kill(-server.pid, signal);
  } catch {
    // the group has gone already
  }
}

/** Starts the primary and its workers; `env` adds to the environment (port, data, database). */
export function startServer(env: Record<string, string>): Server {
  // BENCH_SERVER_FLAGS: Node flags before the serve script's, e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`
  // (refused in NODE_OPTIONS); the workers inherit them (node:cluster forks with execArgv).
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(/\s+/).filter(Boolean);
  const child = spawn(process.execPath, [...flags, ...serveArguments()], {
    cwd: ROOT,
    env: { ...process.env, ...serveEnvironment(), NODE_ENV: 'production', LOG_LEVEL: 'warn', MAINTENANCE_MODE: '0', DEMO_DATA: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    // its own process group: `kill -9 -<pid>` reaches the primary and every worker it forked
    detached: true,
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const server: Server = { process: child, pid: child.pid!, output: () => output, exited };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

/** Waits until a worker answers `/healthz`; throws with what the server printed otherwise. */
export async function waitForServer(server: Server, base: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(`the server exited (${server.process.exitCode ?? server.process.signalCode}) before answering:\n${server.output()}`);
    }
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(1000) });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`the server did not answer ${base}/healthz within ${timeoutMs / 1000} s:\n${server.output()}`);
}

/**
 * `kill -9` of the whole group: the primary and its workers die at once, mid-request, with no
 * shutdown hook run. Resolves once the primary is reaped and no process of the group is left.
 */
export async function crashServer(server: Server): Promise<void> {
  killGroup(server, 'SIGKILL');
  await server.exited;
  // The workers are the group's other members: wait until the kernel has them gone too, so the
  // next server's primary does not meet their half-closed SQLite connections or the old port.
  for (let tries = 0; tries < 200; tries++) {
    try {
      process.kill(-server.pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`process group ${server.pid} still alive 5 s after kill -9`);
}

/** SIGTERM to the primary, as a deployment stops it: each worker finishes its requests (decision 040). */
export async function stopServer(server: Server): Promise<void> {
  if (server.process.exitCode !== null || server.process.signalCode !== null) return;
  server.process.kill('SIGTERM');
  const timer = setTimeout(() => killGroup(server, 'SIGKILL'), 20_000);
  await server.exited;
  clearTimeout(timer);
}
