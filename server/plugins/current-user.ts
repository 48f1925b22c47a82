import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '#server/modules/auth/session-user.ts';
import { AppError } from '#server/errors.ts';
import { sessionCookieName } from '#server/modules/auth/session.service.ts';
import { readCookie } from '#server/plugins/cookies.ts';
import type { Services } from '#server/services.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `requireUser` (null before it, and on routes that do not ask for it). */
    user: SessionUser | null;
    /** The session's user, looked up once per request and only when a route asks. */
    currentUser(): Promise<SessionUser | null>;
  }
}

const resolved = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();

/**
 * Session users for JSON API routes. Pages resolve theirs in React Router's root middleware; API
 * routes call `request.currentUser()` or put `requireUser` in their `preHandler`. Safe to register
 * in several contexts: the decorators are added once.
 */
export const currentUserPlugin = fp(
  async (app: FastifyInstance, { services }: { services: Services }) => {
    const cookieName = sessionCookieName(services.deps.config);
    if (!app.hasRequestDecorator('user')) app.decorateRequest('user', null);
    if (app.hasRequestDecorator('currentUser')) return;
    app.decorateRequest('currentUser', function currentUser(this: FastifyRequest) {
      let user = resolved.get(this);
      if (!user) {
        user = services.sessions.findSessionUser(readCookie(this.headers.cookie, cookieName));
        resolved.set(this, user);
      }
      return user;
    });
  },
  { name: 'current-user', fastify: '5.x' },
);

/** preHandler: 401 `{ error: 'unauthorized' }` without a valid session; `request.user` after. */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  const user = await request.currentUser();
  if (!user) return reply.code(401).header('cache-control', 'no-store').send({ error: 'unauthorized' });
  request.user = user;
}

/** preHandler after `requireUser`: back-office routes do not exist for clients (404, never 403). */
export async function requireStaff(request: FastifyRequest) {
  if (request.user?.role !== 'staff' && request.user?.role !== 'admin') throw new AppError('error.generic', 404);
}
