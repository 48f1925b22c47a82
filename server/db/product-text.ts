import { type RawBuilder, sql } from 'kysely';
import { type QueryWord, queryWords, storeTerm, TEXT_MATCH_CAP } from '#common/search-terms.ts';
import { ByteLru, ENTRY_OVERHEAD_BYTES } from '#server/byte-lru.ts';
import type { Db } from '#server/db/database.ts';
import { idIn, idsOf, onPostgres } from '#server/db/paginate.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The catalogue's text index asked (migration 2026-12-06-103, decision 095). `words` come from
// common/search-terms.ts's `queryWords` — every word must match, by its stem anywhere or by a
// typo's stem in the name or description — and hold only lowercase letters and digits, so neither
// FTS5's nor tsquery's syntax (quotes, `*`, `NEAR`, `-`, `:`, `!`, `&`, `|`) can come from what a
// shopper typed. Each term is quoted all the same.


const quoted = (terms: readonly string[]) => terms.map((term) => `"${term}"`).join(' OR ');

/**
 * The words as an FTS5 query on one store's terms (`storeTerm`, migration 106):
 * `("s7xcamiset") AND ("s7xlampr" OR {name body} : ("s7xlampar" OR "s7xlamper"))`.
 */
export function ftsQuery(storeId: number, words: readonly QueryWord[]): string {
  const terms = (forms: readonly string[]) => quoted(forms.map((form) => storeTerm(storeId, form)));
  return words.map(({ stem, typos }) => `(${terms([stem])}${typos.length > 0 ? ` OR {name body} : (${terms(typos)})` : ''})`).join(' AND ');
}

/** The words as a tsquery for to_tsquery('simple', …): `('camiset') & ('lampr' | 'lampar':AC)` — A the name, B keywords and codes, C the description; `:A` throughout for the name alone. */
export function tsQuery(words: readonly QueryWord[], nameOnly = false): string {
  const term = (lexeme: string, weights: string) => `'${lexeme}'${weights ? `:${weights}` : ''}`;
  return words.map(({ stem, typos }) => `(${[term(stem, nameOnly ? 'A' : ''), ...typos.map((typo) => term(typo, nameOnly ? 'A' : 'AC'))].join(' | ')})`).join(' & ');
}

/**
 * A word's typo forms that some product of the store has in its name or description (its
 * vocabulary, `product_word`: migration 2026-12-06-107), asked before the search, since ~450 forms
 * a word in one query would be tested against every match.
 *
 * On SQLite most of a word's forms begin with its first two letters (every edit past them): those
 * are read as one range of the store's words (a few rows: the store's words that begin so), and
 * only the others (~100, an edit in the first two letters) are looked up one by one; a word of the
 * range counts only if it is one of the forms, so the answer is the same. Each of ~450 forms looked
 * up cost 0.13–0.2 ms of SQLite's CPU a typo at 100,000 products, the range and ~100 forms
 * 0.04–0.06 (issue 40 §7).
 */
export async function knownTypos(db: Db, scope: StoreScope, words: readonly QueryWord[]): Promise<QueryWord[]> {
  const typos = [...new Set(words.flatMap((word) => word.typos))];
  if (typos.length === 0) return [...words];
  const rows = onPostgres(db) ? await db.selectFrom('productWord').select('word').where('storeId', '=', scope.storeId).where(idIn(db, 'productWord.word', typos)).execute() : await knownWords(db, scope, words, typos);
  const known = new Set(rows.map((row) => row.word));
  return words.map(({ stem, typos: forms }) => ({ stem, typos: forms.filter((form) => known.has(form)) }));
}

/** The store's words among `typos`, or past them within the ranges of their words' first two letters (SQLite: see `knownTypos`). */
function knownWords(db: Db, scope: StoreScope, words: readonly QueryWord[], typos: readonly string[]) {
  // A word's stem begins as the word does (the stemmer takes only from the end), so the prefix
  // of its own stem is the prefix of most of its forms'.
  const prefixes = [...new Set(words.flatMap(({ stem, typos: forms }) => (forms.length > 0 && stem.length >= 2 ? [stem.slice(0, 2)] : [])))];
  const others = typos.filter((form) => !prefixes.includes(form.slice(0, 2)));
  // [ab, ac): every word that begins with "ab" (a–z only, so the letter after z is "{").
  const ranges = prefixes.map((prefix) => db.selectFrom('productWord').select('word').where('storeId', '=', scope.storeId).where('word', '>=', prefix).where('word', '<', `${prefix[0]}${String.fromCharCode(prefix.charCodeAt(1) + 1)}`));
  let query = db.selectFrom('productWord').select('word').where('storeId', '=', scope.storeId).where(idIn(db, 'productWord.word', others));
  for (const range of ranges) query = query.unionAll(range);
  return query.execute();
}

