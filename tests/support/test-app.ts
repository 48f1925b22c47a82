import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { buildApp } from '#server/app.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

const BUILD_ENTRY = path.resolve('build/server/index.js');

export type TestApp = TestDatabase & { app: FastifyInstance };

/** The real app on a fresh database, driven through `inject()` (needs `npm run build` first). */
export async function createTestApp(env: Partial<NodeJS.ProcessEnv> = {}): Promise<TestApp> {
  const database = await createTestDatabase(env);
  // Imported here, through Vitest, so the build and the server share one `#app-context` token.
  const build = () => import(/* @vite-ignore */ BUILD_ENTRY) as Promise<ServerBuild>;
  const app = await buildApp({ config: database.config, db: database.db, logger: false, build });
  await app.ready();
  return {
    ...database,
    app,
    dispose: async () => {
      await app.close();
      await database.dispose();
    },
  };
}
