import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';

export type BuildInfo = { id: string; timestamp: number };

export const BUILD_INFO_FILE = 'build/build-info.json';

// Read on every request (a few bytes): replacing the build announces the new one at once.
export async function readBuildInfo(file = BUILD_INFO_FILE): Promise<BuildInfo | null> {
  try {
    const info = JSON.parse(await readFile(path.resolve(file), 'utf8')) as Partial<BuildInfo>;
    return typeof info.id === 'string' && typeof info.timestamp === 'number'
      ? { id: info.id, timestamp: info.timestamp }
      : null;
  } catch {
    return null;
  }
}

let catalogueUrls: Record<string, string> | undefined;

/**
 * The URL of a language's message chunk in the browser build (written by vite.config.ts), for
 * the page to preload; undefined when there is no build. Read once: the
 * server serves the build it started with.
 */
export function catalogueUrl(locale: string, file = BUILD_INFO_FILE): string | undefined {
  if (catalogueUrls === undefined) {
    try {
      const info = JSON.parse(readFileSync(path.resolve(file), 'utf8')) as { catalogues?: unknown };
      const found = typeof info.catalogues === 'object' && info.catalogues !== null ? info.catalogues : {};
      catalogueUrls = Object.fromEntries(Object.entries(found).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].startsWith('/assets/')));
    } catch {
      catalogueUrls = {};
    }
  }
  return catalogueUrls[locale];
}

/** seed §7: `builds/latest.json` (polled hourly, never cached) and `builds/meta/{buildId}.json`. */
export async function buildRoutes(app: FastifyInstance, options: { file?: string }) {
  app.get('/builds/latest.json', async (_request, reply) => {
    const info = await readBuildInfo(options.file);
    reply.header('cache-control', 'no-store');
    if (!info) return reply.code(404).send({ error: 'not_found' });
    return info;
  });

  app.get<{ Params: { file: string } }>('/builds/meta/:file', async (request, reply) => {
    const info = await readBuildInfo(options.file);
    const id = request.params.file.replace(/\.json$/, '');
    if (!info || id !== info.id || !request.params.file.endsWith('.json')) {
      reply.header('cache-control', 'no-store');
      return reply.code(404).send({ error: 'not_found' });
    }
    // A build's manifest never changes once built.
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    return { id: info.id, timestamp: info.timestamp, matcher: { static: {}, wildcard: {}, dynamic: {} } };
  });
}
