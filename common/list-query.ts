import { z } from '#common/zod.ts';

// The list pattern (docs/decisions/016-list-detail-pattern.md): search, filters, sorting and page live in
// the URL, parsed by one schema per list; anything unexpected falls back to its default.
export const PAGE_SIZE = 20;
/**
 * How far a list counts: past it the total is shown as "more than 1,000" (decision 036). Counting
 * walks the list's index entry by entry: 1,000 entries are ~0.1 ms, 10,000 were ~1.1 ms of every
 * list request on SQLite.
 */
export const COUNT_CAP = 1_000;
import { MAX_ID } from './record-id.ts';

export type FilterValues = Record<string, readonly [string, ...string[]]>;

export type ListOptions<S extends string, Fm extends FilterValues> = {
  sort: readonly [S, ...S[]];
  defaultSort: S;
  defaultDir?: 'asc' | 'desc';
  /** Each filter's allowed values, e.g. `{ status: alertStatus.values }` (common/enums/). */
  filters?: Fm;
  /**
   * Filters by another record of the store, by its id: `['category', 'brand']` reads
   * `?category=7`. The repository's filter of the same name says which column holds it; an id of
   * another store simply matches nothing.
   */
  refs?: readonly string[];
};

/** A ref filter's value in a page's address: a record id, as text like the other filters; anything else is no filter. */
const refValue = () => z.coerce.number().int().min(1).max(MAX_ID).transform(String);

/** A parsed list query; `filters` holds each filter's value typed by its enum, absent when unset. */
export type ListQuery<S extends string = string, F extends string = string, V extends Partial<Record<F, string>> = Partial<Record<F, string>>> = {
  q: string;
  page: number;
  sort: S;
  dir: 'asc' | 'desc';
  filters: V;
  /**
   * The id of the last record of the page before this one (a page's `next`): the list seeks past it
   * through its sort index, as fast at page 2,000 as at page 1 (decision 036); `page` then only
   * numbers the page. Absent, or a record no longer there: the list counts `page` pages in.
   */
  after?: number;
};

type TypedFilters<Fm extends FilterValues> = { [K in keyof Fm]?: Fm[K][number] };

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- a list without filters
export function listQuerySchema<S extends string, Fm extends FilterValues = {}>(options: ListOptions<S, Fm>) {
  const filterShape = Object.fromEntries(
    [
      ...Object.entries(options.filters ?? {}).map(([name, values]) => [name, z.enum(values as [string, ...string[]]).optional().catch(undefined)]),
      ...(options.refs ?? []).map((name) => [name, refValue().optional().catch(undefined)]),
    ],
  );
  return z
    .object({
      q: z.string().trim().max(100).catch(''),
      page: z.coerce.number().int().min(1).max(100_000).catch(1),
      sort: z.enum(options.sort).catch(options.defaultSort),
      dir: z.enum(['asc', 'desc']).catch(options.defaultDir ?? 'desc'),
      after: z.coerce.number().int().min(1).max(MAX_ID).optional().catch(undefined),
      ...filterShape,
    })
    .transform(({ q, page, sort, dir, after, ...filters }) => ({ q, page, sort, dir, filters, ...(after ? { after } : {}) }) as ListQuery<S, keyof Fm & string, TypedFilters<Fm>>);
}

/**
 * The list's query string for the API, typed parameter by parameter (the OpenAPI document shows
 * each one): unlike the pages' lenient parse, a wrong value is a 400 that names it.
 */
export function listApiParameters<S extends string, Fm extends FilterValues>(list: ListOptions<S, Fm>, options: { seek?: boolean } = {}) {
  const filters = Object.fromEntries([
    ...Object.entries(list.filters ?? {}).map(([name, values]) => [name, z.enum(values as [string, ...string[]]).optional()]),
    ...(list.refs ?? []).map((name) => [name, z.coerce.number({ error: 'validation.number' }).int().min(1).max(MAX_ID).optional().describe(`The id of a ${name} of the store: only its records`)]),
  ]);
  const seek = {
    after: z.coerce
      .number({ error: 'validation.number' })
      .int()
      .min(1)
      .max(MAX_ID)
      .optional()
      .describe('The `next` of the previous page\'s answer: this page then starts right after that record, found through the index however deep the page (`page` only numbers it). Without it, the list counts `page` pages in.'),
  };
  return z.object({
    q: z.string().max(100, { error: 'validation.tooLong' }).optional(),
    page: z.coerce.number({ error: 'validation.number' }).int().min(1).max(100_000).optional(),
    sort: z.enum(list.sort).optional(),
    dir: z.enum(['asc', 'desc']).optional(),
    ...(options.seek ? seek : {}),
    ...filters,
  });
}

export function parseListQuery<Q extends ListQuery>(schema: z.ZodType<Q, unknown>, url: URL): Q {
  return schema.parse(Object.fromEntries(url.searchParams));
}

/**
 * One page of a list. `capped`: the list has more than `total` records (its count stops there,
 * decision 036), so `total` is a lower bound and `pages` reaches one past the current page.
 * `next`: where the following page starts (its `after`), when there is one and the list can seek.
 */
export type Page<T> = { rows: T[]; total: number; page: number; pages: number; capped: boolean; next?: number | null };
