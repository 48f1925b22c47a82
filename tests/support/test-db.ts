import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { type Config, loadConfig } from '#server/config.ts';
import { createDatabase, databaseOptions, type Db, dialectOf } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createS3Client } from '#server/storage/s3-storage.ts';
import { parseStorageUrl } from '#server/storage/storage-url.ts';
import type { Database } from '#server/db/schema.ts';
import { type Clock, type ServiceDeps } from '#server/service-deps.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createServices, type Services } from '#server/services.ts';

/** `deps` and `services` are built as `buildApp` builds them, so a test calls the services users go through. */
export type TestDatabase = { db: Db; config: Config; deps: ServiceDeps; services: Services; dispose: () => Promise<void> };

function withServices(db: Db, config: Config, clock?: Clock) {
  const deps = createServiceDeps({ db, config, clock });
  return { db, config, deps, services: createServices(deps) };
}

/**
 * A fresh, migrated database per test file, on the dialect the suite runs on: a new SQLite file,
 * or a new schema on the PostgreSQL of DATABASE_URL.
 */
/** A new, empty bucket on STORAGE_URL's server: test databases' files never meet (store ids repeat across them). */
async function bucketOfItsOwn(storageUrl: string): Promise<string> {
  const target = parseStorageUrl(storageUrl);
  if ('problem' in target || target.kind !== 's3') return storageUrl;
  const bucket = `test-${randomBytes(6).toString('hex')}`;
  const { CreateBucketCommand } = await import('@aws-sdk/client-s3');
  const client = await createS3Client(target);
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  client.destroy();
  const url = new URL(storageUrl);
  return `s3://${bucket}${url.search}`;
}

export async function createTestDatabase(overrides: Partial<NodeJS.ProcessEnv> = {}, options: { clock?: Clock } = {}): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-test-'));
  const databaseUrl = process.env.DATABASE_URL;
  // The store guard is on for every test: a query that forgets its store fails here first (decision 025).
  // Passwords and the bot check at a test's cost (decision 041), except where a test plays a site
  // served over https, which refuses them as a deployment would.
  const workFactors = overrides.PUBLIC_URL?.startsWith('https://') ? {} : { TEST_WORK_FACTORS: '1' };
  // SRI is never SRI's own servers in a test: nothing listens on the discard port (a refused
  // connection, retried like an outage) unless a test points these at tests/support/sri-simulator.ts.
  const nowhere = 'http://127.0.0.1:9/comprobantes-electronicos-ws';
  const sri = { SRI_RECEPTION_URL_TEST: `${nowhere}/RecepcionComprobantesOffline?wsdl`, SRI_AUTHORIZATION_URL_TEST: `${nowhere}/AutorizacionComprobantesOffline?wsdl`, SRI_RECEPTION_URL_PRODUCTION: `${nowhere}/RecepcionComprobantesOffline?wsdl`, SRI_AUTHORIZATION_URL_PRODUCTION: `${nowhere}/AutorizacionComprobantesOffline?wsdl` };
  // STORAGE_URL=s3://… runs the files through a bucket (decision 097): one of its own per test database, as its schema.
  const storage = process.env.STORAGE_URL && !overrides.STORAGE_URL ? { STORAGE_URL: await bucketOfItsOwn(process.env.STORAGE_URL) } : {};
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, ...workFactors, ...sri, ...storage, ...overrides, DATABASE_URL: databaseUrl, STORE_GUARD: '1', LOG_STORE_QUERIES: overrides.LOG_STORE_QUERIES ?? process.env.LOG_STORE_QUERIES });

  if (dialectOf(databaseUrl) === 'postgres') {
    const schema = `test_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`create schema ${schema}`);
    await admin.end();
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 4, options: `-c search_path=${schema}` });
    const db = new Kysely<Database>(databaseOptions(new PostgresDialect({ pool }), { storeGuard: config.storeGuard, logStoreQueries: config.logStoreQueries }));
    await migrateToLatest(db);
    return {
      ...withServices(db, config, options.clock),
      dispose: async () => {
        await sql.raw(`drop schema ${schema} cascade`).execute(db);
        await db.destroy();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const db = createDatabase(config);
  await migrateToLatest(db);
  return {
    ...withServices(db, config, options.clock),
    dispose: async () => {
      await db.destroy();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
