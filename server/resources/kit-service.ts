import type { BulkAction } from '#common/bulk.ts';
import type { ListQuery, Page } from '#common/list-query.ts';
import type { FormOptions } from '#common/resource.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

// What the kit's generic screens and API call on a resource's service (decision 028): the
// registry takes only a service module that has each of these, so a service that forgets one
// fails `tsc` (server/resources/registry.test.ts holds it), not a request.

type KitRow = { id: number } & Record<string, unknown>;

/**
 * A kit resource's service as the generic screens and API see it, bound to its dependencies.
 *
 * Written as methods on purpose: TypeScript compares a method's parameters both ways, so a
 * resource's `create(scope, input: ColorInput)` fits `create(scope, input: Record<string, unknown>)`.
 * The kit passes a record only after that same resource's input schema has parsed it.
 */
export interface KitService {
  list(scope: StoreScope, query: ListQuery): Promise<Page<KitRow>>;
  get(scope: StoreScope, id: number): Promise<KitRow>;
  create(scope: StoreScope, input: Record<string, unknown>): Promise<number>;
  update(scope: StoreScope, id: number, input: Record<string, unknown>): Promise<void>;
  remove(scope: StoreScope, id: number): Promise<void>;
  /** What deleting the record would take with it, for its confirmation. */
  cascade(scope: StoreScope, id: number): Promise<Record<string, number>>;
  /** The same, added up over the records of a bulk delete. */
  cascadeMany(scope: StoreScope, ids: readonly number[]): Promise<Record<string, number>>;
  bulk(scope: StoreScope, body: { action: BulkAction; ids: readonly number[] }): Promise<{ action: BulkAction; changed: number }>;
  /** The form's select choices, read in the store; `values`: the record shown, or the new form's query string, so a chosen record is among them. */
  formOptions?(scope: StoreScope, values?: Record<string, unknown>): Promise<FormOptions>;
  /** What the record's screen shows below its form (a product's variants). */
  related?(scope: StoreScope, id: number): Promise<unknown>;
}

/** A method's type with the service's dependencies first, compared as a method (both ways). */
type WithDeps<F> = F extends (...args: infer A) => infer R ? { method(deps: ServiceDeps, ...args: A): R }['method'] : never;

/** A kit service module as written (`color.service.ts`): every function of `KitService`, the dependencies first. */
export type KitServiceModule = { [K in keyof KitService]: WithDeps<KitService[K]> };
