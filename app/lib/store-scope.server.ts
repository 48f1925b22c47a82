import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from 'react-router';
import { appContext } from '#app-context';
import { stripLocale } from '#common/locale.ts';
import { NO_STORE } from '#common/schemas/store.ts';
import { FORBIDDEN, NOT_MEMBER, roleCan, STORE_AREAS, type StoreAction, type StoreArea } from '#common/store-permissions.ts';
import { AppError } from '#server/errors.ts';
import { pageAction } from '#server/tenancy/route-areas.ts';
import type { StoreContext, StoreScope } from '#server/tenancy/store-scope.ts';


type Resolved = { context: StoreContext | null; refused: typeof FORBIDDEN | typeof NOT_MEMBER | null };

// Filled once per request by `resolveStoreContext`; read by every store and catalog loader and action.
const storeContextKey = createContext<Resolved>({ context: null, refused: null });

/**
 * Middleware of the default layout (after `requireUser`): the store the user acts on, their role in
 * it and their other stores, built once per request (decision 088) for the header's switcher, the
 * menu and the store screens below. A session whose store removed them is kept as a refusal for the
 * store screens; the parcel box's screens go on working.
 */
export const resolveStoreContext: MiddlewareFunction<Response> = async ({ context }, next) => {
  const app = context.get(appContext);
  let resolved: Resolved = { context: null, refused: null };
  if (app.user) {
    try {
      resolved = { context: await app.services.storeScopes.memberStoreContext(app.user), refused: null };
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== NOT_MEMBER) throw error;
      resolved = { context: null, refused: NOT_MEMBER };
    }
  }
  context.set(storeContextKey, resolved);
  return next();
};

/**
 * Middleware of the store layout and `/store`: the one permission check on the screen's area
 * (server/tenancy/route-areas.ts) — reading needs `read`, any other method `write` — and the rest of
 * the request in the store's scope and as its actor, so the store guard refuses any other store's id
 * (decision 042) and `emit` records who acted. A refusal is kept for `storeScope` to throw from a
 * loader, so that it lands in the store layout's boundary inside the dashboard.
 */
export const guardStore: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const app = context.get(appContext);
  const resolved = context.get(storeContextKey);
  if (!resolved.context || resolved.refused) return next();
  const action = pageAction(stripLocale(new URL(request.url).pathname), request.method);
  if (!action || !roleCan(resolved.context.role, action)) {
    // A write is refused before its action runs (an action may parse its form before it asks for
    // the scope); a read lets the screen's loader throw it, to show it inside the dashboard.
    if (action?.write !== false) refuse(FORBIDDEN);
    context.set(storeContextKey, { ...resolved, refused: FORBIDDEN });
    return next();
  }
  return app.services.storeScopes.runInContext(resolved.context, next);
};

function refuse(refused: NonNullable<Resolved['refused']>): never {
  throw data(refused, { status: 403 });
}

/**
 * The store a loader or action acts on: `storeScope(context)`. Without a store it throws the 409
 * that the store layout's boundary shows as "you don't have a store yet"; for a role that does not
 * reach the screen, the 403 it shows as "not allowed" (thrown from a loader, not the middleware, so
 * it lands in that boundary inside the dashboard).
 */
export function storeScope(context: Readonly<RouterContextProvider>): StoreScope {
  return storeContextOf(context).scope;
}

/** The whole store context (role, actor, memberships) of a loader or action, refused as `storeScope` is. */
export function storeContextOf(context: Readonly<RouterContextProvider>): StoreContext {
  const resolved = context.get(storeContextKey);
  if (resolved.refused) refuse(resolved.refused);
  if (!resolved.context) throw data(NO_STORE, { status: 409 });
  return resolved.context;
}

/** The store, or null while they have none: only `/store`, which then offers to open one. */
export function optionalStoreScope(context: Readonly<RouterContextProvider>): StoreScope | null {
  const resolved = context.get(storeContextKey);
  if (resolved.refused) refuse(resolved.refused);
  return resolved.context?.scope ?? null;
}

/** For an action whose forms do several things (`/store`'s renewal request): one more area to check. */
export function requireCan(context: Readonly<RouterContextProvider>, action: StoreAction): void {
  if (!roleCan(storeContextOf(context).role, action)) refuse(FORBIDDEN);
}

/**
 * What the header and menu show on every dashboard screen: the store in use and the user's other
 * stores (the switcher), and the role's access to each area (entries it cannot open are hidden).
 * Null without a store; `refused` when the session's store removed them.
 */
export function storeHeader(context: Readonly<RouterContextProvider>) {
  const resolved = context.get(storeContextKey);
  const current = resolved.context;
  if (!current) return { store: null, stores: [], access: null, refused: resolved.refused === NOT_MEMBER };
  const access: Partial<Record<StoreArea, 'read' | 'write'>> = {};
  for (const area of STORE_AREAS) {
    if (roleCan(current.role, { area, write: true })) access[area] = 'write';
    else if (roleCan(current.role, { area, write: false })) access[area] = 'read';
  }
  const stores = current.memberships.map(({ storeId, name, role }) => ({ id: storeId, name, role }));
  return { store: stores.find((store) => store.id === current.scope.storeId) ?? null, stores, access, refused: false };
}

/** The store layout's loader: answers for screens whose own loader does not ask for the scope. */
export function storeLayoutLoader({ context }: { context: Readonly<RouterContextProvider> }) {
  storeScope(context);
  return null;
}
