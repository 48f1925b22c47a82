import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { KyselyPlugin } from 'kysely';
import type { ServerBuild } from 'react-router';
import type { Writable } from 'node:stream';
import { buildApp } from '#server/app.ts';
import { loggerOptions } from '#server/config.ts';
import type { Clock } from '#server/service-deps.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

const BUILD_ENTRY = path.resolve('build/server/index.js');

export type TestApp = TestDatabase & { app: FastifyInstance };

/** A page request's headers in each language: the stored language, and HTML asked for. */
export const pageHeaders = { es: { cookie: 'lang=es', accept: 'text/html' }, en: { cookie: 'lang=en', accept: 'text/html' } } as const;

/**
 * The built pages, imported here, through Vitest, so the build and the server share one
 * `#app-context` token. The module itself, not a function that imports it: React Router calls a
 * function for every request and derives its routes again, and Vitest's import reads and splits the
 * build's file each time (two thirds of the fuzz test's time went there). Once per worker: its
 * files share their modules (`isolate: false`), and nothing rebuilds the app while Vitest runs.
 */
let build: Promise<ServerBuild> | undefined;
export const importBuild = () => (build ??= import(/* @vite-ignore */ BUILD_ENTRY) as Promise<ServerBuild>);

/** A built route's full path, its parents' joined (`store/webhooks/show`), without the leading slash. */
export function routePath(built: ServerBuild, routeId: string): string {
  const route = built.routes[routeId]!;
  const parent = route.parentId ? routePath(built, route.parentId) : '';
  return [parent, route.path ?? ''].filter(Boolean).join('/');
}

/** The real app on a fresh database, driven through `inject()` (needs `npm run build` first). */
export async function createTestApp(env: Partial<NodeJS.ProcessEnv> = {}, options: { logStream?: Writable; clock?: Clock; plugins?: KyselyPlugin[] } = {}): Promise<TestApp> {
  // One clock for the app and for the services a test calls directly (sessions, users).
  const database = await createTestDatabase(env, { clock: options.clock });
  // `plugins` watch the app's queries (after the app's own), for a test that looks at what a request runs.
  const db = (options.plugins ?? []).reduce((withOne, plugin) => withOne.withPlugin(plugin), database.db);
  const app = await buildApp({ config: database.config, db, logger: options.logStream ? { ...loggerOptions(database.config), level: 'info', stream: options.logStream } : false, build: await importBuild(), clock: options.clock });
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