/** A query's words as the search reads them: as typed, or with `typos` one typo a word forgiven (the forms the store has); none when no typo form is known. */
export async function searchWords(db: Db, scope: StoreScope, query: string, options: { typos?: boolean } = {}): Promise<QueryWord[]> {
  if (!options.typos) return queryWords(query);
  const words = await knownTypos(db, scope, queryWords(query, { typos: true }));
  return words.some((word) => word.typos.length > 0) ? words : [];
}

/**
 * Words (a store's, as typed) that `anyTextMatch` found in this process, per database: asked again,
 * they go to their search at once, since the look-up could only say yes. An answer it remembers may
 * be stale (the products gone since): the search then finds nothing, as it did before the look-up
 * existed. It only spares the look-up (~20–30 µs a search), never changes what is found. Bounded
 * by the bytes it holds (decision 101): 256 KiB, ~1,000–2,000 searches, least recently asked out.
 */
const FOUND_WORDS_BYTES = 256 * 1024;
const foundWords = new WeakMap<Db, ByteLru<string, true>>();

/**
 * Whether any product of the store (any state) may have the words, on SQLite: FTS5's first match,
 * one look-up a term. A search whose words as typed find nothing asks them again with typos
 * forgiven; asked this first, a typo skips the statement that finds, ranks and counts
 * (`textMatchTables`), which cost ~0.1 ms of CPU to find nothing at 100,000 products (issue 40 §7).
 * `false` only when no product has them; PostgreSQL is not asked (`true`).
 */
export async function anyTextMatch(db: Db, scope: StoreScope, words: readonly QueryWord[]): Promise<boolean> {
  if (words.length === 0) return false;
  if (onPostgres(db)) return true;
  const key = `${scope.storeId} ${words.map((word) => word.stem).join(' ')}`;
  let found = foundWords.get(db);
  if (!found) foundWords.set(db, (found = new ByteLru(FOUND_WORDS_BYTES)));
  if (found.get(key)) return true;
  // Raw SQL: FTS5's table has no store_id column for the store guard to see; the store is in its terms.
  const { rows } = await sql<{ found: number }>`select 1 as found from product_text where product_text match ${ftsQuery(scope.storeId, words)} limit 1`.execute(db);
  if (rows.length === 0) return false;
  found.set(key, true, key.length * 2 + ENTRY_OVERHEAD_BYTES);
  return true;
}

/** Every match of the store (any state), uncapped, as a condition on `product`; on SQLite only those older than `olderThan`, when given. */
function matchCondition(db: Db, scope: StoreScope, words: readonly QueryWord[], olderThan?: number) {
  if (onPostgres(db)) return sql<boolean>`product.search_document @@ to_tsquery('simple', ${tsQuery(words)})`;
  const older = olderThan === undefined ? sql`` : sql` and rowid < ${olderThan}`;
  return sql<boolean>`product.id in (select rowid from product_text where product_text match ${ftsQuery(scope.storeId, words)}${older})`;
}

/**
 * A store's products that match (any state), newest first, at most `cap`; `capped` when there were
 * more; `condition`: every match, uncapped, as a condition on `product` (for a list that walks its
 * own index past the cap).
 */
export type TextMatches = { ids: number[]; capped: boolean; condition: RawBuilder<boolean> };

/** What a query finds (the dashboard's list): see `searchWords`. */
export async function searchProductText(db: Db, scope: StoreScope, query: string, options: { typos?: boolean } = {}): Promise<TextMatches> {
  return findTextMatches(db, scope, await searchWords(db, scope, query, options));
}

export async function findTextMatches(db: Db, scope: StoreScope, words: readonly QueryWord[], cap = TEXT_MATCH_CAP): Promise<TextMatches> {
  if (words.length === 0) return { ids: [], capped: false, condition: sql<boolean>`1 = 0` };
  // Raw SQL: FTS5's table has no store_id column for the store guard to see; the store is in its terms.
  const ids = await idsOf(
    db,
    onPostgres(db)
      ? sql`select id from product where store_id = ${scope.storeId} and search_document @@ to_tsquery('simple', ${tsQuery(words)}) order by id desc limit ${cap + 1}`
      : sql`select rowid as id from product_text where product_text match ${ftsQuery(scope.storeId, words)} order by rowid desc limit ${cap + 1}`,
  );
  ids.sort((a, b) => b - a);
  const kept = ids.slice(0, cap);
  const capped = ids.length > cap;
  return { ids: kept, capped, condition: capped && !onPostgres(db) ? newestFirstCondition(db, scope, words, kept) : matchCondition(db, scope, words) };
}

