import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessTokenScope } from '#common/access-token.ts';
import { translator } from '#common/i18n/all-languages.ts';
import { requestLocale } from '#server/api/api-errors.ts';
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
/** The scope of the access token a request came with; absent for a session. */
const tokenScopes = new WeakMap<FastifyRequest, AccessTokenScope>();
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Where an `invoices` token may go (decision 069): the invoices API, reading and issuing, and the
 * orders it issues them from, read only. Judged on the matched route's pattern where there is one
 * (`/api/v1/orders/:id`), so no spelling of an address can slip another route past it.
 */
const INVOICES = /^\/api\/v1\/invoices(\/|\?|$)/;
const ORDERS = /^\/api\/v1\/orders(\/|\?|$)/;
function outsideInvoices(request: FastifyRequest): boolean {
  if (tokenScopes.get(request) !== 'invoices') return false;
  const route = request.routeOptions.url ?? request.url;
  return !(INVOICES.test(route) || (ORDERS.test(route) && SAFE_METHODS.has(request.method)));
}

/**
 * The credentials an `Authorization` header carries: the bearer token, `''` for any other scheme
 * (which no route accepts), undefined without the header. Only the header: a token in the query
 * string would end up in logs, histories and Referer headers, so it is never read from there.
 */
export function bearerToken(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  const match = /^Bearer +(\S+) *$/i.exec(header);
  return match?.[1] ?? '';
}

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
        const bearer = bearerToken(this.headers.authorization);
        // Explicit credentials win: with an Authorization header the session cookie is not read,
        // so a call is never half token, half cookie (and CSRF, a cookie attack, cannot apply).
        user =
          bearer === undefined
            ? services.sessions.findSessionUser(readCookie(this.headers.cookie, cookieName))
            : services.accessTokens.authenticateAccessToken(bearer).then((caller) => {
                if (caller) tokenScopes.set(this, caller.scope);
                return caller?.user ?? null;
              });
        resolved.set(this, user);
      }
      return user;
    });
  },
  { name: 'current-user', fastify: '5.x' },
);

/**
 * preHandler: 401 `{ error: 'unauthorized' }` without a valid session or access token, 403
 * `read_only_token` when a read-only token asks to change something; `request.user` after.
 */
export async function requireUser(request: FastifyRequest, reply: FastifyReply) {
  const user = await request.currentUser();
  const t = translator(requestLocale(request));
  if (!user) return reply.code(401).header('cache-control', 'no-store').send({ error: 'unauthorized', message: String(t('auth.unauthorized')) });
  if (tokenScopes.get(request) === 'read' && !SAFE_METHODS.has(request.method)) {
    return reply.code(403).header('cache-control', 'no-store').send({ error: 'read_only_token', message: String(t('auth.readOnlyToken')) });
  }
  if (outsideInvoices(request)) return reply.code(403).header('cache-control', 'no-store').send({ error: 'invoices_only_token', message: String(t('auth.invoicesOnlyToken')) });
  request.user = user;
}

/**
 * Before the body of every /api/v1 call is read (its `preParsing`): a read-only token asking to
 * change something gets its 403 before its body is parsed or validated (issue 20 §7), and the
 * sent reply is returned; `requireUser` still checks it on each route.
 */
export async function refuseReadOnlyToken(request: FastifyRequest, reply: FastifyReply) {
  if (SAFE_METHODS.has(request.method) || bearerToken(request.headers.authorization) === undefined) return;
  await request.currentUser();
  const t = translator(requestLocale(request));
  if (outsideInvoices(request)) return reply.code(403).header('cache-control', 'no-store').send({ error: 'invoices_only_token', message: String(t('auth.invoicesOnlyToken')) });
  if (tokenScopes.get(request) !== 'read') return;
  return reply.code(403).header('cache-control', 'no-store').send({ error: 'read_only_token', message: String(t('auth.readOnlyToken')) });
}

/** preHandler after `requireUser`: back-office routes do not exist for clients (404, never 403). */
export async function requireStaff(request: FastifyRequest) {
  if (request.user?.role !== 'staff' && request.user?.role !== 'admin') throw new AppError('error.generic', 404);
}
