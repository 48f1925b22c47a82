import { AsyncLocalStorage } from 'node:async_hooks';

// The store the current request acts for, while its scope is active (decision 042): set where a
// request's scope is resolved (the store layout's middleware, the API's requireStore), read by the
// store guard on every query. Staff, jobs and scripts run without one.
const activeStore = new AsyncLocalStorage<number>();

/** Runs `work` — and everything it awaits or starts — with `storeId` as the one store its queries may name. */
export function runInStore<T>(storeId: number, work: () => T): T {
  return activeStore.run(storeId, work);
}

/** The store the current request acts for; undefined outside a scope. */
export const activeStoreId = (): number | undefined => activeStore.getStore();
