import { AsyncLocalStorage } from 'node:async_hooks';
import { type Locale, localizePath } from '#common/locale.ts';

// Storefront addresses (PRODUCT §3): `/shop/{slug}/…`, English under `/en/shop/{slug}/…` — or, on
// a store's own verified domain (decision 100), `/…` and `/en/…` on that host. This file is the one
// place that decides: every link, form action, redirect, canonical, hreflang and sitemap entry of a
// store is built by `shopPath` (and made absolute with `shopOrigin`), which read the request's
// domain from `onShopDomain`, set where a storefront request is resolved.

export type ShopDomain = { slug: string; host: string; origin: string };

const onDomain = new AsyncLocalStorage<ShopDomain>();

/** Runs `work` (and all it awaits) as serving `domain`'s store on its own host; as on the platform when null. */
export function onShopDomain<T>(domain: ShopDomain | null, work: () => T): T {
  return domain ? onDomain.run(domain, work) : work();
}

export function shopPath(locale: Locale, slug: string, rest = ''): string {
  const domain = onDomain.getStore();
  if (domain?.slug === slug) return localizePath(rest || '/', locale);
  return `${locale === 'en' ? '/en' : ''}/shop/${slug}${rest}`;
}

/** The origin the store's absolute addresses start with: its domain's while serving on it, else the platform's. */
export const shopOrigin = (publicUrl: string): string => onDomain.getStore()?.origin ?? publicUrl;

/** A query string from the values that are set, in the given order (stable addresses for caches and canonicals). */
export function queryOf(values: Record<string, string | number | boolean | undefined | null>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(name, value === true ? '1' : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