/**
 * SQLite, more matches than the cap: every match, as a condition on `product`, that lists the
 * word's other matches only when a row needs them. `newest` holds every match from the oldest of
 * them on, so a row that new is tested against them; only an older row asks FTS5, for the matches
 * older still. SQLite lists a subquery when a row first reaches it: a page whose rows are all that
 * new — the dashboard's list, the latest changes first — never lists the rest. `camisetas`' 8,333
 * matches cost ~1 ms to list at 100,000 products (issue 40 §7).
 */
function newestFirstCondition(db: Db, scope: StoreScope, words: readonly QueryWord[], newest: readonly number[]) {
  const oldest = newest.at(-1)!;
  return sql<boolean>`(case when product.id >= ${oldest} then ${idIn(db, 'product.id', newest)} else ${matchCondition(db, scope, words, oldest)} end)`;
}

/**
 * SQLite: `product.name_terms` (its name's stems, padded: ` lampar algodon `) holds every word, by
 * its stem or a typo form. The forms are a query's words (lowercase letters and digits) and go as
 * parameters all the same.
 */
function nameHasEvery(words: readonly QueryWord[]): RawBuilder<boolean> {
  const word = ({ stem, typos }: QueryWord) => sql`(${sql.join([stem, ...typos].map((form) => sql`instr(product.name_terms, ${` ${form} `}) > 0`), sql` or `)})`;
  return sql<boolean>`(${sql.join(words.map(word), sql` and `)})`;
}

/**
 * A search's matches as tables of one statement, for a list that ranks and counts them where they
 * are found (the storefront's search; decision 095, amended for issue 40 §7): `with` defines
 * `text_match(id)`, the store's newest `cap` + 1 matches (any state), and on PostgreSQL
 * `text_named(id)`, those of them whose name has every word (`named`). Found, then handed back as
 * 1,000 ids in JSON to rank, the matches cost half a search's CPU on SQLite at 100,000 products.
 *
 * The name is asked where each database answers it cheaply. SQLite reads each match's name stems
 * from the index entry its ranking reads (`nameHasEvery`). PostgreSQL asks it of each match
 * as it is found (`named`, a column of `text_match`): the match's tsvector is at hand then, where
 * a second walk of the store's rows from the oldest match read ~12,000 tsvectors again — 6 of a
 * typo's 12.7 ms at 100,000 products (decision 095's fifth amendment).
 */
export function textMatchTables(db: Db, scope: StoreScope, words: readonly QueryWord[], cap = TEXT_MATCH_CAP) {
  const tables = onPostgres(db)
    ? sql`with text_match(id, named) as materialized (select id, search_document @@ to_tsquery('simple', ${tsQuery(words, true)}) from product where store_id = ${scope.storeId} and search_document @@ to_tsquery('simple', ${tsQuery(words)}) order by id desc limit ${cap + 1}), text_named(id) as materialized (select id from text_match where named)`
    : sql`with text_match(id) as materialized (select rowid as id from product_text where product_text match ${ftsQuery(scope.storeId, words)} order by rowid desc limit ${cap + 1})`;
  return {
    with: tables,
    /**
     * The newest `cap` matches, `text_page(id)`: a list's first table, joined to `product` by a cross
     * join, so that SQLite reads each match's row by its key rather than walking the store's rows
     * (its planner keeps a cross join's order; PostgreSQL plans it as any join). The match drives
     * the statement, where `product.id in (…)` first copied the matches into an index of their
     * own: 13–17 % of the statement's CPU at 100,000 products (decision 095's sixth amendment).
     */
    newest: sql<{ id: number }>`(select id from text_match order by id desc limit ${cap})`.as('text_page'),
    /**
     * `product`'s name has every word (a word: its stem or one of its typo forms). On SQLite it is
     * read off the name's stems (`name_terms`, migration 2026-12-07-108) in the index entry the
     * ranking reads for each match anyway: a second FTS5 query of the name column, kept as a list
     * to test against, was a third of the three words' statement at 100,000 products (issue 40 §7).
     */
    named: onPostgres(db) ? sql<boolean>`product.id in (select id from text_named)` : nameHasEvery(words),
    /** How many matches there are, up to `cap` + 1 (more than `cap`: capped). */
    found: sql<number>`(select count(*) from text_match)`,
  };
}
