import cluster, { type Worker } from 'node:cluster';
import { enableCompileCache } from 'node:module';
import { watchPrimary } from '#server/primary-watchdog.ts';
import pino from 'pino';
import { type Config, ConfigError, loadConfig, loggerOptions } from '#server/config.ts';
import { createDatabase, type Db, optimizeDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { withStartupLock } from '#server/db/startup-lock.ts';

// start: config → database → migrations (and demo data) → listen → graceful shutdown.
// With several workers (decision 040) the primary process prepares the database once and then
// forks them; they share the port, and each serves requests exactly as a single server does.

type Log = pino.Logger;

// V8's compiled code of the app's modules kept on disk (os.tmpdir()/node-compile-cache, or
// NODE_COMPILE_CACHE), so that a restart does not compile them again: everything loaded from here on
// (the app, its routes, the React Router build), not this file's own imports, loaded before it runs.
// A process started 1–1.9 s sooner of ~4–5.5 (decision 105). Node checks each entry against its
// module's source and ignores what does not match; a cache it cannot write is no error.
enableCompileCache();

/** Migrations, statistics and (when asked) the demo accounts: once, before any request. */
async function prepareDatabase(db: Db, config: Config, log: Log) {
  // Several processes may start at once on one database (decision 098): each step that writes
  // runs under the start-up lock, and the ones that waited find it done.
  const waiting = (step: string) => () => log.info({ step }, 'waiting for another process starting on this database');
  const applied = await migrateToLatest(db, waiting('migrations'));
  log.info({ migrations: applied }, applied.length > 0 ? 'migrations applied' : 'migrations up to date');
  await optimizeDatabase(db);
  // Demo accounts make a fresh local start a living product; only when asked (`npm start` asks).
  if (!config.demoData) return;
  const [{ createServiceDeps }, { DEMO_ADMIN, DEMO_CLIENT, seedDemoData }] = await Promise.all([import('#server/composition.ts'), import('#server/demo/demo-data.ts')]);
  // Under the lock: it loads only into a database without users, a check that two processes at once would both pass.
  if (await withStartupLock(db, () => seedDemoData(createServiceDeps({ db, config, log })), waiting('demo data'))) {
    log.info({ client: DEMO_CLIENT.email, admin: DEMO_ADMIN.email }, 'demo data loaded (see README for the passwords)');
  }
}

/** One server: the app on the port until SIGTERM/SIGINT, then in-flight requests finish. */
async function serve(config: Config, db: Db) {
  // Loaded here, not at the top: a primary never serves, and stays small without the app.
  const { buildApp } = await import('#server/app.ts');
  // The statistics follow the data as it grows (a store importing 100,000 products, say).
  const optimizing = setInterval(() => void optimizeDatabase(db).catch(() => {}), 6 * 3_600_000);
  optimizing.unref();
  const app = await buildApp({ config, db });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /healthz says "stopping" from now on (decision 098). During the drain the process still
    // accepts and serves, so a balancer that probes every `drain` ms takes it out before anything
    // is refused; SIGINT (a person's Ctrl-C) does not wait for a balancer.
    app.readiness.stop();
    const drainMs = signal === 'SIGINT' ? 0 : config.shutdownDrainMs;
    app.log.info({ signal, drainMs }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error(`shutdown took longer than ${config.shutdownGraceMs / 1000} s; exiting`);
      process.exit(1);
    }, drainMs + config.shutdownGraceMs);
    timer.unref();
    try {
      if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
      await app.close(); // stops accepting, waits for in-flight requests
      clearInterval(optimizing);
      await db.destroy();
      app.log.info('bye');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // The primary tells a worker to stop with SIGTERM; a worker whose primary is gone (killed) stops too
  // (node:cluster exits a worker whose channel closes). Both need a free event loop: a watchdog on
  // a thread of its own ends the worker when its primary is gone while its loop is blocked.
  if (cluster.isWorker) {
    process.on('disconnect', () => void shutdown('primary gone'));
    watchPrimary();
  }

  await app.listen({ host: config.host, port: config.port });
}

/**
 * The primary of several workers: forks them, replaces one that dies (not more than once a
 * second, so a worker that cannot start does not spin), and on SIGTERM/SIGINT has each finish
 * its requests before it exits itself.
 */
function supervise(config: Config, log: Log) {
  let stopping = false;
  let failed = false;
  let lastFork = 0;
  const fork = () => {
    lastFork = Date.now();
    cluster.fork();
  };
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) {
      // one still starting when told to stop has no handler yet: the signal ends it, as asked
      failed ||= signal ? signal !== 'SIGTERM' : code !== 0;
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        log.info('bye');
        process.exit(failed ? 1 : 0);
      }
      return;
    }
    log.error({ worker: worker.process.pid, code, signal }, 'worker exited; starting another');
    setTimeout(fork, Math.max(0, 1000 - (Date.now() - lastFork)));
  });
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers: Object.keys(cluster.workers ?? {}).length }, 'shutting down: each worker finishes its requests');
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    // A worker's own deadline: its drain (SIGTERM's, decision 098), then its grace.
    const budget = config.shutdownDrainMs + config.shutdownGraceMs;
    // A worker whose event loop is blocked (a request stuck in a long computation) never runs its
    // SIGTERM handler nor its own deadline: past the grace period it is killed, so that it cannot
    // outlive the primary at 100 % CPU holding its database connections (issue 21). Its 'exit'
    // above then ends the primary, with 1.
    setTimeout(() => {
      const left = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
      log.error({ workers: left.map((worker) => worker.process.pid) }, `workers still running after ${(budget + 2000) / 1000} s; killing them`);
      for (const worker of left) worker.process.kill('SIGKILL');
    }, budget + 2000).unref();
    // And should even that not end them, the primary does not wait forever.
    setTimeout(() => process.exit(1), budget + 7000).unref();
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let index = 0; index < config.workers; index++) fork();
  log.info({ workers: config.workers, port: config.port }, 'server workers started');
}

async function start() {
  const config = loadConfig();
  if (cluster.isWorker) return serve(config, createDatabase(config));
  const log = pino(loggerOptions(config));
  const db = createDatabase(config);
  await prepareDatabase(db, config, log);
  if (config.workers === 1) return serve(config, db);
  await db.destroy();
  supervise(config, log);
}

start().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : `Start-up failed: ${String((error as Error)?.stack ?? error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
