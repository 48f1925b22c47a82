import { Worker } from 'node:worker_threads';

/**
 * A server worker must not outlive its primary (issue 21). The worker's own ways to notice — the
 * IPC channel's 'disconnect', a SIGTERM handler, a shutdown deadline — all run on its event loop,
 * which a request stuck in a long computation blocks: a worker was left orphaned (parent pid 1) at
 * 100 % CPU with 10 database connections for half an hour. This thread has a loop of its own: once
 * a second it compares the process's parent with the one it started under and, when the primary
 * is gone (the worker was reparented), kills the whole process. Unref'd: it never keeps a worker
 * alive, and costs one thread and a getppid() a second.
 */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setInterval(() => {
  if (process.ppid !== workerData.primary) process.kill(workerData.self, 'SIGKILL');
}, workerData.everyMs);
`;

export function watchPrimary(everyMs = 1000): void {
  const thread = new Worker(WATCHDOG, { eval: true, workerData: { primary: process.ppid, self: process.pid, everyMs } });
  // A watchdog that fails must not take the worker down with it (an unhandled 'error' would).
  thread.on('error', (error) => process.emitWarning(`primary watchdog stopped: ${String(error)}`));
  thread.unref();
}
