// The queries that named no one store, grouped (decision 102): reads the file LOG_STORE_QUERIES wrote
// (server/db/store-query-log.ts) and prints each distinct query shape once, with how many times it
// ran, its store tables and the code it came from, most frequent first; migrations apart, since they
// run once per database (the suite migrates a database for most test files), and the tests' own
// checks apart too.
//
//   DATABASE_URL=postgres://… LOG_STORE_QUERIES=/tmp/unscoped.log npx vitest run --maxWorkers=1
//   node scripts/unscoped-queries.ts --file /tmp/unscoped.log [--width 200]
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { UnscopedQuery } from '#server/db/store-query-log.ts';
import { parseArgs } from './cli-args.ts';

/** Where a shape comes from: the app's code, a test's own check, or a migration. */
export type Origin = 'app' | 'test' | 'migration';
export type QueryShape = { shape: string; tables: string[]; origin: string; caller: string; count: number; kind: Origin };

const kindOf = (origin: string): Origin => (origin.startsWith('server/db/migrations/') ? 'migration' : /\.test\.tsx?:\d+$/.test(origin) ? 'test' : 'app');

/**
 * One spelling per query shape: parameters as `?` (`$1` and `?` alike), a list of them as `(?…)`
 * and rows of them as one, whitespace collapsed: what differs between two runs of the same code.
 */
export function queryShape(text: string): string {
  return text
    .replace(/\$\d+/g, '?')
    .replace(/\s+/g, ' ')
    .replace(/\(\s*\?(\s*,\s*\?)+\s*\)/g, '(?…)')
    .replace(/(\(\?(…)?\))(\s*,\s*\(\?(…)?\))+/g, '$1…')
    .trim();
}

/** The log's lines grouped by shape and origin, most frequent first; unreadable lines are counted apart. */
export function groupUnscoped(text: string): { shapes: QueryShape[]; unreadable: number } {
  const groups = new Map<string, QueryShape>();
  let unreadable = 0;
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let entry: Partial<UnscopedQuery> & { error?: string };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      unreadable += 1;
      continue;
    }
    if (entry.error !== undefined || entry.sql === undefined) {
      unreadable += 1;
      continue;
    }
    const shape = queryShape(entry.sql);
    const [origin = '(unknown)', caller = ''] = entry.stack ?? [];
    const key = `${shape}\u0000${origin}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { shape, tables: (entry.tables ?? []).toSorted(), origin, caller, count: 1, kind: kindOf(origin) });
  }
  return { shapes: [...groups.values()].sort((a, b) => b.count - a.count || a.origin.localeCompare(b.origin)), unreadable };
}

function table(shapes: QueryShape[], width: number): string {
  const cell = (text: string) => text.replaceAll('|', '\\|');
  const rows = shapes.map((group) => {
    const shape = group.shape.length > width ? `${group.shape.slice(0, width - 1)}…` : group.shape;
    const from = group.caller ? `${group.origin} ← ${group.caller}` : group.origin;
    return `| ${group.count} | ${group.tables.join(', ')} | ${cell(from)} | \`${cell(shape)}\` |`;
  });
  return ['| runs | store tables | from | query |', '|---:|---|---|---|', ...rows].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = parseArgs(process.argv.slice(2));
  const file = args.file ?? process.env.LOG_STORE_QUERIES;
  if (!file) {
    console.error('usage: node scripts/unscoped-queries.ts --file <the LOG_STORE_QUERIES file> [--width 200]');
    process.exit(2);
  }
  const { shapes, unreadable } = groupUnscoped(readFileSync(file, 'utf8'));
  const width = Number(args.width ?? 200);
  const runs = (list: QueryShape[]) => list.reduce((sum, group) => sum + group.count, 0);
  const titles: Record<Origin, string> = { app: "The app's queries that name no one store", test: "Tests' own checks (their raw SQL)", migration: 'In migrations (once per database)' };
  for (const kind of ['app', 'test', 'migration'] as const) {
    const list = shapes.filter((group) => group.kind === kind);
    console.log(`## ${titles[kind]}: ${list.length} shapes, ${runs(list)} runs\n\n${table(list, width)}\n`);
  }
  if (unreadable > 0) console.log(`\n${unreadable} line(s) could not be read (the logger's own errors included).`);
}
