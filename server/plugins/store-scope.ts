import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runInStore } from '#server/tenancy/active-store.ts';
import { AppError } from '#server/errors.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import type { Services } from '#server/services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireStore`: the caller's own store (decision 025); null before it. */
    store: StoreScope | null;
    /** The caller's own store, looked up once per request and only when a route asks. */
    ownStore(): Promise<StoreScope | null>;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<StoreScope | null>>();

/** The store scope of JSON API routes, beside `currentUserPlugin` (whose user it needs). */
export const storeScopePlugin = fp(
  async (app: FastifyInstance, { services }: { services: Services }) => {
    if (!app.hasRequestDecorator('store')) app.decorateRequest('store', null);
    if (app.hasRequestDecorator('ownStore')) return;
    app.decorateRequest('ownStore', function ownStore(this: FastifyRequest) {
      let scope = resolved.get(this);
      if (!scope) {
        scope = this.currentUser().then((user) => (user ? services.storeScopes.ownStoreScope({ userId: user.id }) : null));
        resolved.set(this, scope);
      }
      return scope;
    });
  },
  { name: 'store-scope', fastify: '5.x', dependencies: ['current-user'] },
);

/**
 * preHandler after `requireUser`: the caller's own store in `request.store`, or 409 while they have
 * none. The rest of the request — later hooks and the handler, which Fastify calls from `done` —
 * runs in the scope (decision 042), hence a callback hook rather than an async one.
 */
export function requireStore(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  request.ownStore().then(
    (scope) => {
      if (!scope) return done(new AppError('store.noStoreTitle', 409));
      request.store = scope;
      runInStore(scope.storeId, () => done());
    },
    (error: Error) => done(error),
  );
}
