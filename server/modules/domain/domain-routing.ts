import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type ShopDomain } from '#server/modules/shop/shop-url.ts';
import { parseStoreHost, requestHostname } from './domain-host.ts';
import type { DomainDirectory } from './domain-directory.ts';

// Stores on their own domains (issue 41 §5, decision 100). A request whose Host is not the
// platform's is a storefront request: `rewriteUrl` (synchronous, before routing) moves its path
// under `/shop/~domain`, a slug no store can have, so it reaches the storefront's own routes; the
// hook below then names the host's store — or answers 404 for a host that is no verified store's.
// Nothing else (dashboard, login, API, back office) is reachable on such a host. On the platform's
// host, a store's `/shop/{slug}/…` pages answer 301 on its domain once it has a verified one.

/** The slug a rewritten request carries until its host is resolved: `~` never appears in a store's slug. */
export const DOMAIN_SLUG = '~domain';
const LOOPBACK = new Set(['localhost', '']);
/** What a storefront page loads from the app itself, the same on every host: not rewritten. */
const SHARED_ASSETS = /^\/(media|shop-assets|payment-logos)\/|^\/favicon\.svg(\?|$)/;
const PLATFORM_SHOP = /^(\/en)?\/shop\/([a-z0-9-]+)(\/[^?]*)?(\?.*)?$/;

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when the request came on a store's verified domain (decision 100). */
    shopDomain: ShopDomain | null;
  }
}

/** Hosts that are the platform: PUBLIC_URL's, this machine's names and any address (a balancer's health check, `npm start`). */
export function isPlatformHost(hostname: string, platformHost: string): boolean {
  return hostname === platformHost || LOOPBACK.has(hostname) || hostname.endsWith('.localhost') || isIP(hostname.replace(/^\[|\]$/g, '')) !== 0;
}

/** Fastify's `rewriteUrl`: a custom host's path, moved under the storefront's routes. */
export function domainRewrite(platformHost: string) {
  return (request: IncomingMessage): string => {
    const url = request.url ?? '/';
    if (isPlatformHost(requestHostname(request.headers.host), platformHost) || SHARED_ASSETS.test(url)) return url;
    const english = url === '/en' || url.startsWith('/en/') || url.startsWith('/en?');
    const rest = english ? url.slice(3) : url;
    // `/` and `/?q` are the home: `/shop/~domain` and its query.
    const tail = rest === '' || rest === '/' || rest.startsWith('/?') || rest.startsWith('?') ? rest.replace(/^\//, '') : rest;
    return `${english ? '/en' : ''}/shop/${DOMAIN_SLUG}${tail}`;
  };
}

function notAStore(reply: FastifyReply) {
  // No page of any store: the host is not one (or not yet verified). Both languages, no store's look.
  return reply.code(404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('Esta dirección no corresponde a ninguna tienda.\nThis address is not a store.\n');
}

export const domainRouting = fp(async (app: FastifyInstance, options: { directory: DomainDirectory; platformHost: string; publicUrl: string }) => {
  const { directory, platformHost } = options;
  const protocol = new URL(options.publicUrl).protocol;
  app.decorateRequest('shopDomain', null);
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    const url = request.raw.url ?? '/';
    const marker = url.indexOf(`/shop/${DOMAIN_SLUG}`);
    if (marker === 0 || marker === 3) {
      const hostname = requestHostname(request.headers.host);
      // A host that could not be anyone's domain is not looked up at all.
      const valid = 'host' in parseStoreHost(hostname, platformHost) && (await directory.storeOfHost(hostname));
      if (!valid) return notAStore(reply);
      // From here on the request is the store's `/shop/{slug}/…` one, served as its domain's.
      request.raw.url = `${url.slice(0, marker)}/shop/${valid.slug}${url.slice(marker + DOMAIN_SLUG.length + 6)}`;
      const params = request.params as Record<string, string> | undefined;
      if (params && params.slug === DOMAIN_SLUG) params.slug = valid.slug;
      request.shopDomain = { slug: valid.slug, host: hostname, origin: `${protocol}//${hostname}` };
      return;
    }
    // The platform's address of a store that moved to its domain: there, for good (GET and HEAD;
    // a form posted to the old address is still answered where it was sent).
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const match = PLATFORM_SHOP.exec(url);
    if (!match) return;
    const host = await directory.hostOfSlug(match[2]!);
    if (!host) return;
    const english = match[1] === '/en';
    const rest = match[3] && match[3] !== '/' ? match[3] : '';
    const path = english ? `/en${rest}` : rest || '/';
    return reply.code(301).header('cache-control', 'no-store').redirect(`${protocol}//${host}${path}${match[4] ?? ''}`, 301);
  });

  // Caddy's on-demand TLS asks before it gets a certificate for a host (decision 099): only a
  // verified store's domain gets one. Cheap: one indexed read per host and second, kept per process.
  app.get<{ Querystring: { domain?: string } }>('/internal/tls-ask', async (request, reply) => {
    const domain = typeof request.query.domain === 'string' ? request.query.domain.toLowerCase() : '';
    const parsed = parseStoreHost(domain, platformHost);
    const known = 'host' in parsed && parsed.host === domain && (await directory.storeOfHost(domain));
    return reply.code(known ? 200 : 404).header('cache-control', 'no-store').type('text/plain; charset=utf-8').send(known ? 'ok' : 'unknown');
  });
});
