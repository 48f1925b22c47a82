import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

/**
 * The OpenAPI document exactly as the app serves it at /api/docs/json: the app is built in-process
 * on a throw-away SQLite database and asked through `inject()` (no port, no network, no page build:
 * the React Router build is only imported when a page is asked for, and none is).
 */
export async function servedApiDocument(headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tiendabox-api-doc-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const app = await buildApp({ config, db, logger: process.env.API_DOC_DEBUG ? { level: 'error' } : false, build: () => Promise.reject(new Error('no pages while reading the API document')) });
    try {
      const response = await app.inject({ url: '/api/docs/json', headers });
      if (response.statusCode !== 200) throw new Error(`/api/docs/json answered ${response.statusCode}`);
      return response.json();
    } finally {
      await app.close();
    }
  } finally {
    await db.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
