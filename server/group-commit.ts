import { ControlledTransaction, PostgresAdapter } from 'kysely';
import type { Database } from '#server/db/schema.ts';
import type { Db } from '#server/db/database.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

// Group commit (decision 070): units of work that arrive together share one transaction and one
// commit, each in a savepoint of its own, and each caller is answered only after that commit. On
// SQLite a commit is an fsync and one writer holds the lock at a time, so a commit per order caps
// the orders a second at the disk's commits a second; in one commit the disk writes many orders
// for about the price of one.

/** At most this many units share a commit: a bound on how long one batch holds the write lock. */
export const MAX_UNITS_PER_COMMIT = 64;

type Transaction = ControlledTransaction<Database>;
type Work<T> = (tx: ServiceDeps) => Promise<T>;
type Unit = { deps: ServiceDeps; work: Work<unknown>; resolve: (value: unknown) => void; reject: (error: unknown) => void };
export type Batch = {
  /** Units with one key share commits (a store's placings); other keys form batches of their own. */
  key: string;
  /**
   * Runs first in every transaction of this key, batch or lone retry. A placing takes its store's
   * order counter row here, so on PostgreSQL every lock a batch takes after it is taken under that
   * one: two batches of a store (two workers) wait for each other at the start, never in a cycle.
   */
  begin?: (tx: ServiceDeps) => Promise<void>;
};
type Queue = { units: Unit[]; running: boolean };

// Per database handle (one per process, or per test database) and key.
const queues = new WeakMap<Db, Map<string, Queue>>();

/** What the queues of one database handle did since it was opened: for logs, tests and the bench. */
export type GroupCommitStats = { commits: number; units: number; triedAlone: number };
const stats = new WeakMap<Db, GroupCommitStats>();

export function groupCommitStats(db: Db): GroupCommitStats {
  let own = stats.get(db);
  if (!own) stats.set(db, (own = { commits: 0, units: 0, triedAlone: 0 }));
  return own;
}

/**
 * Runs `work` in a savepoint of a transaction shared with the units of the same key that arrive
 * within the same turn of the event loop (or while the previous batch of the key was committing),
 * and answers after the commit: its value, or its error if it threw (its savepoint rolled back,
 * the others unaffected). A unit that threw, and every unit of a batch that failed before its
 * commit, is run again alone in a transaction of its own, so each answer is the one it would get
 * without a batch. Inside a caller's transaction, `work` simply joins it (as `inTransaction`).
 */
export function groupCommit<T>(deps: ServiceDeps, batch: Batch, work: Work<T>): Promise<T> {
  if (deps.db.isTransaction) return work(deps);
  let byKey = queues.get(deps.db);
  if (!byKey) queues.set(deps.db, (byKey = new Map()));
  let queue = byKey.get(batch.key);
  if (!queue) byKey.set(batch.key, (queue = { units: [], running: false }));
  const joined = queue;
  return new Promise<T>((resolve, reject) => {
    joined.units.push({ deps, work, resolve: resolve as (value: unknown) => void, reject });
    if (!joined.running) {
      joined.running = true;
      void drain(byKey, batch, joined);
    }
  });
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

async function drain(byKey: Map<string, Queue>, batch: Batch, queue: Queue) {
  // The window: what arrives in this turn of the event loop (every request whose bytes were read in
  // the same poll) joins; a unit alone goes at once. No timer, so a quiet shop waits for nothing.
  await nextTurn();
  while (queue.units.length > 0) {
    const units = queue.units.splice(0, MAX_UNITS_PER_COMMIT);
    // runBatch answers every unit itself; this only guards against a bug leaving callers waiting.
    await runBatch(batch, units).catch((error: unknown) => units.forEach((unit) => unit.reject(error)));
    await nextTurn();
  }
  queue.running = false;
  if (byKey.get(batch.key) === queue) byKey.delete(batch.key);
}

type Outcome = { ok: true; value: unknown } | { ok: false };

async function runBatch(batch: Batch, units: Unit[]) {
  const first = units[0]!;
  groupCommitStats(first.deps.db).units += units.length;
  // One unit alone needs no savepoint and no second try: the lone path gives it its own answer.
  if (units.length === 1) return settle(first, () => alone(batch, first));
  const outcomes: Outcome[] = [];
  let trx: Transaction | undefined;
  let committing = false;
  try {
    trx = await first.deps.db.startTransaction().execute();
    if (batch.begin) await batch.begin({ ...first.deps, db: trx });
    for (const unit of units) {
      const point = await trx.savepoint('unit').execute();
      try {
        const value = await unit.work({ ...unit.deps, db: point });
        await point.releaseSavepoint('unit').execute();
        outcomes.push({ ok: true, value });
      } catch {
        // Undone alone; answered by a lone try after the batch, as it would be without one.
        await (await point.rollbackToSavepoint('unit').execute()).releaseSavepoint('unit').execute();
        outcomes.push({ ok: false });
      }
    }
    committing = true;
    await trx.commit().execute();
    groupCommitStats(first.deps.db).commits += 1;
  } catch (error) {
    if (trx && !trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
    // A PostgreSQL commit that failed may have committed all the same (the connection lost after
    // the server wrote it): trying each unit again could place an order twice, so every caller gets
    // the error, as a lone order's failed commit answers. Any other failure wrote nothing (SQLite
    // answers a commit's error with a rollback): each unit is tried again alone.
    const unknownOutcome = committing && first.deps.db.getExecutor().adapter instanceof PostgresAdapter;
    first.deps.log.warn({ err: error, units: units.length, unknownOutcome }, 'group commit: the batch failed');
    for (const unit of units) {
      if (unknownOutcome) unit.reject(error);
      else await retryAlone(batch, unit);
    }
    return;
  }
  for (const [index, unit] of units.entries()) {
    const outcome = outcomes[index]!;
    if (outcome.ok) unit.resolve(outcome.value);
    else await retryAlone(batch, unit);
  }
}

function retryAlone(batch: Batch, unit: Unit) {
  groupCommitStats(unit.deps.db).triedAlone += 1;
  return settle(unit, () => alone(batch, unit));
}

async function settle(unit: Unit, run: () => Promise<unknown>) {
  try {
    unit.resolve(await run());
  } catch (error) {
    unit.reject(error);
  }
}

/** One unit in a transaction of its own (with the key's `begin`), as it runs without a batch. */
async function alone(batch: Batch, unit: Unit): Promise<unknown> {
  const trx = await unit.deps.db.startTransaction().execute();
  try {
    const tx = { ...unit.deps, db: trx };
    if (batch.begin) await batch.begin(tx);
    const value = await unit.work(tx);
    await trx.commit().execute();
    groupCommitStats(unit.deps.db).commits += 1;
    return value;
  } catch (error) {
    if (!trx.isCommitted && !trx.isRolledBack) await trx.rollback().execute().catch(() => undefined);
    throw error;
  }
}

/**
 * Runs `work` so that, when it throws, what it wrote is undone and what the caller wrote before it
 * stays: a savepoint inside a group commit's (or lone) transaction. Inside a caller's own
 * transaction, which has no savepoints, it runs as it is and the caller undoes it.
 */
export async function inSavepoint<T>(tx: ServiceDeps, work: Work<T>): Promise<T> {
  if (!(tx.db instanceof ControlledTransaction)) return work(tx);
  const point = await (tx.db as Transaction).savepoint('inner').execute();
  try {
    const value = await work({ ...tx, db: point });
    await point.releaseSavepoint('inner').execute();
    return value;
  } catch (error) {
    await (await point.rollbackToSavepoint('inner').execute()).releaseSavepoint('inner').execute();
    throw error;
  }
}
