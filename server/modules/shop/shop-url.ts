import type { Locale } from '#common/locale.ts';

// Storefront addresses (PRODUCT §3): `/shop/{slug}/…`, English under `/en/shop/{slug}/…`.

export function shopPath(locale: Locale, slug: string, rest = ''): string {
  return `${locale === 'en' ? '/en' : ''}/shop/${slug}${rest}`;
}

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
