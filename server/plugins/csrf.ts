import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The origin this request was addressed to, as the browser saw it. */
function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * CSRF defence (OWASP "verifying origin with standard headers"): a state-changing request is
 * refused when the browser says it comes from another site, or when its Origin is foreign.
 * Together with SameSite=Lax session cookies this needs no token in every form.
 */
export const csrfGuard = fp(async (app: FastifyInstance) => {
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE.has(request.method)) return;
    // An API call with an Authorization header is authenticated by that header alone, never by the
    // cookie a browser adds (plugins/current-user.ts): nothing for a forged request to ride on.
    if (request.headers.authorization !== undefined && request.url.startsWith('/api/')) return;
    const site = request.headers['sec-fetch-site'];
    const origin = request.headers.origin;
    const crossSite = site === 'cross-site' || site === 'same-site';
    const foreignOrigin = typeof origin === 'string' && origin !== 'null' && origin !== ownOrigin(request);
    // `Origin: null` is an opaque origin (a sandboxed frame, a data: page) — unless the browser says
    // the request is same-origin: a page served with `Referrer-Policy: no-referrer` (the shop's order
    // page, decision 076) sends its own forms with `Origin: null`, and Sec-Fetch-Site, which no page
    // can set, tells them apart. A sandboxed frame's post is `cross-site` and stays refused.
    const opaque = origin === 'null' && site !== 'same-origin';
    if (crossSite || foreignOrigin || opaque) {
      request.log.warn({ origin, site }, 'cross-site request refused');
      return reply.code(403).send({ error: 'forbidden' });
    }
  });
});
