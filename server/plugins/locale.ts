import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  isLocale,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  LOCALE_SWITCH_PARAM,
  type Locale,
  localeFromPath,
  localizePath,
  preferredLocale,
} from '#common/locale.ts';
import { sameSitePath } from '#common/safe-redirect.ts';
import { readCookie, serializeCookie } from '#server/plugins/cookies.ts';

// Paths that are not pages: no language redirect, no cookie.
const NOT_PAGES = /^\/(api|builds|assets|healthz|favicon|robots\.txt|__manifest)|\.data$|\.[a-z0-9]{2,5}$/i;

export function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  return !NOT_PAGES.test(path);
}

function setLocaleCookie(reply: FastifyReply, locale: Locale, secure: boolean) {
  reply.header(
    'set-cookie',
    serializeCookie(LOCALE_COOKIE, locale, { maxAge: LOCALE_COOKIE_MAX_AGE, httpOnly: false, secure }),
  );
}

/**
 * The language rules of PRODUCT §4: `/en` paths are English, others Spanish; the switch
 * (`?lang=`) stores the choice for 365 days; an unprefixed visit follows the stored choice or,
 * on a first visit, the browser's Accept-Language.
 */
export const localeRedirects = fp(async (app: FastifyInstance, options: { secureCookies: boolean }) => {
  app.addHook('onRequest', async (request, reply) => {
    if (!isPageNavigation(request)) return;
    const stored = readCookie(request.headers.cookie, LOCALE_COOKIE);
    // A Spanish choice at an address without a query asks for nothing: no switch, no redirect, no
    // cookie. Most requests are such; parsing their URL was 2 % of a cached storefront answer's CPU.
    if (stored === 'es' && !request.url.includes('?')) return;
    // The address as the browser asked for it: on a store's domain `/product/x`, not the route's
    // `/shop/{slug}/product/x` (decision 100), so a redirect stays on the domain's addresses.
    const url = new URL(request.originalUrl, 'http://local.invalid');
    const urlLocale = localeFromPath(url.pathname);
    const switchTo = url.searchParams.get(LOCALE_SWITCH_PARAM);

    if (isLocale(switchTo)) {
      url.searchParams.delete(LOCALE_SWITCH_PARAM);
      setLocaleCookie(reply, switchTo, options.secureCookies);
      reply.header('cache-control', 'no-store');
      // The path is the client's: `/en//evil.example` would otherwise switch to `//evil.example`.
      return reply.redirect(sameSitePath(`${localizePath(url.pathname, switchTo)}${url.search}`, localizePath('/', switchTo)), 302);
    }

    const chosen: Locale = isLocale(stored)
      ? stored
      : urlLocale === 'en'
        ? 'en'
        : preferredLocale(request.headers['accept-language']);
    if (!isLocale(stored)) setLocaleCookie(reply, chosen, options.secureCookies);
    if (chosen === 'en' && urlLocale === 'es') {
      reply.header('vary', 'Accept-Language, Cookie');
      return reply.redirect(sameSitePath(`${localizePath(url.pathname, 'en')}${url.search}`, '/en'), 302);
    }
  });
});
