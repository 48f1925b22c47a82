import type { z } from 'zod';
import type { ListQuery } from '#common/list-query.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { slugify } from '#common/slug.ts';
import type { StoreResourceRepository } from '#server/db/store-resource.ts';
import { AppError, notFound } from '#server/errors.ts';
import type { StoreScope } from '#server/modules/store/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

// The service of a store-owned resource, written once (decision 028): the rules every such
// resource shares — another store's record is not found, unique values are field errors, slugs are
// derived from the name when left empty, timestamps come from the clock.

type Unique<Input> = { field: keyof Input & string; error: MessageKey };

export function storeResourceService<Row, S extends string, F extends string, Schema extends z.ZodObject, Input extends Record<string, unknown> = z.output<Schema>>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  repository: StoreResourceRepository<Row, S, F, any, any>,
  /** The resource's definition: its input schema types what create and update take. */
  _resource: { input: Schema },
  options: {
    /** Values that must be unique within the store, each with the field error it shows. */
    unique?: Unique<Input>[];
    /** The field a blank `slug` is derived from. */
    slugFrom?: keyof Input & string;
  } = {},
) {
  // The repository's value types are the table's columns; an input whose keys are those columns
  // (the simple resources) goes in as it is.
  const repo = repository as unknown as StoreResourceRepository<Row, S, F, Record<string, unknown>, Record<string, unknown>>;

  async function prepare(deps: ServiceDeps, scope: StoreScope, input: Input, exceptId?: number) {
    const values: Record<string, unknown> = { ...input };
    if (options.slugFrom && !values.slug) values.slug = slugify(String(input[options.slugFrom] ?? '')) || 'item';
    const unique: Unique<Record<string, unknown>>[] = [...((options.unique ?? []) as Unique<Record<string, unknown>>[]), ...(options.slugFrom ? [{ field: 'slug', error: 'validation.slugTaken' as const }] : [])];
    for (const { field, error } of unique) {
      if (await repo.taken(deps.db, scope, field, String(values[field]), exceptId)) throw new AppError(error, 409, { field });
    }
    for (const [key, value] of Object.entries(values)) if (typeof value === 'boolean') values[key] = Number(value);
    return values;
  }

  return {
    list: (deps: ServiceDeps, scope: StoreScope, query: ListQuery<S, F>) => repo.list(deps.db, scope, query),
    async get(deps: ServiceDeps, scope: StoreScope, id: number): Promise<Row> {
      const row = await repo.find(deps.db, scope, id);
      if (!row) throw notFound();
      return row;
    },
    async create(deps: ServiceDeps, scope: StoreScope, input: Input): Promise<number> {
      const now = deps.clock.now().toISOString();
      return repo.insert(deps.db, scope, { ...(await prepare(deps, scope, input)), createdAt: now, updatedAt: now });
    },
    async update(deps: ServiceDeps, scope: StoreScope, id: number, input: Input): Promise<void> {
      if (!(await repo.find(deps.db, scope, id))) throw notFound();
      const values = await prepare(deps, scope, input, id);
      if (!(await repo.update(deps.db, scope, id, { ...values, updatedAt: deps.clock.now().toISOString() }))) throw notFound();
    },
    async remove(deps: ServiceDeps, scope: StoreScope, id: number): Promise<void> {
      if ((await repo.remove(deps.db, scope, [id])) !== 1) throw notFound();
    },
  };
}

/** What the kit's generic screens and API see of any resource's service. */
export type StoreResourceService = ReturnType<typeof storeResourceService<{ id: number } & Record<string, unknown>, string, string, z.ZodObject>>;
