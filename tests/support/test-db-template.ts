import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createDatabase, dialectOf, sqliteFile } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

// Vitest's global setup (vitest.config.ts): the migrated database every test file starts from, made
// once per run instead of once per file. Migrating took 0.3–0.6 s a file on SQLite and 0.45 s on a
// quiet PostgreSQL (1.3–2.3 s while the suite ran: Kysely's migrator holds one lock for the whole
// server, so the two workers' files waited for each other), about 160 times a leg. A copy of the
// migrated file, or `create database … template`, takes 0.1 s (decision 103).
// tests/support/test-db.ts copies it, then migrates the copy all the same, which finds nothing to do.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated SQLite file, or the migrated PostgreSQL database's name, that test databases copy. */
    testDatabaseTemplate: string;
  }
}

/**
 * Test databases on PostgreSQL are named by the run: the prefix, the second the run began (so a later
 * run can tell a killed run's leftovers) and its process; a file's copy adds a suffix to that.
 */
const TEST_DATABASE_PREFIX = 'tiendabox_test_';
export const databaseCopyName = (template: string, suffix: string) => `${template}_${suffix}`;

/** The same server as `url`, another database. */
export function databaseUrlFor(url: string, database: string): string {
  const target = new URL(url);
  target.pathname = `/${database}`;
  return target.toString();
}

/** Statements on the server of `databaseUrl`, on a connection of their own, closed after. */
async function withAdmin<T>(databaseUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/** One statement on the server of `databaseUrl`, on a connection of its own (a database or schema made or dropped). */
export async function adminQuery(databaseUrl: string, text: string): Promise<void> {
  await withAdmin(databaseUrl, (admin) => admin.query(text));
}

/** `force`: a server a test started and killed may leave a connection behind for a moment. */
export const dropDatabase = (name: string) => `drop database if exists ${name} with (force)`;

/** Databases of a run that ended without its teardown (killed, crashed) a day ago or more. */
const STALE_SECONDS = 24 * 3600;

export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL;
  if (dialectOf(databaseUrl) === 'postgres') {
    const now = Math.floor(Date.now() / 1000);
    const template = `${TEST_DATABASE_PREFIX}${now}_${process.pid}`;
    await withAdmin(databaseUrl!, async (admin) => {
      const { rows } = await admin.query<{ name: string }>(`select datname as name from pg_database where datname like '${TEST_DATABASE_PREFIX}%'`);
      for (const { name } of rows) {
        const made = Number(name.slice(TEST_DATABASE_PREFIX.length).split('_')[0]);
        if (Number.isInteger(made) && now - made > STALE_SECONDS) await admin.query(dropDatabase(name));
      }
      await admin.query(`create database ${template}`);
    });
    // Migrated through a pool of its own, closed before any copy: a template must have no one connected.
    const db = createDatabase({ databaseUrl: databaseUrlFor(databaseUrl!, template), dataDir: tmpdir() });
    try {
      await migrateToLatest(db);
    } finally {
      await db.destroy();
    }
    project.provide('testDatabaseTemplate', template);
    // The template and every copy still there: the spare each worker made last, and a copy whose
    // drop was still on its way when its worker ended.
    return () =>
      withAdmin(databaseUrl!, async (admin) => {
        const { rows: copies } = await admin.query<{ name: string }>(`select datname as name from pg_database where datname like '${template}\\_%'`);
        for (const { name } of copies) await admin.query(dropDatabase(name));
        await admin.query(dropDatabase(template));
      });
  }

  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-template-'));
  const db = createDatabase({ databaseUrl: undefined, dataDir });
  try {
    await migrateToLatest(db);
  } finally {
    // Closing the only connection checkpoints the WAL into the file: the file alone is the database.
    await db.destroy();
  }
  project.provide('testDatabaseTemplate', sqliteFile({ databaseUrl: undefined, dataDir }));
  return () => rmSync(dataDir, { recursive: true, force: true });
}
