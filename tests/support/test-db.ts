import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { type Config, loadConfig } from '#server/config.ts';
import { createDatabase, type Db, dialectOf, sqliteFile } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createS3Client } from '#server/storage/s3-storage.ts';
import { parseStorageUrl } from '#server/storage/storage-url.ts';
import { type Clock, type ServiceDeps } from '#server/service-deps.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createServices, type Services } from '#server/services.ts';
import { adminQuery, databaseCopyName, databaseUrlFor, dropDatabase } from './test-db-template.ts';

/** `deps` and `services` are built as `buildApp` builds them, so a test calls the services users go through. */
export type TestDatabase = { db: Db; config: Config; deps: ServiceDeps; services: Services; dispose: () => Promise<void> };

function withServices(db: Db, config: Config, clock?: Clock) {
  const deps = createServiceDeps({ db, config, clock });
  return { db, config, deps, services: createServices(deps) };
}

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

/**
 * A fresh, migrated database per test file, on the dialect the suite runs on: a new SQLite file,
 * or a new database on the PostgreSQL server of DATABASE_URL, each a copy of the run's template.
 */
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

  // A copy of the run's migrated database (tests/support/test-db-template.ts, Vitest's global
  // setup), migrated all the same: it finds nothing to do unless the template is behind.
  const template = inject('testDatabaseTemplate');
  if (!template) throw new Error('no test database template: run the tests through Vitest with vitest.config.ts, whose global setup makes it');
  if (dialectOf(databaseUrl) === 'postgres') {
    // A database of its own on the server of DATABASE_URL; `public` is its schema, as in production.
    const name = await takeDatabase(databaseUrl!, template);
    const own = { ...config, databaseUrl: databaseUrlFor(databaseUrl!, name) };
    const db = createDatabase(own);
    await migrateToLatest(db);
    return {
      ...withServices(db, own, options.clock),
      dispose: async () => {
        await db.destroy();
        // Dropped while the next file runs, as the next copy is made (`takeDatabase`); what is left
        // when the run ends, the global setup's teardown drops.
        adminQuery(databaseUrl!, dropDatabase(name)).catch(() => {});
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  copyFileSync(template, sqliteFile(config));
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

/**
 * This worker's next PostgreSQL test database, copied from the template while the current file
 * runs: a copy waits 0.3–0.5 s on the disk (the new database's files written and synced), which the
 * worker would otherwise wait through before each file. A copy is its template's name and a suffix,
 * so the global setup's teardown finds every one of the run's.
 */
let spare: { template: string; name: Promise<string> } | undefined;

function takeDatabase(databaseUrl: string, template: string): Promise<string> {
  const copy = () => {
    const name = databaseCopyName(template, randomBytes(6).toString('hex'));
    return adminQuery(databaseUrl, `create database ${name} template ${template}`).then(() => name);
  };
  const next = spare?.template === template ? spare.name : copy();
  spare = { template, name: copy() };
  // A copy that failed fails the file that takes it, not the process now.
  spare.name.catch(() => {});
  return next;
}
