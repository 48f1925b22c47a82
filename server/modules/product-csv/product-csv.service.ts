import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { ImportProblem } from './csv-columns.ts';
import { type ReadFile, readFile } from './csv-read.ts';
import type { CsvEncoding } from './csv-text.ts';
import { importByteLimit, tooBigForPlan } from './csv-limits.ts';
import { writeInBatches } from './csv-write.ts';
import { type ImportCounts, type ImportOptions, type LikelyDuplicate, plan, type Plan, writesOf } from './csv-plan.ts';
import { catalogFingerprint, maxProducts, refreshCatalogStatistics } from './product-csv.repository.ts';

// The product catalog as one CSV file (issue 11 §9), read in; product-csv-export.service.ts writes
// it out. A line per product and a line per variant, so a spreadsheet shows a product with its
// variants below it. Products are known by their slug
// (unique in the store), variants by their id; taxonomy by slug, looked up in the caller's store
// only — a slug or id of another store is "not found", never a link to it. A preview says what would
// be created, updated or left alone and lists every problem (line, column, message: csv-plan.ts);
// applying writes it in batches (csv-write.ts), or nothing when there is a problem.
//
// One store must not stall the others (issue 21 §1, decision 044): a file is never bigger than its
// plan can use (checked before it is read), it is parsed in slices with a turn for other requests
// between them, the catalog is read page by page, and the long part — reading and checking — runs
// outside the write transaction, which holds a connection only while writing in batches.

/** The largest file this store may send, by its plan: checked before a byte of it is parsed. */
export async function byteLimit(deps: ServiceDeps, scope: StoreScope): Promise<number> {
  return importByteLimit(await maxProducts(deps.db, scope));
}

/** Records an import writes past which the tables' statistics are taken again (refreshCatalogStatistics). */
const BULK_WRITE = 1000;

export type ImportSummary = {
  products: ImportCounts; variants: ImportCounts; problems: ImportProblem[]; applied: boolean; encoding: CsvEncoding;
  /** The first likely duplicates (csv-plan.ts's MAX_PROBLEMS), and how many there are. */
  duplicates: LikelyDuplicate[]; duplicateCount: number;
};

/**
 * Reads the file within the store's plan: refused before it is decoded or parsed when it is bigger
 * than the plan can use, and parsed no further than the first product line past the plan's limit.
 */
async function readWithinPlan(deps: ServiceDeps, scope: StoreScope, body: string | Uint8Array): Promise<ReadFile> {
  const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
  const limit = await maxProducts(deps.db, scope);
  const bytesAllowed = importByteLimit(limit);
  if (bytes > bytesAllowed) throw tooBigForPlan(bytesAllowed);
  return readFile(body, { maxProducts: limit });
}

const summaryOf = (planned: Plan, file: ReadFile, applied: boolean): ImportSummary => ({ ...planned.counts, problems: applied ? [] : planned.problems, applied, encoding: file.encoding, duplicates: planned.duplicates, duplicateCount: planned.duplicateCount });

/** What importing the file would do, and every problem in it; changes nothing. */
export async function previewImport(deps: ServiceDeps, scope: StoreScope, body: string | Uint8Array, options: ImportOptions = {}): Promise<ImportSummary> {
  const file = await readWithinPlan(deps, scope, body);
  return summaryOf(await plan(deps, scope, file, options), file, false);
}

/**
 * Imports the file when it has no problem; otherwise changes nothing. Read and checked first, with
 * no connection held; written in batches (csv-write.ts, decision 082) only if the catalog is still
 * what was checked (else checked again), so what is checked is what is written.
 */
export async function applyImport(deps: ServiceDeps, scope: StoreScope, body: string | Uint8Array, options: ImportOptions = {}): Promise<ImportSummary> {
  const file = await readWithinPlan(deps, scope, body);
  const state = async (db: ServiceDeps) => `${await catalogFingerprint(db.db, scope)}/${await maxProducts(db.db, scope)}`;
  for (let attempt = 1; ; attempt += 1) {
    const before = await state(deps);
    const planned = await plan(deps, scope, file, options);
    if (planned.problems.length > 0) return summaryOf(planned, file, false);
    const now = deps.clock.now().toISOString();
    const outcome = await writeInBatches(deps, scope, await writesOf(planned, now), async (tx) => (await state(tx)) === before);
    // Changed while it was checked (another import, an edit): checked again, a few times at most.
    if ('changed' in outcome && attempt < 3) continue;
    if (!outcome.done) {
      const values = 'interrupted' in outcome ? { written: outcome.written, total: outcome.total } : { written: 0, total: 0 };
      return { ...summaryOf(planned, file, false), problems: [{ line: 1, column: '', message: 'productCsv.interrupted', values }] };
    }
    const summary = summaryOf(planned, file, true);
    const written = summary.products.create + summary.products.update + summary.variants.create + summary.variants.update;
    if (written >= BULK_WRITE) await refreshCatalogStatistics(deps.db);
    return summary;
  }
}
