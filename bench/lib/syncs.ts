import { spawn } from 'node:child_process';

// Commits, counted where they cost: each durable commit waits for an fsync/fdatasync of the log
// (SQLite's WAL with synchronous=FULL; PostgreSQL's WAL, whose backends flush it at commit and
// whose one flush covers every commit that waited for it). The kernel's syscall tracepoints count
// them per process without slowing the process down, where strace would stop it at each call.

export type SyncCounter = { stop(): Promise<number | null> };

/**
 * Starts counting the fsync and fdatasync calls of these processes (every thread each has now);
 * `stop()` answers the count, or null where `perf` is missing or not allowed (the figure is then
 * reported as unknown, never guessed).
 */
export function countSyncs(pids: readonly number[]): SyncCounter {
  if (pids.length === 0) return { stop: async () => null };
  const perf = spawn('perf', ['stat', '-x', ',', '-e', 'syscalls:sys_enter_fsync,syscalls:sys_enter_fdatasync', '-p', pids.join(',')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let output = '';
  perf.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => {
    perf.once('error', () => resolve(null));
    perf.once('exit', () => {
      // -x , lines: count,unit,event,…; "<not counted>" or an error message when it could not count.
      const counts = output.split('\n').filter((line) => /syscalls:sys_enter_f(data)?sync/.test(line)).map((line) => Number(line.split(',')[0]));
      resolve(counts.length === 2 && counts.every(Number.isFinite) ? counts[0]! + counts[1]! : null);
    });
  });
  return {
    async stop() {
      perf.kill('SIGINT');
      return exited;
    },
  };
}
