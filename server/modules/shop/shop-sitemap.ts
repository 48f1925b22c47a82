import { escapeHtml } from './shop-html.ts';
import type { loadSitemap } from './shop.service.ts';
import { shopPath } from './shop-url.ts';

// Sitemaps (issue 22 §5): one per store at /shop/{slug}/sitemap.xml with its home, every enabled
// product, every category and every published page, each in both languages (hreflang alternates);
// /sitemap.xml indexes the stores' sitemaps, and /robots.txt points to it.

const xml = escapeHtml;

function entry(origin: string, slug: string, rest: string, lastmod?: string): string {
  const es = `${origin}${shopPath('es', slug, rest)}`;
  const en = `${origin}${shopPath('en', slug, rest)}`;
  const alternates = `<xhtml:link rel="alternate" hreflang="es" href="${xml(es)}"/><xhtml:link rel="alternate" hreflang="en" href="${xml(en)}"/>`;
  const modified = lastmod ? `<lastmod>${xml(lastmod.slice(0, 10))}</lastmod>` : '';
  return `<url><loc>${xml(es)}</loc>${modified}${alternates}</url><url><loc>${xml(en)}</loc>${modified}${alternates}</url>`;
}

export function storeSitemapXml(origin: string, slug: string, entries: Awaited<ReturnType<typeof loadSitemap>>): string {
  const urls = [
    entry(origin, slug, ''),
    ...entries.categories.map((row) => entry(origin, slug, `/category/${row.slug}`, row.updatedAt)),
    ...entries.products.map((row) => entry(origin, slug, `/product/${row.slug}`, row.updatedAt)),
    ...entries.pages.map((row) => entry(origin, slug, `/page/${row.slug}`, row.updatedAt)),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">${urls.join('')}</urlset>\n`;
}

export function sitemapIndexXml(origin: string, stores: { slug: string; updatedAt: string }[]): string {
  const items = stores.map((store) => `<sitemap><loc>${xml(`${origin}/shop/${store.slug}/sitemap.xml`)}</loc><lastmod>${xml(store.updatedAt.slice(0, 10))}</lastmod></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${items.join('')}</sitemapindex>\n`;
}

/** The app's robots.txt: the private areas closed, the stores' searches left out, the sitemaps named. */
export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /api/', 'Disallow: /admin', 'Disallow: /shop/*/search', 'Disallow: /en/shop/*/search', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}

/** A store's robots.txt on its own domain (decision 100): its search left out, its sitemap named. */
export function storeRobotsTxt(origin: string): string {
  return ['User-agent: *', 'Disallow: /search', 'Disallow: /en/search', '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
