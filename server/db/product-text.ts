import { type RawBuilder, sql } from 'kysely';
import { type QueryWord, queryWords, TEXT_MATCH_CAP } from '#common/search-terms.ts';
import type { Db } from '#server/db/database.ts';
import { onPostgres } from '#server/db/paginate.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The catalogue's text index asked (migration 2026-12-06-103, decision 095). `words` come from
// common/search-terms.ts's `queryWords` — every word must match, by its stem anywhere or by a
// typo's stem in the name or description — and hold only lowercase letters and digits, so neither
// FTS5's nor tsquery's syntax (quotes, `*`, `NEAR`, `-`, `:`, `!`, `&`, `|`) can come from what a
// shopper typed. Each term is quoted all the same.


const quoted = (terms: readonly string[]) => terms.map((term) => `"${term}"`).join(' OR ');

/** The words as an FTS5 query: `("camiset") AND ("lampr" OR {name body} : ("lampar" OR "lamper"))`; `{name} : (…)` for the name alone. */
export function ftsQuery(words: readonly QueryWord[], nameOnly = false): string {
  if (nameOnly) return `{name} : (${words.map(({ stem, typos }) => `(${quoted([stem, ...typos])})`).join(' AND ')})`;
  return words.map(({ stem, typos }) => `(${quoted([stem])}${typos.length > 0 ? ` OR {name body} : (${quoted(typos)})` : ''})`).join(' AND ');
}

/** The words as a tsquery for to_tsquery('simple', …): `('camiset') & ('lampr' | 'lampar':AC)` — A the name, B keywords and codes, C the description; `:A` throughout for the name alone. */
export function tsQuery(words: readonly QueryWord[], nameOnly = false): string {
  const term = (lexeme: string, weights: string) => `'${lexeme}'${weights ? `:${weights}` : ''}`;
  return words.map(({ stem, typos }) => `(${[term(stem, nameOnly ? 'A' : ''), ...typos.map((typo) => term(typo, nameOnly ? 'A' : 'AC'))].join(' | ')})`).join(' & ');
}

/**
 * A word's typo forms that some product has (the index's vocabulary, every store's: it only narrows
 * the forms asked; the search itself is the store's). Asked before the search, since ~450 forms a
 * word in one query would be tested against every match.
 */
export async function knownTypos(db: Db, words: readonly QueryWord[]): Promise<QueryWord[]> {
  const typos = [...new Set(words.flatMap((word) => word.typos))];
  if (typos.length === 0) return [...words];
  // Neither is a store's query: the vocabulary belongs to no store (raw SQL, decision 042).
  const rows = onPostgres(db)
    ? await sql<{ term: string }>`select term from unnest(${typos}::text[]) as term where exists (select 1 from product where search_document @@ to_tsquery('simple', quote_literal(term)))`.execute(db)
    : await sql<{ term: string }>`select term from product_text_terms where term in (select value from json_each(${JSON.stringify(typos)}))`.execute(db);
  const known = new Set(rows.rows.map((row) => row.term));
  return words.map(({ stem, typos: forms }) => ({ stem, typos: forms.filter((form) => known.has(form)) }));
}

/**
 * A store's products that match (any state), newest first, at most `cap`; `capped` when there were
 * more; `named`: those among them whose name has every word; `condition`: every match, uncapped, as
 * a condition on `product` (for a list that walks its own index past the cap).
 */
export type TextMatches = { ids: number[]; named: number[]; capped: boolean; condition: RawBuilder<boolean> };

/** What a query finds: its words as typed, or with `typos` one typo a word forgiven (the forms the index has). */
export async function searchProductText(db: Db, scope: StoreScope, query: string, options: { typos?: boolean; named?: boolean } = {}): Promise<TextMatches> {
  const words = options.typos ? await knownTypos(db, queryWords(query, { typos: true })) : queryWords(query);
  if (options.typos && !words.some((word) => word.typos.length > 0)) return { ids: [], named: [], capped: false, condition: sql<boolean>`1 = 0` };
  return findTextMatches(db, scope, words, TEXT_MATCH_CAP, options.named);
}

/** With `named` false, `named` stays empty and is not asked (the dashboard's list keeps its own order). */
export async function findTextMatches(db: Db, scope: StoreScope, words: readonly QueryWord[], cap = TEXT_MATCH_CAP, named = true): Promise<TextMatches> {
  const condition = onPostgres(db)
    ? sql<boolean>`product.search_document @@ to_tsquery('simple', ${tsQuery(words)})`
    : sql<boolean>`product.id in (select rowid from product_text where product_text match ${`{store} : "s${scope.storeId}" AND ${ftsQuery(words)}`})`;
  if (words.length === 0) return { ids: [], named: [], capped: false, condition: sql<boolean>`1 = 0` };
  // Raw SQL: FTS5's table has no store_id column for the store guard to see; the store is in the match.
  const rows = onPostgres(db)
    ? (await sql<{ id: number; named: boolean }>`select id, ${named ? sql`search_document @@ to_tsquery('simple', ${tsQuery(words, true)})` : sql`false`} as named from product
        where store_id = ${scope.storeId} and search_document @@ to_tsquery('simple', ${tsQuery(words)}) order by id desc limit ${cap + 1}`.execute(db)).rows
    : await sqliteMatches(db, scope, words, cap, named);
  const found = rows.slice(0, cap);
  return { ids: found.map((row) => Number(row.id)), named: found.filter((row) => Boolean(row.named)).map((row) => Number(row.id)), capped: rows.length > cap, condition };
}

async function sqliteMatches(db: Db, scope: StoreScope, words: readonly QueryWord[], cap: number, withNamed: boolean) {
  const store = `{store} : "s${scope.storeId}"`;
  const all = (await sql<{ id: number }>`select rowid as id from product_text where product_text match ${`${store} AND ${ftsQuery(words)}`} order by rowid desc limit ${cap + 1}`.execute(db)).rows;
  if (all.length === 0 || !withNamed) return all.map((row) => ({ id: row.id, named: false }));
  // Those whose name has every word are among the same ones. Past the cap, FTS5 walks its lists from
  // the newest and stops at the cap as above (a `rowid >=` bound is no seek for FTS5: it read every
  // match of the store, twice the cost). Below it, every match of the store is in `all`, and FTS5
  // reads in its own order cheaper (newest first buffers whole lists): 0.8 ms against 1.2.
  const namedQuery = `${store} AND ${ftsQuery(words, true)}`;
  const namedRows = all.length > cap
    ? await sql<{ id: number }>`select rowid as id from product_text where product_text match ${namedQuery} order by rowid desc limit ${cap + 1}`.execute(db)
    : await sql<{ id: number }>`select rowid as id from product_text where product_text match ${namedQuery}`.execute(db);
  const named = new Set(namedRows.rows.map((row) => Number(row.id)));
  return all.map((row) => ({ id: row.id, named: named.has(Number(row.id)) }));
}
