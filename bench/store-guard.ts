// What the store guard (decisions 025, 042) costs per query: `npm run bench:store-guard`.
//
// 1. fills a throw-away SQLite database with a small catalog (scripts/fill-scale.ts) and runs
//    the dashboard's real catalog operations through the bound services — product lists (default
//    order, a search, a filter and another sort, a later page), a product, a category's delete
//    confirmation, a color created, changed and deleted, the CSV export — keeping each query's
//    operation tree as the guard receives it;
// 2. times the guard's check of those trees, outside a request and inside a store scope, and beside
//    it what turning the same trees into SQL costs (the compiler, which every query pays anyway);
// 3. prints microseconds per query (the median of ROUNDS rounds) and writes
//    bench/results/store-guard-latest.json.
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import { productResource } from '#common/resources/product.ts';
import { categoryResource } from '#common/resources/taxonomy.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { StoreGuardPlugin } from '#server/db/store-guard.ts';
import { runInStore } from '#server/tenancy/active-store.ts';
import { createServiceDeps } from '#server/composition.ts';
import { findLoginByEmail } from '#server/modules/user/user.repository.ts';
import { createServices } from '#server/services.ts';
import { fillScale, SCALE_OWNER } from '#scripts/fill-scale.ts';
import { ROOT, round } from './lib/settings.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15);
/** Each round checks every kept query this many times. */
const REPEAT = Number(process.env.BENCH_REPEAT ?? 200);

/** The real operations' queries, as the plugins see them (this one runs after the app's own). */
async function realQueries(dataDir: string) {
  const config = loadConfig({ NODE_ENV: 'production', APP_SECRET: randomBytes(32).toString('base64url'), DATA_DIR: dataDir, LOG_LEVEL: 'warn', STORE_GUARD: '1' });
  const db = createDatabase(config);
  await migrateToLatest(db);
  await fillScale(db, { stores: 3, products: 300, password: randomBytes(12).toString('base64url') });
  const kept: RootOperationNode[] = [];
  const keeper: KyselyPlugin = {
    transformQuery: ({ node }) => {
      kept.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  };
  const services = createServices(createServiceDeps({ db: db.withPlugin(keeper), config }));
  const owner = (await findLoginByEmail(db, SCALE_OWNER.email))!;
  const scope = (await services.storeScopes.ownStoreScope({ userId: owner.id }))!;
  kept.length = 0;
  const { product, category, color } = services.resources;
  const list = (query: Record<string, string>) => product.list(scope, productResource.listQuery.parse(query));
  const first = await list({});
  const listQueries = kept.length;
  await list({ q: 'camiseta' });
  await list({ status: 'enabled', sort: 'price', dir: 'asc' });
  await list({ page: '3' });
  await product.get(scope, first.rows[0]!.id);
  const categories = await category.list(scope, categoryResource.listQuery.parse({}));
  await category.cascade(scope, categories.rows[0]!.id);
  const colorId = await color.create(scope, { name: 'Rojo banco', hex: '#cc0000', enabled: true });
  await color.update(scope, colorId, { name: 'Rojo banco 2', hex: '#cc0001', enabled: true });
  await color.remove(scope, colorId);
  await services.productCsvExport.exportCatalog(scope);
  return { db, kept: [...kept], storeId: scope.storeId, listQueries };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/**
 * CPU microseconds per query of `check` over every kept query: the median of ROUNDS rounds after
 * one warm-up. CPU time of this process, not the clock's: on a shared machine the clock also
 * counts the time other processes had the core.
 */
function perQuery(kept: RootOperationNode[], check: (node: RootOperationNode) => unknown): number {
  const rounds: number[] = [];
  for (let round = 0; round <= ROUNDS; round++) {
    const started = process.cpuUsage();
    for (let repeat = 0; repeat < REPEAT; repeat++) for (const node of kept) check(node);
    const used = process.cpuUsage(started);
    if (round > 0) rounds.push((used.user + used.system) / (REPEAT * kept.length));
  }
  return median(rounds);
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-guard-'));
try {
  const { db, kept, storeId, listQueries } = await realQueries(dataDir);
  const guard = new StoreGuardPlugin();
  const queryId = { queryId: 'bench' } as QueryId;
  const executor = db.getExecutor();
  const guardMicros = perQuery(kept, (node) => guard.transformQuery({ node, queryId }));
  const scopedMicros = runInStore(storeId, () => perQuery(kept, (node) => guard.transformQuery({ node, queryId })));
  const compileMicros = perQuery(kept, (node) => executor.compileQuery(node, queryId));
  await db.destroy();
  const result = {
    date: new Date().toISOString(),
    node: process.version,
    queries: kept.length,
    /** How many of them the first page of the product list runs (the service's part of an API list request). */
    listQueries,
    kinds: Object.fromEntries([...new Set(kept.map((node) => node.kind))].map((kind) => [kind, kept.filter((node) => node.kind === kind).length])),
    guardMicrosPerQuery: round(guardMicros, 2),
    guardInScopeMicrosPerQuery: round(scopedMicros, 2),
    compileMicrosPerQuery: round(compileMicros, 2),
  };
  console.log(`store guard over ${result.queries} real catalog queries (${Object.entries(result.kinds).map(([kind, count]) => `${count} ${kind}`).join(', ')}), median of ${ROUNDS} rounds:`);
  console.log(`  guard, no scope active     ${result.guardMicrosPerQuery} µs per query`);
  console.log(`  guard, in a store's scope  ${result.guardInScopeMicrosPerQuery} µs per query`);
  console.log(`  compiling the same to SQL  ${result.compileMicrosPerQuery} µs per query (paid by every query, for scale)`);
  console.log(`  a product list's first page runs ${listQueries} of them: ${round(listQueries * scopedMicros, 1)} µs of guard per page in a scope`);
  mkdirSync(path.join(ROOT, 'bench/results'), { recursive: true });
  writeFileSync(path.join(ROOT, 'bench/results/store-guard-latest.json'), `${JSON.stringify(result, null, 2)}\n`);
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
