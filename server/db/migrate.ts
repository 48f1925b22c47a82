import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration';
import type { Db } from '#server/db/database.ts';
import * as settings from '#server/db/migrations/2026-11-21-001-settings.ts';

// An explicit list instead of a folder scan: it works the same under Node, Vite and Vitest.
const migrations: Record<string, Migration> = {
  '2026-11-21-001-settings': settings,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
}
