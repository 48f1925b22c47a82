import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#server/errors.ts';
import { can } from '#server/tenancy/can.ts';
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
 * preHandler after `requireUser`: the store the caller acts on in `request.store` (409 while they
 * are a member of none), and the one permission check (decision 088): the operation's area from
 * route-areas.ts, judged by `can` on the caller's role and token — 403 when the role does not
 * reach it. The rest of the request — later hooks and the handler, which Fastify calls from
 * `done` — runs in the store's scope and as its actor (decisions 042, 088), hence a callback hook.
 */
export function requireStore(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  request.storeContext().then(
    (context) => {
      if (!context) return done(new AppError('store.noStoreTitle', 409));
      const action = apiAction(request.routeOptions.url ?? '', request.method);
      if (!action || !can(context, action)) return done(new AppError('tenancy.forbidden', 403));
      request.store = context.scope;
      request.tenant = context;
      enterContext(context, () => done());
    },
    (error: Error) => done(error),
  );
}
