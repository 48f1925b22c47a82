import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { createTestDatabase, type TestDatabase } from '../tests/support/test-db.ts';
import { groupUnscoped } from './unscoped-queries.ts';

let t: TestDatabase;
let dir: string;
let file: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'unscoped-queries-'));
  file = path.join(dir, 'unscoped.log');
  t = await createTestDatabase({ LOG_STORE_QUERIES: file });
  // A test database is a copy of one migrated once per run: an empty one of its own, migrated here
  // with the same log, shows the migrations' own backfills.
  const empty = createDatabase({ databaseUrl: undefined, dataDir: dir, storeGuard: true, logStoreQueries: file });
  await migrateToLatest(empty);
  await empty.destroy();
});

afterAll(async () => {
  await t.dispose();
  rmSync(dir, { recursive: true, force: true });
});

it('groups what LOG_STORE_QUERIES wrote into shapes with their runs and origin, tests and migrations apart', async () => {
  for (const ids of [[1], [2, 3], [4, 5, 6]]) await t.db.selectFrom('storeInvitation').select('id').where('id', 'in', ids).execute();
  await sql`select count(*) from webhook_delivery where state = ${'pending'}`.execute(t.db);
  const { shapes, unreadable } = groupUnscoped(readFileSync(file, 'utf8'));
  const mine = shapes.filter((group) => group.origin.startsWith('scripts/unscoped-queries.test.ts:'));
  // a list of one id and two longer lists: two shapes, `in (?)` and `in (?…)`; the raw query a third
  expect(mine.map((group) => [group.count, group.tables, group.shape.replace(/^.* where /, '')])).toEqual([
    [2, ['store_invitation'], '"id" in (?…)'],
    [1, ['store_invitation'], '"id" in (?)'],
    [1, ['webhook_delivery'], 'state = ?'],
  ]);
  // the migrations' own backfills are told apart
  const migrations = shapes.filter((group) => group.kind === 'migration');
  expect(migrations.length).toBeGreaterThan(0);
  expect(migrations.every((group) => group.origin.startsWith('server/db/migrations/'))).toBe(true);
  // a test's own query is told apart from the app's
  expect(mine.every((group) => group.kind === 'test')).toBe(true);
  expect(unreadable).toBe(0);
});
