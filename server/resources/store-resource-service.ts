import type { z } from 'zod';
import type { BulkAction, BulkChanges } from '#common/bulk.ts';
import type { ListQuery } from '#common/list-query.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { FreeSlugs } from '#common/free-slug.ts';
import { slugify } from '#common/slug.ts';
import type { StoreResourceRepository } from '#server/db/store-resource.ts';
import type { StoreEventType } from '#common/store-events.ts';
import { AppError, isUniqueViolation, notFound } from '#server/errors.ts';
import { changedFields, emit } from '#server/events/events.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { removeFiles } from '#server/modules/upload/file-removal.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { type Box, saveImageColumns, takeImages } from './resource-images.ts';

// The service of a store-owned resource, written once (decision 028): the rules every such
// resource shares — another store's record is not found, unique values are field errors, slugs are
// derived from the name when left empty, timestamps come from the clock.

type Unique<Input> = { field: keyof Input & string; error: MessageKey };

export function storeResourceService<Row, S extends string, F extends string, Schema extends z.ZodObject, Input extends Record<string, unknown> = z.output<Schema>>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  repository: StoreResourceRepository<Row, S, F, any, any>,
  /** The resource's definition: its input schema types what create and update take; its `bulk` what the list's actions write. */
  resource: { input: Schema; bulk?: BulkChanges },
  options: {
    /** Values that must be unique within the store, each with the field error it shows. */
    unique?: Unique<Input>[];
    /** The field a blank `slug` is derived from. */
    slugFrom?: keyof Input & string;
    /** The input as table columns, when they differ (dollars typed, cents stored). */
    toValues?: (input: Input) => Record<string, unknown>;
    /**
     * The resource's own rules on the values about to be written (another store's category is a
     * field error, a plan limit refuses a new record): throw an AppError to refuse. `id` is absent
     * on create.
     */
    check?: (deps: ServiceDeps, scope: StoreScope, values: Record<string, unknown>, id?: number) => Promise<void>;
    /** After a write, inside its transaction (a product's stock follows its variants'). */
    afterWrite?: (deps: ServiceDeps, scope: StoreScope, id: number, values: Record<string, unknown>) => Promise<void>;
    /** After a delete, inside its transaction, once, with every record it took as they were. */
    afterRemove?: (deps: ServiceDeps, scope: StoreScope, rows: Row[]) => Promise<void>;
    /**
     * Columns holding one image of the store each (`imageId`, an upload id): a new one is claimed,
     * checked and given its variants; the one it replaces, or a deleted record's, leaves the disk
     * after the commit (resource-images.ts, decision 033).
     */
    images?: { columns: readonly (keyof Input & string)[]; box: Box };
    /** Upload ids of the images a delete takes along (a product's gallery, a category's products'), read before it. */
    filesOf?: (deps: ServiceDeps, scope: StoreScope, id: number) => Promise<readonly (string | null)[]>;
    /** What deleting a record takes with it, counted for the confirmation (`{ variants: 3 }`). */
    cascade?: (deps: ServiceDeps, scope: StoreScope, id: number) => Promise<Record<string, number>>;
    /** After a bulk action, inside its transaction (a review's approval recomputes the store's rating). */
    afterBulk?: (deps: ServiceDeps, scope: StoreScope, action: BulkAction) => Promise<void>;
    /**
     * The events its writes emit in their transaction (issue 38 §3): each with the record as read
     * back (`data`), its label, and on an update the before and after of `fields`; a bulk action
     * emits one per record. `also` emits what else a write means (a product's moved stock).
     */
    events?: ResourceEvents<Row>;
  } = {},
) {
  // The repository's value types are the table's columns; an input whose keys are those columns
  // (the simple resources) goes in as it is.
  const repo = repository as unknown as StoreResourceRepository<Row, S, F, Record<string, unknown>, Record<string, unknown>>;

  const declaredUnique = (options.unique ?? []) as Unique<Record<string, unknown>>[];
  const slugUnique: Unique<Record<string, unknown>> = { field: 'slug', error: 'validation.slugTaken' };
  /** The unique fields to check: a slug only when the user typed it (a derived one is made free). */
  const uniqueFieldsOf = (typedSlug: boolean) => [...declaredUnique, ...(options.slugFrom && typedSlug ? [slugUnique] : [])];

  /**
   * The record's columns. A slug left blank is derived from the name and made free, as the CSV
   * import does (issue 20 §5): a second "Taza" is `taza-2`, never an error on a field the user
   * left empty. A slug the user typed is theirs: if another record has it, that is a field error.
   */
  async function valuesOf(deps: ServiceDeps, scope: StoreScope, input: Input, exceptId?: number) {
    const values: Record<string, unknown> = options.toValues ? options.toValues(input) : { ...input };
    const typedSlug = Boolean(values.slug);
    if (options.slugFrom && !typedSlug) {
      const base = slugify(String(input[options.slugFrom] ?? '')) || 'item';
      values.slug = new FreeSlugs(await repo.slugsLike(deps.db, scope, base, exceptId)).take(base);
    }
    return { values, unique: uniqueFieldsOf(typedSlug) };
  }

  /** The field error of the first unique value another record of the store already has. */
  async function takenField(deps: ServiceDeps, scope: StoreScope, values: Record<string, unknown>, unique: Unique<Record<string, unknown>>[], exceptId?: number): Promise<AppError | null> {
    for (const { field, error } of unique) {
      if (await repo.taken(deps.db, scope, field, String(values[field]), exceptId)) return new AppError(error, 409, { field });
    }
    return null;
  }

  /**
   * A save the unique index refused (two saves of one slug or code racing on PostgreSQL, issue 21):
   * the same 409 field error the check gives, read again now that the other save has committed.
   * The one place a unique violation of a store's record becomes an answer; anything else is
   * thrown as it was.
   */
  async function asConflict(deps: ServiceDeps, scope: StoreScope, input: Input, error: unknown, exceptId?: number): Promise<unknown> {
    if (!isUniqueViolation(error)) return error;
    // Inside a caller's transaction PostgreSQL refuses every query after the error: no field named then.
    const taken = deps.db.isTransaction
      ? null
      : await valuesOf(deps, scope, input, exceptId)
          .then(({ values, unique }) => takenField(deps, scope, values, unique, exceptId))
          .catch(() => null);
    const first = uniqueFieldsOf(true)[0];
    return taken ?? new AppError(first?.error ?? 'error.generic', 409, first ? { field: first.field } : {});
  }

  const derivesSlug = (input: Input) => Boolean(options.slugFrom) && !(options.toValues ? options.toValues(input) : input).slug;

  /**
   * A save whose slug was derived from its name, tried again when a save beside it took the same
   * free slug first (the unique index refused it): the next try finds the next free one. The user
   * left the slug empty, so a clash there is never theirs to fix (issue 20 §5, issue 21 §6).
   */
  async function retryingDerivedSlug<T>(input: Input, save: () => Promise<T>): Promise<T> {
    const derived = derivesSlug(input);
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await save();
      } catch (error) {
        if (!derived || attempt >= 20 || !isUniqueViolation(error)) throw error;
      }
    }
  }

  /**
   * Runs a save (`work`) in a transaction of its own, tried again on a derived slug's clash; a
   * unique violation left is the field's 409. Inside a caller's transaction it runs as it is, and a
   * derived slug's clash goes up unchanged: PostgreSQL refuses every statement after the violation,
   * so only the caller's whole transaction can be tried again, by wrapping it in `saving` too (the
   * product's create with its gallery: 9 of 10 parallel creates of one name answered 500, issue 36 §10).
   */
  async function saving<T>(deps: ServiceDeps, scope: StoreScope, input: Input, work: (tx: ServiceDeps) => Promise<T>, exceptId?: number): Promise<T> {
    if (deps.db.isTransaction) {
      return work(deps).catch(async (error: unknown) => {
        throw derivesSlug(input) && isUniqueViolation(error) ? error : await asConflict(deps, scope, input, error, exceptId);
      });
    }
    return retryingDerivedSlug(input, () => inTransaction(deps, work)).catch(async (error: unknown) => {
      throw await asConflict(deps, scope, input, error, exceptId);
    });
  }

  async function prepare(deps: ServiceDeps, scope: StoreScope, input: Input, exceptId?: number) {
    const { values, unique } = await valuesOf(deps, scope, input, exceptId);
    const taken = await takenField(deps, scope, values, unique, exceptId);
    if (taken) throw taken;
    await options.check?.(deps, scope, values, exceptId);
    for (const [key, value] of Object.entries(values)) if (typeof value === 'boolean') values[key] = Number(value);
    return values;
  }

  /** The record as its event carries it: read back inside the write's transaction, only when events are wanted. */
  const eventRow = async (tx: ServiceDeps, scope: StoreScope, id: number) => (options.events ? repo.find(tx.db, scope, id) : undefined);

  /** Emits a write's event (and `also`'s), in its transaction. */
  async function emitChange(tx: ServiceDeps, scope: StoreScope, what: 'created' | 'updated' | 'deleted', before: Row | undefined, after: Row | undefined) {
    const events = options.events;
    const row = after ?? before;
    if (!events || !row) return;
    const type = events[what];
    if (type) {
      const record = row as Row & { id: number };
      await emit(tx, {
        type,
        storeId: scope.storeId,
        resource: { kind: events.kind, id: record.id, label: events.label(row) },
        data: { ...(row as Record<string, unknown>) },
        ...(before && after ? { changes: changedFields(before as Record<string, unknown>, after as Record<string, unknown>, events.fields) } : {}),
      });
    }
    await events.also?.(tx, scope, before, after);
  }

  return {
    saving,
    list: (deps: ServiceDeps, scope: StoreScope, query: ListQuery<S, F>) => repo.list(deps.db, scope, query),
    async get(deps: ServiceDeps, scope: StoreScope, id: number): Promise<Row> {
      const row = await repo.find(deps.db, scope, id);
      if (!row) throw notFound();
      return row;
    },
    async create(deps: ServiceDeps, scope: StoreScope, input: Input): Promise<number> {
      const { id, freed } = await saving(deps, scope, input, async (tx) => {
        const now = tx.clock.now().toISOString();
        const values = await prepare(tx, scope, input);
        const freed = options.images ? await saveImageColumns(tx, scope, { ...options.images, before: undefined, after: values }) : [];
        const id = await repo.insert(tx.db, scope, { ...values, createdAt: now, updatedAt: now });
        await options.afterWrite?.(tx, scope, id, values);
        await emitChange(tx, scope, 'created', undefined, await eventRow(tx, scope, id));
        return { id, freed };
      });
      await removeFiles(deps, freed);
      return id;
    },
    async update(deps: ServiceDeps, scope: StoreScope, id: number, input: Input): Promise<void> {
      const freed = await saving(deps, scope, input, async (tx) => {
        const before = await repo.find(tx.db, scope, id);
        if (!before) throw notFound();
        const values = await prepare(tx, scope, input, id);
        const freed = options.images ? await saveImageColumns(tx, scope, { ...options.images, before: before as Record<string, unknown>, after: values }) : [];
        if (!(await repo.update(tx.db, scope, id, { ...values, updatedAt: tx.clock.now().toISOString() }))) throw notFound();
        await options.afterWrite?.(tx, scope, id, values);
        await emitChange(tx, scope, 'updated', before, await eventRow(tx, scope, id));
        return freed;
      }, id);
      // After the commit (decision 029): a rolled-back save must not have lost the old image.
      await removeFiles(deps, freed);
    },
    /** What deleting the record would take with it (empty when nothing cascades). */
    async cascade(deps: ServiceDeps, scope: StoreScope, id: number): Promise<Record<string, number>> {
      return options.cascade ? options.cascade(deps, scope, id) : {};
    },
    async remove(deps: ServiceDeps, scope: StoreScope, id: number): Promise<void> {
      if ((await removeMany(deps, scope, [id])) !== 1) throw notFound();
    },
    /** What deleting these records would take with them, added up (only the store's own count). */
    async cascadeMany(deps: ServiceDeps, scope: StoreScope, ids: readonly number[]): Promise<Record<string, number>> {
      if (!options.cascade) return {};
      const total: Record<string, number> = {};
      for (const row of await repo.findMany(deps.db, scope, unique(ids))) {
        for (const [key, count] of Object.entries(await options.cascade(deps, scope, (row as { id: number }).id))) total[key] = (total[key] ?? 0) + count;
      }
      return total;
    },
    /**
     * One of the list's actions on many records, all or nothing in one transaction. Ids of another
     * store (or of nothing) are not touched; the answer counts the records actually changed, and
     * none at all is a 404.
     */
    async bulk(deps: ServiceDeps, scope: StoreScope, { action, ids }: { action: BulkAction; ids: readonly number[] }): Promise<{ action: BulkAction; changed: number }> {
      const changes = action === 'delete' ? undefined : resource.bulk?.[action];
      if (action !== 'delete' && !changes) throw new AppError('bulk.unknownAction', 400, { field: 'action' });
      const changed = action === 'delete' ? await removeMany(deps, scope, unique(ids), action) : await inTransaction(deps, async (tx) => {
        const values: Record<string, unknown> = { updatedAt: tx.clock.now().toISOString() };
        for (const [column, value] of Object.entries(changes!)) values[column] = typeof value === 'boolean' ? Number(value) : value;
        const before = options.events ? await repo.findMany(tx.db, scope, unique(ids)) : [];
        const count = await repo.updateMany(tx.db, scope, unique(ids), values);
        if (count === 0) throw notFound();
        await options.afterBulk?.(tx, scope, action);
        if (options.events) {
          const after = new Map((await repo.findMany(tx.db, scope, unique(ids))).map((row) => [(row as { id: number }).id, row]));
          // A record the action left as it was (already enabled) is no news.
          for (const row of before) {
            const now = after.get((row as { id: number }).id);
            const moved = Object.keys(changedFields(row as Record<string, unknown>, (now ?? {}) as Record<string, unknown>, Object.keys(values).filter((key) => key !== 'updatedAt'))).length > 0;
            if (moved) await emitChange(tx, scope, 'updated', row, now);
          }
        }
        return count;
      });
      return { action, changed };
    },
  };

  /** Deletes the store's records among `ids` with their hooks and images; answers how many went. */
  async function removeMany(deps: ServiceDeps, scope: StoreScope, ids: readonly number[], bulkAction?: BulkAction): Promise<number> {
    const { count, freed } = await inTransaction(deps, async (tx) => {
      const rows = options.afterRemove || options.images || options.filesOf || options.events ? await repo.findMany(tx.db, scope, ids) : [];
      // Read before the delete: the foreign keys take the rows that name the files along.
      const images: (string | null)[] = [];
      for (const row of rows) {
        for (const column of options.images?.columns ?? []) images.push((row as Record<string, unknown>)[column] as string | null);
        images.push(...((await options.filesOf?.(tx, scope, (row as { id: number }).id)) ?? []));
      }
      const removed = await repo.remove(tx.db, scope, [...ids]);
      if (removed === 0) throw notFound();
      // Once per delete, with every record it took: a bulk delete of 100 products recomputes the
      // store's rating once, not 100 times.
      if (rows.length > 0) await options.afterRemove?.(tx, scope, rows);
      if (bulkAction) await options.afterBulk?.(tx, scope, bulkAction);
      for (const row of rows) await emitChange(tx, scope, 'deleted', row, undefined);
      return { count: removed, freed: await takeImages(tx, scope, images) };
    });
    // After the commit (decision 029): a rolled-back delete must not have lost its files.
    await removeFiles(deps, freed);
    return count;
  }
}

const unique = (ids: readonly number[]) => [...new Set(ids)];

/** A resource's events (the kit's `events` option). */
export type ResourceEvents<Row> = {
  /** The record's kind in the event (`product`, `variant`). */
  kind: string;
  /** The event each write emits; a write without one emits nothing of its own. */
  created?: StoreEventType;
  updated?: StoreEventType;
  deleted?: StoreEventType;
  /** The log's human label of a record (its name). */
  label: (row: Row) => string;
  /** The fields an update records the before and after of: prices, stock, name, SKU, enabled… */
  fields: readonly (keyof Row & string)[];
  /** What else a write emits, with the record before and after it (undefined: created, deleted). */
  also?: (tx: ServiceDeps, scope: StoreScope, before: Row | undefined, after: Row | undefined) => Promise<void>;
};

