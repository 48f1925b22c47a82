import { type Expression, type ExpressionBuilder, expressionBuilder, type Insertable, type Kysely, type RawBuilder, type Selectable, type Updateable } from 'kysely';
import type { ListQuery, Page } from '#common/list-query.ts';
import type { Db } from '#server/db/database.ts';
import { findMatches, idIn, orderTerm, paginateIds, type Seek } from '#server/db/paginate.ts';
import type { Database } from '#server/db/schema.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The repository of a store-owned resource, written once (decision 028): every query carries the
// store of its scope, so a record of another store is simply not there.

/** Tables with a `storeId` column: the ones a resource kit repository can serve. */
export type StoreOwnedTable = { [T in keyof Database]: Database[T] extends { storeId: number } ? T : never }[keyof Database];
type Column<T extends StoreOwnedTable> = keyof Database[T] & string;
/** Columns that hold no NULL: the only ones a list may sort by, since its seek compares their values. */
type NotNullColumn<T extends StoreOwnedTable> = { [K in Column<T>]: K extends keyof Selectable<Database[T]> ? (null extends Selectable<Database[T]>[K] ? never : K) : never }[Column<T>];
type Values<T extends StoreOwnedTable> = Omit<Insertable<Database[T]>, 'id' | 'storeId'>;
/**
 * A sort by a column and, among its equal values, by what the column cannot say (a product's
 * variants: colour, then the store's order of sizes). The column walks its index; the terms after it
 * are sorted, so its pages are counted in rather than sought (no `next`). A subquery of another
 * table names the store itself (`scope`): the store guard checks each subquery on its own.
 */
export type SortWithin<T extends StoreOwnedTable> = { column: NotNullColumn<T>; within: (eb: ExpressionBuilder<Database, T>, scope: StoreScope) => Expression<unknown>[] };

export type StoreResourceRepository<Row, S extends string, F extends string, V, U> = {
  /** Its table and its list's sorts by name, each a column (tests/integration/list-indexes.test.ts checks each has its index). */
  readonly table: StoreOwnedTable;
  readonly sort: Readonly<Record<S, string>>;
  list(db: Db, scope: StoreScope, query: ListQuery<S, F>): Promise<Page<Row>>;
  find(db: Db, scope: StoreScope, id: number): Promise<Row | undefined>;
  insert(db: Db, scope: StoreScope, values: V): Promise<number>;
  update(db: Db, scope: StoreScope, id: number, values: U): Promise<boolean>;
  remove(db: Db, scope: StoreScope, ids: number[]): Promise<number>;
  /** Whether another record of the store already has this value (unique slugs, codes). */
  taken(db: Db, scope: StoreScope, column: string, value: string, exceptId?: number): Promise<boolean>;
  /** The store's slugs that are `base` or `base-…` (but the record `exceptId`'s): what a free slug must avoid. */
  slugsLike(db: Db, scope: StoreScope, base: string, exceptId?: number): Promise<string[]>;
  count(db: Db, scope: StoreScope): Promise<number>;
  /** The store's records among these ids (another store's are simply not there). */
  findMany(db: Db, scope: StoreScope, ids: readonly number[]): Promise<Row[]>;
  /** Writes the same values to the store's records among these ids; answers how many changed. */
  updateMany(db: Db, scope: StoreScope, ids: readonly number[], values: U): Promise<number>;
};

/** A row of the listed columns, the yes/no ones (0/1 integers in both databases) as booleans. */
type RowOf<T extends StoreOwnedTable, C extends Column<T>, B extends C> = { [K in C]: K extends B ? boolean : K extends keyof Selectable<Database[T]> ? Selectable<Database[T]>[K] : never };

