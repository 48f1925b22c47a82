import { type DialectAdapter, type Expression, type Kysely, PostgresAdapter, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { COUNT_CAP, PAGE_SIZE, type Page } from '#common/list-query.ts';

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

/** A Kysely instance of any schema, for what differs by dialect. */
type OnDatabase = { getExecutor(): { readonly adapter: DialectAdapter } };
export const onPostgres = (db: OnDatabase) => db.getExecutor().adapter instanceof PostgresAdapter;

/** Where a page starts after a record (see `paginateIds`). */
export type Seek = { ties: Expression<SqlBool>; past: Expression<SqlBool> };

async function seekPage<DB, TB extends keyof DB>(ids: SelectQueryBuilder<DB, TB, { id: number }>, seek: Seek, limit: number) {
  const ties = await ids.where(seek.ties).limit(limit).execute();
  return ties.length < limit ? [...ties, ...(await ids.where(seek.past).limit(limit - ties.length).execute())] : ties;
}

/**
 * One page of a list whose cost does not grow with its size (decision 036):
 *
 * * a deferred join — `ids` (the list's conditions and order, selecting only the key) walks the
 *   `(store_id, column, id)` index alone to the page, then `fetch` reads the page's rows by their
 *   keys; the rows come back in `ids`' order;
 * * a seek — with `seek` (the page before ended at a record: `ties`, the records after it with
 *   the same sort value, and `past`, those with a value past it), the page starts there through
 *   the index instead of counting `page` pages in, so page 2,000 costs what page 1 does. Two
 *   statements, each one index range: the row value `(column, id) > (…)` would be one, but
 *   SQLite's planner ranges on its first column only, and walks every tie (100,000 products of
 *   one price, say). The page's `next` is its last key when another page follows;
 * * a capped count — the filtered set is counted up to `cap` rows (or taken as `total` when the
 *   caller already knows it); beyond the cap `capped` says the total is a lower bound, and
 *   `pages` reaches one past the current page while rows remain.
 */
export async function paginateIds<DB, TB extends keyof DB, R extends { id: number }>(
  db: Kysely<DB>,
  ids: SelectQueryBuilder<DB, TB, { id: number }>,
  fetch: (ids: number[]) => Promise<R[]>,
  page: number,
  options: { pageSize?: number; cap?: number; seek?: Seek; total?: number; seekable?: boolean } = {},
): Promise<Page<R>> {
  const pageSize = options.pageSize ?? PAGE_SIZE;
  const cap = options.cap ?? COUNT_CAP;
  // One row past the page tells whether a next page exists when the total is capped.
  const seek = options.seek;
  const [keys, counted] = await Promise.all([
    seek ? seekPage(ids, seek, pageSize + 1) : ids.offset((page - 1) * pageSize).limit(pageSize + 1).execute(),
    options.total !== undefined ? { total: options.total } : sql<{ total: number }>`select count(*) as total from (${ids.clearOrderBy().limit(cap + 1)}) as capped`.execute(db).then((result) => result.rows[0]!),
  ]);
  const pageKeys = keys.slice(0, pageSize).map((row) => Number(row.id));
  const found = pageKeys.length > 0 ? await fetch(pageKeys) : [];
  const byId = new Map(found.map((row) => [Number(row.id), row]));
  const rows = pageKeys.flatMap((id) => byId.get(id) ?? []);
  const more = keys.length > pageSize;
  const capped = Number(counted.total) > cap;
  const total = capped ? cap : Number(counted.total);
  const pages = capped ? Math.max(Math.ceil(cap / pageSize), page + (more ? 1 : 0)) : Math.max(1, Math.ceil(total / pageSize));
  return { rows, total, page, pages, capped, next: more && options.seekable !== false ? (pageKeys.at(-1) ?? null) : null };
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

/** Up to this many matches, a search list picks its page among them rather than walking its sort index. */
export const FEW_MATCHES = 1000;

/**
 * A list search — case-insensitive "contains" over a table's search columns — found once:
 *
 * * `condition` selects the matches: with `indexed`, through the table's text index (decision
 *   036: on SQLite the FTS5 `trigram` twin `{table}_search` kept by triggers; on PostgreSQL the
 *   `pg_trgm` GIN indexes on `lower(column)`, which serve the LIKE `matchesText` writes), else by
 *   scanning the store's rows. `%` and `_` stay literal on both (a quoted FTS5 phrase has no
 *   wildcards). Terms under three characters have no trigram: they scan.
 * * `few`: when there are at most FEW_MATCHES, their keys. The list then picks its page among
 *   them and its total is their number, instead of evaluating the search again for the page and
 *   for the count — the search is most of a search list's cost.
 *
 * With `words` (the product list's), the matches are also those of the catalogue's text index, which
 * the storefront's search asks too.
 *
 * `ids` is the list's own query (store and filters, the key selected). On SQLite the index is
 * asked first on its own, stopping at FEW_MATCHES + 1: FTS5 stops there too, where a join with the
 * store's rows would evaluate every match of a common term first.
 */
export async function findMatches<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  ids: SelectQueryBuilder<DB, TB, { id: number }>,
  search: { table: string; columns: string[]; term: string; indexed: boolean; unfiltered?: boolean; words?: (typos: boolean) => Promise<{ ids: number[]; capped: boolean; condition: RawBuilder<boolean> }> },
): Promise<{ condition: RawBuilder<boolean>; few?: number[]; moreThan?: number }> {
  const contains = await findContaining(db, ids, search);
  if (!search.words) return contains;
  // Beside "contains", the words as the shop's search reads them (decision 095): stemmed, accents
  // folded, and one typo per word forgiven when nothing else matched.
  let words = await search.words(false);
  if (words.ids.length === 0 && contains.few?.length === 0) words = await search.words(true);
  // "Contains" already found, as the few keys it is, is not searched again by the list's statements.
  const either = sql<boolean>`(${contains.few ? idIn(db, `${search.table}.id`, contains.few) : contains.condition} or ${words.condition})`;
  // More than TEXT_MATCH_CAP (≥ COUNT_CAP) of the store's products have the words: a list of the
  // store's every product holds them all, so its count is past the cap without walking it again.
  if (words.capped && search.unfiltered) return { condition: either, moreThan: COUNT_CAP };
  if (!contains.few || words.capped) return { condition: either };
  const listed = words.ids.length > 0 ? await idsOf(db, ids.where(idIn(db, `${search.table}.id`, words.ids))) : [];
  const few = [...new Set([...contains.few, ...listed])];
  return few.length > FEW_MATCHES ? { condition: either } : { condition: either, few };
}

/** Case-insensitive "contains" over the search columns (decision 036), found once as `findMatches` says. */
async function findContaining<DB, TB extends keyof DB>(
  db: Kysely<DB>,
  ids: SelectQueryBuilder<DB, TB, { id: number }>,
  search: { table: string; columns: string[]; term: string; indexed: boolean },
): Promise<{ condition: RawBuilder<boolean>; few?: number[] }> {
  const { table, columns, term } = search;
  const key = `${table}.id`;
  const qualified = columns.map((column) => `${table}.${column}`);
  const postgres = onPostgres(db);
  if (search.indexed && !postgres && [...term].length >= MIN_INDEXED_TERM) {
    const phrase = `"${term.replace(/"/g, '""')}"`;
    const index = sql.table(`${table}_search`);
    const condition = sql<boolean>`${sql.ref(key)} in (select rowid from ${index} where ${index} match ${phrase})`;
    // the index holds every store's rows: its first FEW_MATCHES + 1 may hold few of this list's
    const hits = await idsOf(db, sql`select rowid as id from ${index} where ${index} match ${phrase} limit ${FEW_MATCHES + 1}`);
    if (hits.length > FEW_MATCHES) return { condition };
    if (hits.length === 0) return { condition, few: [] };
    return { condition, few: await idsOf(db, ids.where(idIn(db, key, hits))) };
  }
  const condition = matchesText(qualified, term);
  const found = await idsOf(db, ids.where(condition).limit(FEW_MATCHES + 1));
  return found.length > FEW_MATCHES ? { condition } : { condition, few: found };
}

/**
 * `column IN (ids)` for up to FEW_MATCHES ids, written so the database looks each one up by its
 * key. SQLite gets them as one JSON parameter (`json_each`): a list of literals lets its planner,
 * which knows only the average store's size, scan a large store's index instead — 11 ms for 92
 * ids in the 100,000-product store, against 0.3 ms; one parameter is also one statement text to
 * keep prepared. PostgreSQL gets one array parameter. Other keys go the same way (a store's words).
 */
export function idIn(db: OnDatabase, column: string, ids: readonly number[] | readonly string[]) {
  return onPostgres(db)
    ? sql<boolean>`${sql.ref(column)} = any(${sql.val([...ids])})`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`;
}

/**
 * The keys a statement selects (its `id` column), handed back as one JSON array instead of a row
 * each: node:sqlite makes an object of every row, which for a search's 1,001 keys cost 0.9–1.3 ms
 * of CPU against 0.09 ms for one JSON text (100,000 products, issue 40 §7). In no given order.
 */
export async function idsOf<DB>(db: Kysely<DB>, select: Expression<unknown>): Promise<number[]> {
  const ids = onPostgres(db) ? sql`coalesce(json_agg(found.id), '[]')` : sql`json_group_array(found.id)`;
  const row = (await sql<{ ids: string | number[] }>`select ${ids} as ids from (${select}) as found`.execute(db)).rows[0]!;
  // PostgreSQL's driver parses json itself; SQLite's comes back as its text.
  return (typeof row.ids === 'string' ? (JSON.parse(row.ids) as number[]) : row.ids).map(Number);
}

/**
 * A list's order term. `+column` on SQLite when no index must serve it: picking a page among few
 * matches, SQLite's planner would rather walk the sort index (sparing a sort) and test each row
 * against them — a walk of the whole store for a rare term. PostgreSQL's planner sorts the few.
 */
export const orderTerm = (db: OnDatabase, column: string, unindexed: boolean) => (unindexed && !onPostgres(db) ? sql`+${sql.ref(column)}` : sql.ref(column));
