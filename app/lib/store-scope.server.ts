import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { appContext, type AppContext } from '#app-context';
import { NO_STORE } from '#common/schemas/store.ts';
import { ownStoreScope, type StoreScope } from '#server/modules/store/store-scope.ts';
import { type ServiceDeps, systemClock } from '#server/service-deps.ts';


// Filled once per request by `requireOwnStore`; read by every store and catalogue loader and action.
const storeScopeContext = createContext<StoreScope>();

/** Until the request context carries the bound services (issue 8 point 3), the deps come from it here. */
export function serviceDeps(app: AppContext): ServiceDeps {
  return { db: app.db, config: app.config, log: app.log, mailer: app.mailer, clock: systemClock };
}

/** Middleware of the store layout (after the default layout's `requireUser`): the owner's own store. */
export const requireOwnStore: MiddlewareFunction = async ({ context }) => {
  const app = context.get(appContext);
  const scope = app.user ? await ownStoreScope(serviceDeps(app), { userId: app.user.id }) : null;
  if (!scope) throw data(NO_STORE, { status: 409 });
  context.set(storeScopeContext, scope);
};

/** The store a loader or action acts on: `storeScope(context)`. */
export function storeScope(context: Readonly<RouterContextProvider>): StoreScope {
  return context.get(storeScopeContext);
}
