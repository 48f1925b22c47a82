import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { LogEvent, OperationNode } from 'kysely';
import { STORE_MEMBERSHIP_TABLES, STORE_OWNED_TABLES, storeGuardRefusal } from '#server/db/store-guard.ts';

/**
 * The queries that name no one store, for a sharded database's sake (decision 102): on Citus, with
 * `store_id` as the distribution column, a query routes to one node only when each store table it
 * reads has `store_id = <a value>`; every other one fans out to every shard. LOG_STORE_QUERIES=<file>
 * appends one JSON line per such query that ran; `scripts/unscoped-queries.ts` groups them.
 *
 * The store guard refuses such queries when Kysely builds them, except on the membership tables,
 * which it leaves alone on purpose; raw SQL it does not read at all. So this looks at both: the
 * guard's own analysis for built queries (over the owned and membership tables), and the SQL text
 * for raw SQL. Off by default: `databaseOptions` adds no logger then, so it costs nothing.
 */
export type UnscopedQuery = {
  /** The SQL as sent, parameters as placeholders. */
  sql: string;
  /** The store tables it reads or writes without naming one store. */
  tables: string[];
  /** `sql`…`` (read as text) rather than a query Kysely built (read as its tree). */
  raw: boolean;
  /** The project's frames that led to it, innermost first: `path:line`. */
  stack: string[];
};

const STORE_TABLES: ReadonlySet<string> = new Set([...STORE_OWNED_TABLES, ...STORE_MEMBERSHIP_TABLES]);
// A table named after FROM, JOIN, UPDATE or INTO, quoted or not (`"public"."x"` keeps the last name).
const TABLE_AFTER = /\b(?:from|join|update|into)\s+(?:only\s+)?(?:"?\w+"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
// `store_id = <one value>` (or `in (<one value>)`), qualified or not; `a.store_id = b.store_id` is not one.
const ONE_STORE = /\bstore_id"?\s*(?:=\s*(?:\$\d+|\?|\d+)|in\s*\(\s*(?:\$\d+|\?|\d+)\s*\))/i;

/** The store tables a piece of SQL text reads or writes, when it names no one store; else none. */
function unscopedInText(text: string): string[] {
  const tables = new Set<string>();
  for (const match of text.matchAll(TABLE_AFTER)) if (STORE_TABLES.has(match[1]!.toLowerCase())) tables.add(match[1]!.toLowerCase());
  return tables.size > 0 && !ONE_STORE.test(text) ? [...tables] : [];
}

/** Raw SQL inside a built query (`where(sql`…`)`): its text, parameters as `?`. */
function rawFragments(node: unknown, out: string[] = []): string[] {
  if (typeof node !== 'object' || node === null) return out;
  const record = node as Record<string, unknown>;
  if (record.kind === 'RawNode') out.push((record.sqlFragments as string[]).join('?'));
  for (const key in record) {
    const child = record[key];
    if (Array.isArray(child)) for (const item of child) rawFragments(item, out);
    else if (typeof child === 'object' && child !== null) rawFragments(child, out);
  }
  return out;
}

/** The store tables a query reads or writes without a `store_id` naming one store; none when it is scoped. */
export function unscopedTables(node: OperationNode, sqlText: string): string[] {
  if (node.kind === 'RawNode') return unscopedInText(sqlText);
  const tables = new Set(rawFragments(node).flatMap(unscopedInText));
  const refusal = storeGuardRefusal(node, STORE_TABLES);
  const named = refusal?.match(/table "([a-z_]+)"/)?.[1];
  if (named) tables.add(named);
  return [...tables];
}

const ROOT = process.cwd() + path.sep;

/** The frames of this repository's code (not a dependency's, not this file's): where a query came from. */
function projectFrames(stack: string | undefined): string[] {
  const frames: string[] = [];
  for (const line of (stack ?? '').split('\n').slice(1)) {
    const at = line.match(/\(?(?:file:\/\/)?(\/[^():]+):(\d+):\d+\)?$/);
    if (!at || at[1]!.includes('node_modules') || at[1]!.endsWith('store-query-log.ts') || !at[1]!.startsWith(ROOT)) continue;
    frames.push(`${at[1]!.slice(ROOT.length)}:${at[2]}`);
  }
  return frames;
}

/** Kysely's `log` option: appends each query that ran without naming one store to `file`. */
export function storeQueryLogger(file: string) {
  return (event: LogEvent): void => {
    if (event.level !== 'query') return;
    let line: string;
    try {
      const tables = unscopedTables(event.query.query, event.query.sql);
      if (tables.length === 0) return;
      // Node keeps the awaiting callers in an async stack, so the repository and its caller show.
      const entry: UnscopedQuery = { sql: event.query.sql, tables, raw: event.query.query.kind === 'RawNode', stack: projectFrames(new Error().stack) };
      line = JSON.stringify(entry);
    } catch (error) {
      // A diagnostic never fails the query it watches; the script counts what it could not read.
      line = JSON.stringify({ sql: event.query.sql, error: String(error) });
    }
    // Synchronous and whole lines: several processes (workers, spawned servers) append to one file.
    appendFileSync(file, `${line}\n`);
  };
}
