// PostgreSQL schemas of a bench's own, so its databases never meet another run's or the suite's:
// made and dropped on an admin connection, and reached through a DATABASE_URL whose connections
// all work in one (bench:orders, and bench:shop's 1-store database).
import pg from 'pg';

async function onAdminConnection(databaseUrl: string, statements: string[]): Promise<void> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    for (const statement of statements) await admin.query(statement);
  } finally {
    await admin.end();
  }
}

export const createSchema = (databaseUrl: string, schema: string) => onAdminConnection(databaseUrl, [`create schema ${schema}`]);

export const dropSchema = (databaseUrl: string, schema: string) => onAdminConnection(databaseUrl, [`drop schema if exists ${schema} cascade`]);

/** `schema` dropped with what it held, and created empty. */
export const emptySchema = (databaseUrl: string, schema: string) => onAdminConnection(databaseUrl, [`drop schema if exists ${schema} cascade`, `create schema ${schema}`]);

/** DATABASE_URL whose connections all work in `schema` (node-postgres honours `options`). */
export function withSearchPath(databaseUrl: string, schema: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.delete('options');
  return `${url.toString()}${url.search ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}
