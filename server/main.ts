import { buildApp } from '#server/app.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { createDatabase, optimizeDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createServiceDeps } from '#server/service-deps.ts';
import { DEMO_ADMIN, DEMO_CLIENT, seedDemoData } from '#server/demo/demo-data.ts';

// start: config → database → migrations → listen → graceful shutdown
async function start() {
  const config = loadConfig();
  const db = createDatabase(config);
  const applied = await migrateToLatest(db);
  await optimizeDatabase(db);
  // The statistics follow the data as it grows (a store importing 100,000 products, say).
  const optimizing = setInterval(() => void optimizeDatabase(db).catch(() => {}), 6 * 3_600_000);
  optimizing.unref();
  const app = await buildApp({ config, db });
  if (applied.length > 0) app.log.info({ migrations: applied }, 'migrations applied');
  // Demo accounts make a fresh local start a living product; only when asked (`npm start` asks).
  if (config.demoData && (await seedDemoData(createServiceDeps({ db, config, log: app.log })))) {
    app.log.info({ client: DEMO_CLIENT.email, admin: DEMO_ADMIN.email }, 'demo data loaded (see README for the passwords)');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const timer = setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
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

  await app.listen({ host: config.host, port: config.port });
}

start().catch((error: unknown) => {
  const message = error instanceof ConfigError ? error.message : `Start-up failed: ${String((error as Error)?.stack ?? error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
