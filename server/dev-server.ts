import type { ViteDevServer } from 'vite';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';

// `npm run dev`: Vite loads this through @mcansh/react-router-fastify's plugin for hot reload.
export async function createServer(vite?: ViteDevServer) {
  const config = loadConfig();
  const db = createDatabase(config);
  await migrateToLatest(db);
  return buildApp({ config, db, devServer: vite });
}
