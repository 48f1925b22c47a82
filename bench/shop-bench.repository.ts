// The SQL of bench:shop (bench/shop.ts): on PostgreSQL, the empty schema the 1-store database is
// filled in.
import pg from 'pg';

/** `databaseUrl` with its connections in `schema`, dropped and created empty first: the 1-store database beside the 1,000-store one. */
export async function emptySchemaUrl(databaseUrl: string, schema: string): Promise<string> {
  const admin = new pg.Client({ connectionString: databaseUrl });
  await admin.connect();
  try {
    await admin.query(`drop schema if exists ${schema} cascade`);
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  const url = new URL(databaseUrl);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return url.toString();
}
