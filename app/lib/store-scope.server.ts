import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import { NO_STORE } from '#common/schemas/store.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// Filled once per request by `resolveOwnStore`; read by every store and catalog loader and action.
const storeScopeContext = createContext<StoreScope | null>(null);

/**
 * Middleware of the store layout (after the default layout's `requireUser`): the owner's own store,
 * once; the loaders and actions below run in it, so the store guard refuses any other store's id
 * (decision 042).
 */
export const resolveOwnStore: MiddlewareFunction<Response> = async ({ context }, next) => {
  const app = context.get(appContext);
  const scope = app.user ? await app.services.storeScopes.ownStoreScope({ userId: app.user.id }) : null;
  context.set(storeScopeContext, scope);
  return scope ? app.services.storeScopes.runInScope(scope, next) : next();
};

/**
 * The store a loader or action acts on: `storeScope(context)`. Without a store it throws the 409
 * that the store layout's boundary shows as "you don't have a store yet" (thrown from a loader,
 * not the middleware, so it lands in that boundary inside the dashboard).
 */
export function storeScope(context: Readonly<RouterContextProvider>): StoreScope {
  const scope = context.get(storeScopeContext);
  if (!scope) throw data(NO_STORE, { status: 409 });
  return scope;
}

/** The owner's store, or null while they have none: only `/store`, which then offers to open one. */
export function optionalStoreScope(context: Readonly<RouterContextProvider>): StoreScope | null {
  return context.get(storeScopeContext);
}

/** The store layout's loader: answers for screens whose own loader does not ask for the scope. */
export function storeLayoutLoader({ context }: { context: Readonly<RouterContextProvider> }) {
  storeScope(context);
  return null;
}
