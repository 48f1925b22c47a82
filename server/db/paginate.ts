import { type Kysely, PostgresAdapter, type SelectQueryBuilder, sql } from 'kysely';
import { PAGE_SIZE, type Page } from '#common/list-query.ts';

/** One page of a query plus the total, counted by the same query without its columns and order. */
export async function paginate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number, pageSize = PAGE_SIZE): Promise<Page<O>> {
  const [rows, count] = await Promise.all([
    query.limit(pageSize).offset((page - 1) * pageSize).execute(),
    query
      .clearSelect()
      .clearOrderBy()
      .select((eb) => eb.fn.countAll<number>().as('total'))
      .executeTakeFirstOrThrow() as Promise<{ total: number }>,
  ]);
  const total = Number(count.total);
  return { rows, total, page, pages: Math.max(1, Math.ceil(total / pageSize)), capped: false };
}
/** How far a list counts: past it the total is shown as "more than 10 000" (decision 036). */
export const COUNT_CAP = 10_000;

/**
 * One page of a list whose cost does not grow with its size (decision 036):
 *
 * * a deferred join — `ids` (the list's conditions and order, selecting only the key) walks the
 *   `(store_id, column, id)` index alone to the page's offset, then `fetch` reads the page's rows
 *   by their keys; the rows come back in `ids`' order;
 * * a capped count — the filtered set is counted up to `cap` rows; beyond it `capped` says the
 *   total is a lower bound, and `pages` reaches one past the current page while rows remain.
 */
export async function paginateIds<DB, TB extends keyof DB, R extends { id: number }>(
  db: Kysely<DB>,
  ids: SelectQueryBuilder<DB, TB, { id: number }>,
  fetch: (ids: number[]) => Promise<R[]>,
  page: number,
  options: { pageSize?: number; cap?: number } = {},
): Promise<Page<R>> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const cap = options.cap ?? COUNT_CAP;
  // One row past the page tells whether a next page exists when the total is capped.
  const [keys, counted] = await Promise.all([
    ids.limit(pageSize + 1).offset((page - 1) * pageSize).execute(),
    sql<{ total: number }>`select count(*) as total from (${ids.clearOrderBy().limit(cap + 1)}) as capped`.execute(db).then((result) => result.rows[0]!),
  ]);
  const pageKeys = keys.slice(0, pageSize).map((row) => Number(row.id));
  const found = pageKeys.length > 0 ? await fetch(pageKeys) : [];
  const byId = new Map(found.map((row) => [Number(row.id), row]));
  const rows = pageKeys.flatMap((id) => byId.get(id) ?? []);
  const capped = Number(counted.total) > cap;
  const total = capped ? cap : Number(counted.total);
  const pages = capped ? Math.max(Math.ceil(cap / pageSize), page + (keys.length > pageSize ? 1 : 0)) : Math.max(1, Math.ceil(total / pageSize));
  return { rows, total, page, pages, capped };
}


/** `%term%` for LIKE, with the wildcards a user may type taken literally. */
export function likePattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" over several columns; the same SQL on SQLite and PostgreSQL. */
export function matchesText(columns: string[], term: string) {
  const pattern = likePattern(term);
  return sql<boolean>`(${sql.join(
    columns.map((column) => sql`lower(${sql.ref(column)}) like ${pattern} escape '\\'`),
    sql` or `,
  )})`;
}

/** Terms shorter than a trigram cannot use a trigram index; they take the plain scan. */
export const MIN_INDEXED_TERM = 3;

/** Up to this many index matches, a SQLite search list starts from them rather than from its sort index. */
export const FEW_MATCHES = 1000;

/**
 * Case-insensitive "contains" over a table's search columns through its text index (decision
 * 033): on SQLite the FTS5 `trigram` twin `{table}_search` kept by triggers, on PostgreSQL the
 * `pg_trgm` GIN indexes on `lower(column)`, which serve the same LIKE `matchesText` writes. `%`
 * and `_` stay literal on both (a quoted FTS5 phrase has no wildcards). Terms under three
 * characters have no trigram: they fall back to the scan, bounded by the page and the capped count.
 *
 * `fromMatches`: SQLite's planner, to spare a sort, walks the list's sort index and checks each
 * row against the matches — fast for a common term, a walk of the whole store for a rare one.
 * When the term has few matches (counted first, cheaply: FTS5 stops at the limit), the list
 * should order by `+column`, which no index serves, so the matches drive and are sorted instead.
 */
export async function indexedSearch(db: Kysely<unknown>, table: string, columns: string[], term: string) {
  const qualified = columns.map((column) => `${table}.${column}`);
  if ([...term].length < MIN_INDEXED_TERM || db.getExecutor().adapter instanceof PostgresAdapter) return { condition: matchesText(qualified, term), fromMatches: false };
  const phrase = `"${term.replace(/"/g, '""')}"`;
  const index = sql.table(`${table}_search`);
  const matches = await sql<{ count: number }>`select count(*) as count from (select rowid from ${index} where ${index} match ${phrase} limit ${FEW_MATCHES + 1}) as hits`.execute(db);
  return {
    condition: sql<boolean>`${sql.ref(`${table}.id`)} in (select rowid from ${index} where ${index} match ${phrase})`,
    fromMatches: Number(matches.rows[0]?.count) <= FEW_MATCHES,
  };
}

/** A list's order term; `+column` (SQLite) when no index must serve it (see `indexedSearch`). */
export const orderTerm = (column: string, unindexed: boolean) => (unindexed ? sql`+${sql.ref(column)}` : sql.ref(column));
