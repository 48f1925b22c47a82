import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isbot } from 'isbot';
import { ByteLru, ENTRY_OVERHEAD_BYTES, ownBuffer } from '#server/byte-lru.ts';
import { readCookie } from '#server/plugins/cookies.ts';
import { isPageNavigation } from '#server/plugins/locale.ts';

/**
 * Handed to the render of a request that may share its page (see `pageCache`): the render calls
 * `store` once the whole HTML of a shareable page has been written without error.
 */
export type SharedRender = {
  store(html: Buffer, headers: Headers): void;
};

declare module 'fastify' {
  interface FastifyRequest {
    /** Set when this request's render may be kept for other visitors; null otherwise. */
    sharedRender: SharedRender | null;
  }
}

/** The pieces of `buffer` between the occurrences of `separator`, which never occurs inside them. */
function splitAt(buffer: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = buffer.indexOf(separator); at !== -1; at = buffer.indexOf(separator, start)) {
    parts.push(buffer.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(buffer.subarray(start));
  return parts;
}

function joinWith(parts: Buffer[], separator: Buffer): Buffer {
  const pieces: Buffer[] = [];
  for (const [index, part] of parts.entries()) {
    if (index > 0) pieces.push(separator);
    pieces.push(part);
  }
  return Buffer.concat(pieces);
}

type Entry = {
  /** The HTML (UTF-8) cut at every occurrence of the nonce it was rendered with. */
  parts: Buffer[];
  headers: Record<string, string>;
  expires: number;
};

export type PageCacheOptions = {
  /** The session cookie's name: a request that carries one is never served or stored. */
  sessionCookie: string;
  /** While true nothing is served from or stored in the cache (maintenance mode). */
  bypass: () => boolean;
  /** How long a stored page is served, in ms. */
  ttlMs?: number;
  /** The memory the pages may hold (PAGE_CACHE_BYTES); the least recently served goes first. */
  maxBytes: number;
};

/**
 * Pages that are the same for every visitor who is not logged in (login, registration, reset,
 * terms: routes with `handle.sharedRender`) are rendered once per URL and served from memory for
 * a minute instead of being rendered by React on every request — the render costs milliseconds
 * of CPU, a stored page microseconds. What still differs per request:
 *
 * * the CSP nonce: the HTML is kept cut at the nonce it was rendered with and joined with the
 *   new request's own, so the page's scripts carry the nonce of the policy sent with it;
 * * the hooks: request id, CSRF, security headers, maintenance and the language redirects all
 *   run before this one (registered after them), exactly as for a rendered page.
 *
 * Only `GET` page navigations without a session cookie take part; only a `200` without
 * `Set-Cookie` is stored (decided by the render, app/entry.server.tsx). The key is the URL with
 * its query (`?redirect=` is part of the page), plus whether the client is a bot (bots get the
 * whole document at once). A page served from memory carries `x-page-cache: hit`.
 */
export const pageCache = fp(async (app: FastifyInstance, options: PageCacheOptions) => {
  const ttlMs = options.ttlMs ?? 60_000;
  // Bounded by what the pages hold (decision 101): any visitor can ask for a new address.
  const entries = new ByteLru<string, Entry>(options.maxBytes);

  /** Whether this request may be served from or kept in the cache at all. */
  function takesPart(request: FastifyRequest): boolean {
    if (request.method !== 'GET' || !isPageNavigation(request) || options.bypass()) return false;
    return readCookie(request.headers.cookie, options.sessionCookie) === undefined;
  }

  // Asked only once a page is stored for the URL, or is about to be: isbot's pattern was 6 % of a
  // cached storefront answer's CPU, asked of every browser's request for pages this cache never
  // holds.
  const kindOf = (request: FastifyRequest) => (isbot(request.headers['user-agent'] ?? '') ? 'bot' : 'browser');
  const keyFor = (kind: 'bot' | 'browser', url: string) => `${kind} ${url}`;

  function store(key: string, nonce: string, html: Buffer, headers: Headers) {
    const kept: Record<string, string> = {};
    headers.forEach((value, name) => {
      kept[name] = value;
    });
    // The parts are views of `html`, which is what they hold: a page of its own, or a copy of it.
    const own = ownBuffer(html);
    const bytes = own.byteLength + key.length + JSON.stringify(kept).length + ENTRY_OVERHEAD_BYTES;
    entries.set(key, { parts: splitAt(own, Buffer.from(nonce)), headers: kept, expires: Date.now() + ttlMs }, bytes);
  }

  app.decorateRequest('sharedRender', null);
  app.addHook('onRequest', async (request, reply) => {
    if (!takesPart(request)) return;
    // Most pages are never kept here (the storefront has its own cache): two lookups say so.
    const key = entries.has(keyFor('browser', request.url)) || entries.has(keyFor('bot', request.url)) ? keyFor(kindOf(request), request.url) : null;
    // Read, so most recently used; an expired page is dropped.
    const entry = key === null ? undefined : entries.get(key);
    if (key !== null && entry) {
      if (entry.expires > Date.now()) return reply.headers(entry.headers).header('x-page-cache', 'hit').send(joinWith(entry.parts, Buffer.from(request.cspNonce)));
      entries.delete(key);
    }
    // The nonce the page was rendered with, read when the page is kept: a request whose render
    // never asks for one (the storefront's pages, with their own cache) draws no random bytes —
    // they were 6 % of a cached storefront answer's CPU.
    request.sharedRender = { store: (html, headers) => store(key ?? keyFor(kindOf(request), request.url), request.cspNonce, html, headers) };
  });
});
