import { type RawBuilder, type SelectQueryBuilder, sql } from 'kysely';
import type { Db } from '#server/db/database.ts';
import { onPostgres } from '#server/db/paginate.ts';
import type { Database } from '#server/db/schema.ts';

// The catalogue's text index asked (migration 2026-12-06-103, decision 095): `groups` come from
// common/search-terms.ts's `queryGroups` — every group must match, any term of a group may — and
// hold only lowercase letters and digits, so neither FTS5's nor tsquery's syntax (quotes, `*`,
// `NEAR`, `-`, `:`, `!`, `&`, `|`) can come from what a shopper typed. Each term is quoted all the same.

/** The groups as an FTS5 query: `("camiset") AND ("lampar" OR "lamper")`. */
export const ftsQuery = (groups: readonly string[][]) => groups.map((group) => `(${group.map((term) => `"${term}"`).join(' OR ')})`).join(' AND ');

/** The groups as a tsquery for to_tsquery('simple', …): `('camiset') & ('lampar' | 'lamper')`. */
export const tsQuery = (groups: readonly string[][]) => groups.map((group) => `(${group.map((term) => `'${term}'`).join(' | ')})`).join(' & ');

/**
 * Whether a product matches, as a condition on `product.id` (for lists that keep their own order:
 * the dashboard's). SQLite asks the FTS5 table; PostgreSQL the GIN-indexed `search_document`.
 */
export function productTextCondition(db: Db, groups: readonly string[][]): RawBuilder<boolean> {
  if (onPostgres(db)) return sql<boolean>`product.search_document @@ to_tsquery('simple', ${tsQuery(groups)})`;
  return sql<boolean>`product.id in (select rowid from product_text where product_text match ${ftsQuery(groups)})`;
}

/**
 * The products of `select` that match, with their relevance (higher first): a hit in the name
 * weighs most, then keywords, SKU and code, then the description — BM25 with column weights 10, 4
 * and 1 on SQLite, `ts_rank` with the weights A, B and C on PostgreSQL.
 */
export function matchProductText<O>(db: Db, select: SelectQueryBuilder<Database, 'product', O>, groups: readonly string[][]): { select: SelectQueryBuilder<Database, 'product', O>; relevance: RawBuilder<number> } {
  if (onPostgres(db)) {
    const query = sql`to_tsquery('simple', ${tsQuery(groups)})`;
    return { select: select.where(sql<boolean>`product.search_document @@ ${query}`), relevance: sql<number>`ts_rank(product.search_document, ${query})` };
  }
  // BM25 is FTS5's own function, only where the FTS5 table is queried: a join, read from the index first.
  const hits = sql<{ id: number; rank: number }>`(select rowid as id, bm25(product_text, 10.0, 4.0, 1.0) as rank from product_text where product_text match ${ftsQuery(groups)})`;
  // The join adds a table Kysely's type of `select` does not name; the rows selected stay `O`.
  const joined = (select as unknown as SelectQueryBuilder<Database & { hit: { id: number; rank: number } }, 'product', O>).innerJoin(hits.as('hit'), 'hit.id', 'product.id');
  return { select: joined as unknown as SelectQueryBuilder<Database, 'product', O>, relevance: sql<number>`(-hit.rank)` };
}
