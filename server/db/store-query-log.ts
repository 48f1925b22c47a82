import { appendFileSync } from 'node:fs';
import path from 'node:path';
import type { KyselyPlugin, LogEvent, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
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
/** The stores themselves, keyed by `id`: distributed with the rest, their key is the same store id. */
const STORE_TABLE = 'store';
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

// The store table's key is the store: `store.id = <one value>`, or `id = …` where it is the only table.
const STORE_KEY = /\bstore"?\."?id"?\s*(?:=\s*(?:\$\d+|\?|\d+)|in\s*\(\s*(?:\$\d+|\?|\d+)\s*\))/i;
const ANY_KEY = /(?:^|[\s(,])"?id"?\s*(?:=\s*(?:\$\d+|\?|\d+)|in\s*\(\s*(?:\$\d+|\?|\d+)\s*\))/i;

/**
 * Whether a query reads or changes `store` rows without naming one store (by its id, or by a
 * `store_id` the rest of the query names): where `store` shares the tables' distribution column, such
 * a query (a store by its slug, an owner's store, the directory) goes to every shard. Read from the
 * text, as the guard asks no key of this table; an insert is not one (its new id picks the shard).
 */
function storeUnscoped(text: string): boolean {
  const named = [...text.matchAll(TABLE_AFTER)].filter((match) => !/^into/i.test(match[0]));
  if (!named.some((match) => match[1]!.toLowerCase() === STORE_TABLE)) return false;
  if (ONE_STORE.test(text) || STORE_KEY.test(text)) return false;
  return !(named.length === 1 && ANY_KEY.test(text));
}

/** The store tables a query reads or writes without a `store_id` naming one store; none when it is scoped. */
export function unscopedTables(node: OperationNode, sqlText: string): string[] {
  const tables = new Set(node.kind === 'RawNode' ? unscopedInText(sqlText) : rawFragments(node).flatMap(unscopedInText));
  if (node.kind !== 'RawNode') {
    const refusal = storeGuardRefusal(node, STORE_TABLES);
    const named = refusal?.match(/table "([a-z_]+)"/)?.[1];
    if (named) tables.add(named);
  }
  if (storeUnscoped(sqlText)) tables.add(STORE_TABLE);
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

/**
 * LOG_STORE_QUERIES's two halves: a plugin, last of the database's, that notes where each query was
 * asked for — while the caller's own frames are still on the stack (a query is compiled before its
 * first await; after the driver's callbacks the async stack may have lost them) — and Kysely's `log`
 * option, which sees the SQL once the query ran and appends each one that named no one store to `file`.
 */
export function storeQueryLog(file: string): { plugin: KyselyPlugin; log: (event: LogEvent) => void } {
  const askedAt = new WeakMap<object, string | undefined>();
  const plugin: KyselyPlugin = {
    transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
      askedAt.set(node, new Error().stack);
      return node;
    },
    transformResult: async ({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => result,
  };
  const log = (event: LogEvent): void => {
    if (event.level !== 'query') return;
    let line: string;
    try {
      const tables = unscopedTables(event.query.query, event.query.sql);
      if (tables.length === 0) return;
      const stack = projectFrames(askedAt.get(event.query.query) ?? new Error().stack);
      const entry: UnscopedQuery = { sql: event.query.sql, tables, raw: event.query.query.kind === 'RawNode', stack };
      line = JSON.stringify(entry);
    } catch (error) {
      // A diagnostic never fails the query it watches; the script counts what it could not read.
      line = JSON.stringify({ sql: event.query.sql, error: String(error) });
    }
    // Synchronous and whole lines: several processes (workers, spawned servers) append to one file.
    appendFileSync(file, `${line}\n`);
  };
  return { plugin, log };
}
