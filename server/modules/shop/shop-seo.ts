import { mediaUrl } from '#common/media-url.ts';
import { cutText } from '#server/modules/page/page-html.ts';
import { absolute, logoUrl, type ShopRequest } from './shop-layout.ts';
import type { loadProduct, ShopFrame } from './shop.service.ts';
import { localizePath } from '#common/locale.ts';
import { queryOf, shopPath } from './shop-url.ts';

// Structured data (JSON-LD) for search engines, to Google's rich-result rules: the store as a
// Store (an Organization), each product as a Product with its Offer(s), AggregateRating and
// reviews, and a BreadcrumbList. shop-seo.test.ts reads it back against the required and
// recommended fields of Google's Product snippet and merchant listing.

const SCHEMA = 'https://schema.org';
const localized = (request: ShopRequest, bare: string) => absolute(request, localizePath(bare, request.locale));
const dollars = (cents: number) => (cents / 100).toFixed(2);
/** A product's description in structured data: enough for a search result, not the whole page. */
const JSON_LD_DESCRIPTION_MAX = 1000;

export function storeJsonLd(frame: ShopFrame, request: ShopRequest) {
  const { store } = frame;
  const logo = logoUrl(frame);
  const sameAs = [store.facebook, store.instagram, store.tiktok, store.x, store.youtube].filter((url) => /^https?:\/\//i.test(url));
  return {
    '@context': SCHEMA,
    '@type': 'Store',
    '@id': `${absolute(request, shopPath('es', store.slug))}#store`,
    name: store.name,
    url: localized(request, shopPath('es', store.slug)),
    ...(store.description ? { description: store.description } : {}),
    ...(logo ? { logo: absolute(request, logo), image: absolute(request, logo) } : {}),
    ...(store.contactPhone ? { telephone: store.contactPhone } : {}),
    ...(store.contactEmail ? { email: store.contactEmail } : {}),
    ...(store.contactAddress
      ? { address: { '@type': 'PostalAddress', streetAddress: store.contactAddress, addressLocality: store.contactCity, addressRegion: store.contactState, postalCode: store.contactZip, addressCountry: store.contactCountry === 'Ecuador' ? 'EC' : store.contactCountry } }
      : {}),
    ...(sameAs.length ? { sameAs } : {}),
    currenciesAccepted: 'USD',
  };
}

export function breadcrumbJsonLd(request: ShopRequest, items: { name: string; path: string }[]) {
  return {
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: localized(request, item.path) })),
  };
}

export function productJsonLd(frame: ShopFrame, request: ShopRequest, data: NonNullable<Awaited<ReturnType<typeof loadProduct>>>) {
  const { product } = data;
  const { store } = frame;
  const url = localized(request, shopPath('es', store.slug, `/product/${product.slug}`));
  const seller = { '@type': 'Organization', name: store.name };
  const offer = (sku: string, price: { paidCents: number }, stock: number, at: string) => ({
    '@type': 'Offer',
    url: at,
    ...(sku ? { sku } : {}),
    price: dollars(price.paidCents),
    priceCurrency: 'USD',
    availability: `${SCHEMA}/${stock > 0 ? 'InStock' : 'OutOfStock'}`,
    itemCondition: `${SCHEMA}/NewCondition`,
    seller,
  });
  const colorOf = (id: number | null) => data.colors.find((c) => c.id === id);
  const sizeOf = (id: number | null) => data.sizes.find((s) => s.id === id);
  const offers =
    data.variants.length > 0
      ? data.variants.map((v) => offer(v.sku, v.price, v.stock, `${url}${queryOf({ color: colorOf(v.colorId)?.slug, size: sizeOf(v.sizeId)?.slug, variant: v.colorId || v.sizeId ? '' : v.id })}`))
      : offer(product.sku, data.price, product.stock, url);
  const images = [...data.images, ...data.variants.flatMap((v) => (v.imageId ? [v.imageId] : []))].map((image) => absolute(request, mediaUrl(store.id, image, 1280)));
  return {
    '@context': SCHEMA,
    '@type': 'Product',
    name: product.name,
    url,
    // Words only, as Google reads a description: the page shows the formatting.
    ...(product.descriptionText ? { description: cutText(product.descriptionText, JSON_LD_DESCRIPTION_MAX) } : {}),
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.code ? { mpn: product.code } : {}),
    ...(images.length ? { image: [...new Set(images)] } : {}),
    ...(data.brand ? { brand: { '@type': 'Brand', name: data.brand.name } } : {}),
    ...(data.category ? { category: data.category.name } : {}),
    offers,
    ...(data.rating ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: data.rating.average, reviewCount: data.rating.count, bestRating: 5, worstRating: 1 } } : {}),
    ...(data.reviews.length
      ? {
          review: data.reviews.slice(0, 5).map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.authorName },
            datePublished: review.createdAt.slice(0, 10),
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
            ...(review.comment ? { reviewBody: review.comment } : {}),
          })),
        }
      : {}),
  };
}
