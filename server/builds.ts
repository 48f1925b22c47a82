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

type ChunkInfo = { catalogs: Record<string, string>; screens: Record<string, string[]> };
let chunks: ChunkInfo | undefined;

const isAsset = (url: unknown): url is string => typeof url === 'string' && url.startsWith('/assets/');

/** The browser build's chunks the pages preload (written by vite.config.ts), read once: the server serves the build it started with. */
function chunkInfo(file: string): ChunkInfo {
  if (chunks === undefined) {
    try {
      const info = JSON.parse(readFileSync(path.resolve(file), 'utf8')) as { catalogs?: unknown; screens?: unknown };
      const record = (value: unknown) => (typeof value === 'object' && value !== null ? Object.entries(value) : []);
      chunks = {
        catalogs: Object.fromEntries(record(info.catalogs).filter((entry): entry is [string, string] => isAsset(entry[1]))),
        screens: Object.fromEntries(record(info.screens).filter((entry): entry is [string, string[]] => Array.isArray(entry[1]) && entry[1].every(isAsset))),
      };
    } catch {
      chunks = { catalogs: {}, screens: {} };
    }
  }
  return chunks;
}

/** The URL of a language's message chunk in the browser build, for the page to preload; undefined when there is no build. */
export function catalogUrl(locale: string, file = BUILD_INFO_FILE): string | undefined {
  return chunkInfo(file).catalogs[locale];
}

/** A kit resource's screens chunk and the chunks it imports (decision 043), for its pages to preload; none when there is no build. */
export function screensChunks(key: string, file = BUILD_INFO_FILE): readonly string[] {
  return chunkInfo(file).screens[key] ?? [];
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
