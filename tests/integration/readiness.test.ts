import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { databaseOptions, dialectOf, quietWhenCut } from '#server/db/database.ts';
import type { Database } from '#server/db/schema.ts';
import { CHECK_TIMEOUT_MS, STORAGE_CHECK_TTL_MS } from '#server/health.ts';
import { withSearchPath } from '../e2e/support/servers.ts';
import { startTcpProxy } from '../support/tcp-proxy.ts';
import { createTestApp, importBuild, type TestApp } from '../support/test-app.ts';

// Issue 41 §4, decision 098: /healthz is 503 when this process cannot reach its database or its
// storage, naming which, and answers within its bound when the database hangs. The real app
// through inject(); the database made unreachable for real (a relay cut, a connection held).
// Shutting down, on the real server process: server-readiness.test.ts.
const postgres = dialectOf(process.env.DATABASE_URL) === 'postgres';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const health = async (app = t.app) => {
  const started = performance.now();
  const response = await app.inject('/healthz');
  return { status: response.statusCode, body: response.json() as Record<string, string>, ms: performance.now() - started };
};

describe('the storage', () => {
  it('is down while the uploads root cannot be written to, and back once it can', async () => {
    expect(await health()).toMatchObject({ status: 200, body: { status: 'ok', database: 'ok', storage: 'ok' } });
    // A file where the uploads directory should be: what a disk mounted elsewhere, or a wrong volume, looks like.
    const root = path.join(t.config.dataDir, 'uploads');
    rmSync(root, { recursive: true, force: true });
    writeFileSync(root, 'not a directory');
    // The last answer stands for STORAGE_CHECK_TTL_MS, no longer.
    await new Promise((resolve) => setTimeout(resolve, STORAGE_CHECK_TTL_MS + 50));
    expect(await health()).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'ok', storage: 'down' } });
    rmSync(root);
    mkdirSync(root);
    await new Promise((resolve) => setTimeout(resolve, STORAGE_CHECK_TTL_MS + 50));
    expect(await health()).toMatchObject({ status: 200, body: { storage: 'ok' } });
  });
});

describe('the database', () => {
  if (postgres) {
    // The app's pool reaches PostgreSQL through a relay the test cuts: refused, then hung.
    it('is down when PostgreSQL refuses, and answers within its bound when PostgreSQL hangs', { timeout: 30_000 }, async () => {
      const target = new URL(t.config.databaseUrl!);
      const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
      const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(t.db);
      const url = new URL(t.config.databaseUrl!);
      url.host = `127.0.0.1:${proxy.port}`;
      const pool = quietWhenCut(new pg.Pool({ connectionString: withSearchPath(url.toString(), rows[0]!.schema), max: 4 }));
      const db = new Kysely<Database>(databaseOptions(new PostgresDialect({ pool })));
      const app = await buildApp({ config: t.config, db, logger: false, build: await importBuild() });
      try {
        expect(await health(app)).toMatchObject({ status: 200, body: { database: 'ok' } });
        proxy.refuse();
        expect(await health(app)).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'down', storage: 'ok' } });
        proxy.forward();
        expect(await health(app)).toMatchObject({ status: 200, body: { database: 'ok' } });
        proxy.blackhole();
        const hung = await health(app);
        expect(hung).toMatchObject({ status: 503, body: { database: 'down' } });
        expect(hung.ms).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
        expect(hung.ms).toBeLessThan(CHECK_TIMEOUT_MS + 1500);
        // Probes during the outage do not pile up queries: they share the one in flight.
        const during = await Promise.all([health(app), health(app), health(app)]);
        expect(during.map((answer) => answer.status)).toEqual([503, 503, 503]);
        expect(pool.waitingCount).toBeLessThanOrEqual(1);
      } finally {
        proxy.refuse();
        await app.close().catch(() => {});
        await db.destroy().catch(() => {});
        await proxy.close();
      }
    });
  } else {
    // SQLite is a file this process has open: "unreachable" is its one connection taken and not
    // given back (a stuck transaction). Closed outright: app-shell.test.ts's "database down".
    it('answers within its bound while the connection is held', { timeout: 15_000 }, async () => {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let taken!: () => void;
      const hasIt = new Promise<void>((resolve) => (taken = resolve));
      const holding = t.db.connection().execute(async () => {
        taken();
        await held;
      });
      await hasIt;
      try {
        const hung = await health();
        expect(hung).toMatchObject({ status: 503, body: { status: 'unavailable', database: 'down', storage: 'ok' } });
        expect(hung.ms).toBeGreaterThanOrEqual(CHECK_TIMEOUT_MS - 50);
        expect(hung.ms).toBeLessThan(CHECK_TIMEOUT_MS + 1500);
      } finally {
        release();
        await holding;
      }
      expect(await health()).toMatchObject({ status: 200, body: { database: 'ok' } });
    });
  }
});