export function storeResourceRepository<T extends StoreOwnedTable, C extends Column<T>, S extends string, F extends string = never, B extends C = never>(
  table: T,
  options: {
    columns: readonly C[];
    booleans?: readonly B[];
    /** Columns a list search looks in (case-insensitive "contains"). */
    search: readonly Column<T>[];
    /**
     * The table has a text index over exactly these search columns (a migration's FTS5 twin
     * `{table}_search` on SQLite and `pg_trgm` indexes on PostgreSQL, decision 036): the search
     * uses it instead of scanning the store's rows.
     */
    searchIndex?: boolean;
    /** The catalogue's text index's matches for a query, beside "contains" (decision 095). */
    words?: (db: Db, scope: StoreScope, query: string, options: { typos: boolean }) => Promise<{ ids: number[]; capped: boolean; condition: RawBuilder<boolean> }>;
    sort: Record<S, NotNullColumn<T> | SortWithin<T>>;
    /**
     * A filter's URL value to its condition: `enabled: (value) => ['enabled', value === 'enabled']`,
     * or with an operator, `stock: (value) => value === 'in' ? ['stock', '>', 0] : ['stock', '=', 0]`.
     */
    filters?: Record<F, (value: string) => [Column<T>, string | number | boolean] | [Column<T>, '=' | '>' | '<' | '>=' | '<=', string | number | boolean]>;
    /**
     * Adds what the row's own columns cannot say (a product's variant count, say) to the rows of a
     * list page or a found record, with one query per page rather than one per row.
     */
    decorate?: (db: Db, scope: StoreScope, rows: RowOf<T, C, B>[]) => Promise<void>;
  },
): StoreResourceRepository<RowOf<T, C, B>, S, F, Values<T>, Updateable<Values<T>>> {
  // Kysely cannot type a query over a table chosen by a type parameter; the signature above is
  // what callers see, and every query below filters by `storeId` all the same.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const from = (db: Db) => db as unknown as Kysely<any>;
  const name: string = table;
  const own = (db: Db, scope: StoreScope) => from(db).selectFrom(name).where(`${name}.storeId`, '=', scope.storeId);
  const qualified = options.columns.map((column) => `${name}.${column}`);
  const shaped = (row: Record<string, unknown>) => {
    for (const column of options.booleans ?? []) row[column] = Boolean(row[column]);
    return row as RowOf<T, C, B>;
  };
  /**
   * "After record `after`" in the list's order (`Seek`): the same value and a key past it, or a
   * value past it — what the `(store_id, column, id)` index ranges over. Sort columns are NOT NULL
   * (`sort`'s type takes no other), so no row hides from the comparison. A record not in the store
   * (deleted since, or another store's) gives no seek: the list counts its pages in instead.
   */
  async function seekPast(db: Db, scope: StoreScope, column: string, after: number, dir: 'asc' | 'desc'): Promise<Seek | undefined> {
    const last = await own(db, scope).select(`${column} as value`).where(`${name}.id`, '=', after).executeTakeFirst();
    if (!last || last.value === null) return undefined;
    const past = dir === 'asc' ? '>' : '<';
    const eb = expressionBuilder<Record<string, Record<string, unknown>>, string>();
    return { ties: eb.and([eb(column, '=', last.value), eb(`${name}.id`, past, after)]), past: eb(column, past, last.value) };
  }
  return {
    table,
    sort: Object.fromEntries(Object.entries<string | SortWithin<T>>(options.sort).map(([key, sorting]) => [key, typeof sorting === 'string' ? sorting : sorting.column])) as Record<S, string>,
    async list(db, scope, query) {
      // The list's conditions and order select only the key (decision 036): the walk to a page
      // stays inside the `(store_id, column, id)` index, and only the page's rows are read.
      let ids = own(db, scope).select(`${name}.id`);
      let filtered = false;
      for (const [filterName, value] of Object.entries(query.filters) as [F, string | undefined][]) {
        const filter = options.filters?.[filterName];
        if (filter && value !== undefined) {
          const condition = filter(value);
          const [column, operator, expected] = condition.length === 3 ? condition : [condition[0], '=' as const, condition[1]];
          ids = ids.where(`${name}.${String(column)}`, operator, (typeof expected === 'boolean' ? Number(expected) : expected) as never);
          filtered = true;
        }
      }
      // A search with few matches picks its page among them, already counted (`findMatches`).
      let few: number[] | undefined;
      let moreThan: number | undefined;
      if (query.q) {
        const found = await findMatches(from(db), ids, { table: name, columns: options.search.map(String), term: query.q, indexed: options.searchIndex === true, unfiltered: !filtered, words: options.words && ((typos) => options.words!(db, scope, query.q!, { typos })) });
        few = found.few;
        moreThan = found.moreThan;
        if (few?.length === 0) return { rows: [], total: 0, page: query.page, pages: 1, capped: false, next: null };
        ids = ids.where(few ? idIn(from(db), `${name}.id`, few) : found.condition);
      }
      const sorting: string | SortWithin<T> = options.sort[query.sort];
      const sortColumn = `${name}.${typeof sorting === 'string' ? sorting : sorting.column}`;
      let ordered = ids.orderBy(orderTerm(from(db), sortColumn, few !== undefined), query.dir);
      if (typeof sorting !== 'string') for (const term of sorting.within(expressionBuilder<Database, T>(), scope)) ordered = ordered.orderBy(term, query.dir);
      ordered = ordered.orderBy(orderTerm(from(db), `${name}.id`, few !== undefined), query.dir);
      const seekable = !few && typeof sorting === 'string';
      // the key comes back whether or not the resource lists it: the page is put in order by it
      const fetch = async (keys: number[]) => (await own(db, scope).select([...new Set([`${name}.id`, ...qualified])]).where(`${name}.id`, 'in', keys).execute()).map((row) => shaped(row as Record<string, unknown>) as RowOf<T, C, B> & { id: number });
      // Among few matches a page is found at any depth cheaply; a seek is for the index walks.
      const seek = query.after && seekable ? await seekPast(db, scope, sortColumn, query.after, query.dir) : undefined;
      const page: Page<RowOf<T, C, B>> = await paginateIds(from(db), ordered, fetch, query.page, { seek, total: few?.length ?? (moreThan === undefined ? undefined : moreThan + 1), seekable });
      if (options.decorate && page.rows.length > 0) await options.decorate(db, scope, page.rows);
      return page;
    },
    async find(db, scope, id) {
      const row = await own(db, scope).select(qualified).where(`${name}.id`, '=', id).executeTakeFirst();
      if (!row) return undefined;
      const found = shaped(row as Record<string, unknown>);
      if (options.decorate) await options.decorate(db, scope, [found]);
      return found;
    },
    async insert(db, scope, values) {
      const row = await from(db).insertInto(name).values({ ...values, storeId: scope.storeId }).returning('id').executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async update(db, scope, id, values) {
      const result = await from(db).updateTable(name).set(values as never).where('id', '=', id).where('storeId', '=', scope.storeId).executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    async remove(db, scope, ids) {
      if (ids.length === 0) return 0;
      const result = await from(db).deleteFrom(name).where('id', 'in', ids).where('storeId', '=', scope.storeId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
    async taken(db, scope, column, value, exceptId) {
      let select = own(db, scope).select(`${name}.id`).where(`${name}.${column}`, '=', value);
      if (exceptId) select = select.where(`${name}.id`, '!=', exceptId);
      return Boolean(await select.executeTakeFirst());
    },
    async slugsLike(db, scope, base, exceptId) {
      // a slug has no `%` nor `_` (lowercase letters, digits and hyphens), so LIKE needs no escape
      let select = own(db, scope).select(`${name}.slug as slug`).where((eb) => eb.or([eb(`${name}.slug`, '=', base), eb(`${name}.slug`, 'like', `${base}-%`)]));
      if (exceptId) select = select.where(`${name}.id`, '!=', exceptId);
      return (await select.execute()).map((row) => String((row as { slug: unknown }).slug));
    },
    async findMany(db, scope, ids) {
      if (ids.length === 0) return [];
      const rows = await own(db, scope).select(qualified).where(`${name}.id`, 'in', [...ids]).execute();
      return rows.map((row) => shaped(row as Record<string, unknown>));
    },
    async updateMany(db, scope, ids, values) {
      if (ids.length === 0) return 0;
      const result = await from(db).updateTable(name).set(values as never).where('id', 'in', [...ids]).where('storeId', '=', scope.storeId).executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    async count(db, scope) {
      const row = await own(db, scope).select((eb: ExpressionBuilder<Record<string, Record<string, unknown>>, string>) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
