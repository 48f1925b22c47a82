import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors.ts';
import { roleCan } from '#common/store-permissions.ts';
import { apiAction } from '#server/tenancy/route-areas.ts';
import { enterContext, type StoreContext, type StoreScope } from '#server/tenancy/store-scope.ts';
import type { Services } from '#server/services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireStore`: the store the caller acts on (decision 025); null before it. */
    store: StoreScope | null;
    /** Set by `requireStore`: the whole store context (store, actor, role, entry; decision 088). */
    tenant: StoreContext | null;
    /** The caller's store context, built once per request and only when a route asks. */
    storeContext(): Promise<StoreContext | null>;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<StoreContext | null>>();

/** The store context of JSON API routes, beside `currentUserPlugin` (whose user it needs). */
export const storeScopePlugin = fp(
  async (app: FastifyInstance, { services }: { services: Services }) => {
    if (!app.hasRequestDecorator('store')) app.decorateRequest('store', null);
    if (!app.hasRequestDecorator('tenant')) app.decorateRequest('tenant', null);
    if (app.hasRequestDecorator('storeContext')) return;
    app.decorateRequest('storeContext', function storeContext(this: FastifyRequest) {
      let context = resolved.get(this);
      if (!context) {
        context = this.currentUser().then((user) => (user ? services.storeScopes.memberStoreContext(user) : null));
        resolved.set(this, context);
      }
      return context;
    });
  },
  { name: 'store-scope', fastify: '5.x', dependencies: ['current-user'] },
);

/**
 * The API's role check (decision 088), before a body is read or validated (the API's
 * `preParsing`), so that a role that may not call an operation gets its 403 and not the body's
 * validation errors: the operation's area from route-areas.ts, judged by the matrix on the
 * caller's role in the store. Operations outside any store area (the parcel box, the back office)
 * and callers without a user or a store pass on to their own checks (401, 409).
 */
export async function refuseOutsideRole(request: FastifyRequest): Promise<void> {
  const action = apiAction(request.routeOptions.url ?? '', request.method);
  if (!action || !(await request.currentUser())) return;
  const context = await request.storeContext();
  // A token whose scope narrows the role further is answered by the token's own checks
  // (current-user.ts, before and after this one), which say which scope it lacks.
  if (context && !roleCan(context.role, action)) throw new AppError('tenancy.forbidden', 403);
}

/**
 * preHandler after `requireUser`: the store the caller acts on in `request.store` (409 while they
 * are a member of none). An operation with no area in route-areas.ts is refused (403) to every
 * role, so a new one is closed until it is given one. The rest of the request — later hooks and
 * the handler, which Fastify calls from `done` — runs in the store's scope and as its actor
 * (decisions 042, 088), hence a callback hook.
 */
export function requireStore(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  request.storeContext().then(
    (context) => {
      if (!context) return done(new AppError('store.noStoreTitle', 409));
      const action = apiAction(request.routeOptions.url ?? '', request.method);
      // The role was judged by refuseOutsideRole; here only an operation left out of route-areas.ts.
      if (!action) return done(new AppError('tenancy.forbidden', 403));
      request.store = context.scope;
      request.tenant = context;
      enterContext(context, () => done());
    },
    (error: Error) => done(error),
  );
}
