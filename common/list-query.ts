import { z } from 'zod';

// The list pattern (docs/decisions/016-list-detail-pattern.md): search, filters, sorting and page live in
// the URL, parsed by one schema per list; anything unexpected falls back to its default.
export const PAGE_SIZE = 20;

export type ListOptions<S extends string, F extends string> = {
  sort: readonly [S, ...S[]];
  defaultSort: S;
  defaultDir?: 'asc' | 'desc';
  filters?: Record<F, readonly [string, ...string[]]>;
};

export type ListQuery<S extends string = string, F extends string = string> = {
  q: string;
  page: number;
  sort: S;
  dir: 'asc' | 'desc';
  filters: Partial<Record<F, string>>;
};

export function listQuerySchema<S extends string, F extends string = never>(options: ListOptions<S, F>) {
  const filterShape = Object.fromEntries(
    Object.entries(options.filters ?? {}).map(([name, values]) => [name, z.enum(values as [string, ...string[]]).optional().catch(undefined)]),
  );
  return z
    .object({
      q: z.string().trim().max(100).catch(''),
      page: z.coerce.number().int().min(1).max(100_000).catch(1),
      sort: z.enum(options.sort).catch(options.defaultSort),
      dir: z.enum(['asc', 'desc']).catch(options.defaultDir ?? 'desc'),
      ...filterShape,
    })
    .transform(({ q, page, sort, dir, ...filters }) => ({ q, page, sort, dir, filters }) as ListQuery<S, F>);
}

export function parseListQuery<S extends string, F extends string>(schema: ReturnType<typeof listQuerySchema<S, F>>, url: URL): ListQuery<S, F> {
  return schema.parse(Object.fromEntries(url.searchParams));
}

export type Page<T> = { rows: T[]; total: number; page: number; pages: number };
