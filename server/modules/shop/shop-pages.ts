import { mediaUrl } from '#common/media-url.ts';
import { TEXT_MATCH_CAP } from '#common/search-terms.ts';
import type { ShopPrice } from '#common/shop-price.ts';
import { cutText, plainText } from '#server/modules/page/page-html.ts';
import { html, type SafeHtml, trustedHtml } from './shop-html.ts';
import type { PixelEvent } from './shop-pixel.ts';
import { type Head, logoUrl, shopDocument, type ShopRequest, srcset } from './shop-layout.ts';
import { breadcrumbJsonLd, productJsonLd, storeJsonLd } from './shop-seo.ts';
import type { CategoryFilters, loadCategory, loadHome, loadPage, loadProduct, loadSearch, ProductCard, ShopFrame } from './shop.service.ts';
import { PAGE_SIZE, SORTS } from './shop.service.ts';
import { queryOf, shopPath } from './shop-url.ts';
import { type ReviewForm, reviewSection } from './shop-review-form.ts';

// The storefront's pages: each takes the store (its frame), the request and what its loader read,
// and returns the whole HTML document — a string a page cache can keep per store and address.

export type Rendered = { status: number; html: string };

const bare = (frame: ShopFrame, rest = '') => shopPath('es', frame.store.slug, rest);
const link = (frame: ShopFrame, request: ShopRequest, rest = '') => shopPath(request.locale, frame.store.slug, rest);

/** One line of a description for a meta tag: no line breaks, at most 160 characters. */
function summary(text: string, fallback: string): string {
  return cutText((text || fallback).replace(/\s+/g, ' ').trim(), 160);
}

export function stars(rating: number, request: ShopRequest): SafeHtml {
  const full = Math.round(rating);
  return html`<span class="stars" role="img" aria-label="${request.tr.t(request.tr.texts.ratingStars, { rating })}">${'★'.repeat(full)}${'☆'.repeat(5 - full)}</span>`;
}

export function priceBlock(price: ShopPrice, request: ShopRequest, size: 'card' | 'page' = 'card'): SafeHtml {
  const { tr } = request;
  return html`<p class="price price-${size}"><span class="sr-only">${tr.texts.priceLabel}: </span><span class="price-now">${tr.money(price.paidCents)}</span>${price.oldCents !== null ? html` <span class="sr-only">${tr.texts.oldPrice}: </span><s class="price-old">${tr.money(price.oldCents)}</s>` : ''}</p>`;
}

function productCard(frame: ShopFrame, request: ShopRequest, card: ProductCard, eager: boolean): SafeHtml {
  const { tr } = request;
  const id = frame.store.id;
  return html`<li class="card"><a href="${link(frame, request, `/product/${card.slug}`)}">
<div class="card-media">${card.imageId ? html`<img src="${mediaUrl(id, card.imageId, 320)}" srcset="${srcset(id, card.imageId, [320, 640])}" sizes="(min-width: 1200px) 280px, (min-width: 700px) 30vw, 46vw" width="320" height="320" alt=""${eager ? '' : html` loading="lazy"`}>` : html`<span class="card-placeholder" aria-hidden="true">${card.name.slice(0, 1)}</span>`}
${card.price.oldCents !== null ? html`<span class="badge badge-sale">${tr.t(tr.texts.discountBadge, { percent: card.price.savingPercent })}</span>` : ''}
${card.stock <= 0 ? html`<span class="badge badge-out">${tr.texts.outOfStock}</span>` : ''}</div>
<div class="card-body"><h3 class="card-title">${card.name}</h3>
${priceBlock(card.price, request)}
${card.rating ? html`<p class="card-rating">${stars(card.rating.average, request)} <span class="muted">(${card.rating.count})</span></p>` : ''}</div>
</a></li>`;
}

const productGrid = (frame: ShopFrame, request: ShopRequest, cards: ProductCard[], eagerFirst = 0) =>
  html`<ul class="grid products">${cards.map((card, index) => productCard(frame, request, card, index < eagerFirst))}</ul>`;

function breadcrumb(request: ShopRequest, items: { name: string; href?: string }[]): SafeHtml {
  return html`<nav class="breadcrumb" aria-label="${request.tr.texts.breadcrumb}"><ol>${items.map((item) =>
    item.href ? html`<li><a href="${item.href}">${item.name}</a></li>` : html`<li><span aria-current="page">${item.name}</span></li>`,
  )}</ol></nav>`;
}

function pagination(request: ShopRequest, total: number, page: number, hrefOf: (page: number) => string): SafeHtml | '' {
  const pages = Math.ceil(total / PAGE_SIZE);
  if (pages <= 1) return '';
  const { tr } = request;
  const shown = [...new Set([1, page - 1, page, page + 1, pages])].filter((n) => n >= 1 && n <= pages).sort((a, b) => a - b);
  return html`<nav class="pagination" aria-label="${tr.texts.pagination}"><p class="sr-only">${tr.t(tr.texts.pageOf, { page, pages })}</p><ul>
${page > 1 ? html`<li><a href="${hrefOf(page - 1)}" rel="prev">${tr.texts.previous}</a></li>` : ''}
${shown.map((n, index) => html`${index > 0 && n - shown[index - 1]! > 1 ? html`<li aria-hidden="true">…</li>` : ''}<li>${n === page ? html`<span aria-current="page">${n}</span>` : html`<a href="${hrefOf(n)}">${n}</a>`}</li>`)}
${page < pages ? html`<li><a href="${hrefOf(page + 1)}" rel="next">${tr.texts.next}</a></li>` : ''}
</ul></nav>`;
}

export function renderHome(frame: ShopFrame, request: ShopRequest, data: Awaited<ReturnType<typeof loadHome>>): Rendered {
  const { tr } = request;
  const { store } = frame;
  const id = store.id;
  const firstBanner = data.banners[0];
  const main = html`
${data.banners.length
  ? html`<section class="banners" aria-label="${store.name}"><ul class="banner-track">${data.banners.map((banner, index) => {
      const target = banner.link && (banner.link.startsWith('/') || /^https?:\/\//i.test(banner.link)) ? banner.link : null;
      return html`<li class="banner"><img src="${mediaUrl(id, banner.imageId!, 1280)}" srcset="${srcset(id, banner.imageId!, [640, 1280, 1920])}" sizes="100vw" width="1920" height="768" alt=""${index === 0 ? html` fetchpriority="high"` : html` loading="lazy"`}>
${banner.buttonName && target ? html`<a class="button banner-button" href="${target}">${banner.buttonName}</a>` : ''}</li>`;
    })}</ul></section>`
  : ''}
<div class="wrap">
<section class="intro"><h1>${store.name}</h1>${store.description ? html`<p>${store.description}</p>` : ''}${store.rating > 0 ? html`<p>${stars(store.rating, request)}</p>` : ''}</section>
${frame.categories.length
  ? html`<section aria-labelledby="home-categories"><h2 id="home-categories">${tr.texts.shopByCategory}</h2><ul class="grid categories">${frame.categories.map((category) => html`<li><a class="category-tile" href="${link(frame, request, `/category/${category.slug}`)}">${category.imageId ? html`<img src="${mediaUrl(id, category.imageId, 320)}" width="320" height="320" alt="" loading="lazy">` : ''}<span>${category.name}</span></a></li>`)}</ul></section>`
  : ''}
${data.featured.length ? html`<section aria-labelledby="home-featured"><h2 id="home-featured">${tr.texts.featured}</h2>${productGrid(frame, request, data.featured, firstBanner ? 0 : 4)}</section>` : ''}
${data.newest.length ? html`<section aria-labelledby="home-new"><h2 id="home-new">${tr.texts.newArrivals}</h2>${productGrid(frame, request, data.newest)}</section>` : ''}
</div>`;
  const head: Head = {
    title: store.name,
    description: summary(store.description, store.name),
    canonical: bare(frame),
    image: firstBanner ? mediaUrl(id, firstBanner.imageId!, 1280) : logoUrl(frame),
    jsonLd: [storeJsonLd(frame, request)],
  };
  return { status: 200, html: shopDocument(frame, request, head, main) };
}

function select(name: string, label: string, value: string, options: { value: string; label: string }[], anyLabel: string): SafeHtml {
  return html`<div class="field"><label for="filter-${name}">${label}</label><select id="filter-${name}" name="${name}"><option value="">${anyLabel}</option>${options.map((option) => html`<option value="${option.value}"${option.value === value ? ' selected' : ''}>${option.label}</option>`)}</select></div>`;
}

export function renderCategory(frame: ShopFrame, request: ShopRequest, filters: CategoryFilters, data: NonNullable<Awaited<ReturnType<typeof loadCategory>>>): Rendered {
  const { tr } = request;
  const { category } = data;
  const path = link(frame, request, `/category/${category.slug}`);
  const filterQuery = (changes: Partial<CategoryFilters> = {}) => {
    const f = { ...filters, ...changes };
    return queryOf({ sub: f.sub, brand: f.brand, color: f.color, size: f.size, min: f.min, max: f.max, stock: f.inStock, sort: f.sort === 'relevance' ? '' : f.sort, page: f.page > 1 ? f.page : '' });
  };
  const active = Boolean(filters.brand || filters.color || filters.size || filters.min || filters.max || filters.inStock);
  const title = data.subcategory ? `${data.subcategory.name} · ${category.name}` : category.name;
  const main = html`<div class="wrap">
${breadcrumb(request, [{ name: tr.texts.home, href: link(frame, request) }, ...(data.subcategory ? [{ name: category.name, href: path }, { name: data.subcategory.name }] : [{ name: category.name }])])}
<h1>${title}</h1>
${data.subcategories.length
  ? html`<nav aria-label="${tr.texts.subcategories}" class="chips"><ul>
<li><a href="${path}${filterQuery({ sub: '', page: 1 })}"${data.subcategory ? '' : html` aria-current="page"`}>${tr.texts.allSubcategories}</a></li>
${data.subcategories.map((sub) => html`<li><a href="${path}${filterQuery({ sub: sub.slug, page: 1 })}"${data.subcategory?.id === sub.id ? html` aria-current="page"` : ''}>${sub.name}</a></li>`)}
</ul></nav>`
  : ''}
<form class="filters" method="get" action="${path}" aria-label="${tr.texts.filters}">
${data.subcategory ? html`<input type="hidden" name="sub" value="${data.subcategory.slug}">` : ''}
${data.brands.length ? select('brand', tr.texts.brand, filters.brand, data.brands.map((b) => ({ value: b.slug, label: b.name })), tr.texts.anyOption) : ''}
${data.colors.length ? select('color', tr.texts.color, filters.color, data.colors.map((c) => ({ value: c.slug, label: c.name })), tr.texts.anyOption) : ''}
${data.sizes.length ? select('size', tr.texts.size, filters.size, data.sizes.map((s) => ({ value: s.slug, label: s.name })), tr.texts.anyOption) : ''}
<fieldset class="field price-range"${data.priceError ? html` aria-describedby="price-error"` : ''}><legend>${tr.texts.priceRange}</legend>
<div><label for="filter-min" class="sr-only">${tr.texts.priceMin}</label><input id="filter-min" name="min" inputmode="decimal" placeholder="${tr.texts.priceMin}" value="${filters.min}" size="6"${data.priceError ? html` aria-invalid="true"` : ''}>
<span aria-hidden="true">–</span>
<label for="filter-max" class="sr-only">${tr.texts.priceMax}</label><input id="filter-max" name="max" inputmode="decimal" placeholder="${tr.texts.priceMax}" value="${filters.max}" size="6"${data.priceError ? html` aria-invalid="true"` : ''}></div>
${data.priceError ? html`<p class="field-error" id="price-error">${tr.texts.priceInvalid}</p>` : ''}</fieldset>
<div class="field check"><input type="checkbox" id="filter-stock" name="stock" value="1"${filters.inStock ? ' checked' : ''}><label for="filter-stock">${tr.texts.inStockOnly}</label></div>
${select('sort', tr.texts.sortLabel, filters.sort === 'relevance' ? '' : filters.sort, SORTS.filter((s) => s !== 'relevance').map((s) => ({ value: s, label: tr.texts.sort[s] })), tr.texts.sort.relevance)}
<div class="field actions"><button type="submit" class="button">${tr.texts.applyFilters}</button>${active ? html`<a href="${path}${queryOf({ sub: filters.sub })}">${tr.texts.clearFilters}</a>` : ''}</div>
</form>
<p class="result-count" role="status">${tr.plural(tr.texts.results, data.total)}</p>
${data.products.length ? html`<h2 class="sr-only">${tr.texts.productsHeading}</h2>${productGrid(frame, request, data.products, 4)}` : html`<p class="empty">${tr.texts.emptyCategory}</p>`}
${pagination(request, data.total, filters.page, (page) => `${path}${filterQuery({ page })}`)}
</div>`;
  const crumbs = [{ name: frame.store.name, path: bare(frame) }, { name: category.name, path: bare(frame, `/category/${category.slug}`) }];
  const head: Head = {
    title: filters.page > 1 ? `${title} (${tr.t(tr.texts.pageOf, { page: filters.page, pages: Math.max(1, Math.ceil(data.total / PAGE_SIZE)) })})` : title,
    description: summary(`${category.name} — ${frame.store.description}`, category.name),
    // Filtered and sorted views point to the plain category; its pages stay their own.
    canonical: `${bare(frame, `/category/${category.slug}`)}${queryOf({ sub: filters.sub && data.subcategory ? filters.sub : '', page: filters.page > 1 ? filters.page : '' })}`,
    image: category.imageId ? mediaUrl(frame.store.id, category.imageId, 640) : logoUrl(frame),
    jsonLd: [breadcrumbJsonLd(request, crumbs)],
    noindex: active || filters.sort !== 'relevance',
  };
  return { status: 200, html: shopDocument(frame, request, head, main) };
}

export function renderSearch(frame: ShopFrame, request: ShopRequest, q: string, page: number, data: Awaited<ReturnType<typeof loadSearch>>): Rendered {
  const { tr } = request;
  const path = link(frame, request, '/search');
  const query = q.trim();
  const main = html`<div class="wrap">
<h1>${query ? tr.t(tr.texts.searchTitle, { q: query }) : tr.texts.searchEmptyTitle}</h1>
${query ? html`<p class="result-count" role="status">${data.capped ? tr.t(tr.texts.resultsMore, { count: TEXT_MATCH_CAP }) : tr.plural(tr.texts.results, data.total)}</p>` : ''}
${query && data.products.length === 0 ? html`<div class="empty"><p>${tr.t(tr.texts.noResults, { q: query })}</p><p class="muted">${tr.texts.noResultsHint}</p></div>` : ''}
${data.products.length ? html`<h2 class="sr-only">${tr.texts.productsHeading}</h2>${productGrid(frame, request, data.products, 4)}` : ''}
${pagination(request, data.total, page, (n) => `${path}${queryOf({ q: query, page: n > 1 ? n : '' })}`)}
</div>`;
  const head: Head = { title: query ? tr.t(tr.texts.searchTitle, { q: query }) : tr.texts.searchEmptyTitle, description: summary(frame.store.description, frame.store.name), canonical: null, noindex: true };
  return { status: 200, html: shopDocument(frame, request, head, main, { query, pixelEvents: query ? [{ type: 'search', query, results: data.total }] : [] }) };
}

export function renderContentPage(frame: ShopFrame, request: ShopRequest, page: NonNullable<Awaited<ReturnType<typeof loadPage>>>): Rendered {
  const { tr } = request;
  const text = plainText(page.content);
  const main = html`<div class="wrap narrow">
${breadcrumb(request, [{ name: tr.texts.home, href: link(frame, request) }, { name: page.title }])}
<article class="content"><h1>${page.title}</h1>${trustedHtml(page.content)}</article>
</div>`;
  const head: Head = {
    title: page.title,
    description: summary(text, page.title),
    canonical: bare(frame, `/page/${page.slug}`),
    image: logoUrl(frame),
    type: 'article',
    jsonLd: [breadcrumbJsonLd(request, [{ name: frame.store.name, path: bare(frame) }, { name: page.title, path: bare(frame, `/page/${page.slug}`) }])],
  };
  return { status: 200, html: shopDocument(frame, request, head, main) };
}

export function renderNotFound(frame: ShopFrame, request: ShopRequest): Rendered {
  const { tr } = request;
  const main = html`<div class="wrap narrow not-found"><p class="big" aria-hidden="true">404</p><h1>${tr.texts.notFoundTitle}</h1><p>${tr.texts.notFoundText}</p>
<p><a class="button" href="${link(frame, request)}">${tr.texts.backToStore}</a></p></div>`;
  return { status: 404, html: shopDocument(frame, request, { title: tr.texts.notFoundTitle, description: tr.texts.notFoundText, canonical: null, noindex: true }, main) };
}

/** A `?page=` that is no page (400): what was typed, and a link to the first page of the same list. */
export function renderBadPage(frame: ShopFrame, request: ShopRequest, typed: string, firstPage: string): Rendered {
  const { tr } = request;
  const text = tr.t(tr.texts.badPageText, { page: typed });
  const main = html`<div class="wrap narrow not-found"><p class="big" aria-hidden="true">400</p><h1>${tr.texts.badPageTitle}</h1><p>${text}</p>
<p><a class="button" href="${firstPage}">${tr.texts.firstPage}</a></p></div>`;
  return { status: 400, html: shopDocument(frame, request, { title: tr.texts.badPageTitle, description: text, canonical: null, noindex: true }, main) };
}

/** The variant a shopper chose by colour and size (or by id), else the first one in stock. */
export function chooseVariant(data: NonNullable<Awaited<ReturnType<typeof loadProduct>>>, params: URLSearchParams) {
  const { variants, colors, sizes } = data;
  if (variants.length === 0) return { variant: null, color: null, size: null };
  const byId = variants.find((v) => String(v.id) === params.get('variant'));
  const color = colors.find((c) => c.slug === params.get('color')) ?? (byId ? colors.find((c) => c.id === byId.colorId) : undefined);
  const size = sizes.find((s) => s.slug === params.get('size')) ?? (byId ? sizes.find((s) => s.id === byId.sizeId) : undefined);
  type V = (typeof variants)[number];
  const matches = (v: V) => (!color || v.colorId === color.id) && (!size || v.sizeId === size.id);
  const ofColor = (v: V) => !color || v.colorId === color.id;
  // The exact choice, else the chosen colour in another size, else anything — in stock first.
  const variant =
    byId && matches(byId)
      ? byId
      : (variants.find((v) => matches(v) && v.stock > 0) ?? variants.find(matches) ?? variants.find((v) => ofColor(v) && v.stock > 0) ?? variants.find(ofColor) ?? variants.find((v) => v.stock > 0) ?? variants[0]!);
  return { variant, color: colors.find((c) => c.id === variant.colorId) ?? null, size: sizes.find((s) => s.id === variant.sizeId) ?? null };
}

export function renderProduct(frame: ShopFrame, request: ShopRequest, params: URLSearchParams, data: NonNullable<Awaited<ReturnType<typeof loadProduct>>>, form: ReviewForm): Rendered {
  const { tr } = request;
  const { product } = data;
  const id = frame.store.id;
  const path = link(frame, request, `/product/${product.slug}`);
  const chosen = chooseVariant(data, params);
  const variant = chosen.variant;
  const price = variant ? variant.price : data.price;
  const stock = variant ? variant.stock : product.stock;
  const images = [...(variant?.imageId ? [variant.imageId] : []), ...data.images.filter((image) => image !== variant?.imageId)];
  const shown = Math.min(Math.max(Number(params.get('image')) || 1, 1), Math.max(images.length, 1));
  const main = images[shown - 1];
  const keep = (changes: Record<string, string | number>) =>
    `${path}${queryOf({ color: chosen.color?.slug, size: chosen.size?.slug, variant: !chosen.color && !chosen.size && variant ? variant.id : '', ...changes })}`;
  const axes = data.colors.length > 0 || data.sizes.length > 0;
  const available = (colorId: number | null, sizeId: number | null) =>
    data.variants.some((v) => (colorId === null || v.colorId === colorId) && (sizeId === null || v.sizeId === sizeId) && v.stock > 0);

  const choices = html`${data.variants.length > 0 && axes && data.colors.length > 0
  ? html`<div class="choice"><h2 class="choice-label" id="choice-color">${tr.texts.chooseColor}: <span class="muted">${chosen.color?.name ?? ''}</span></h2><ul class="swatches" aria-labelledby="choice-color">${data.colors.map((color) => {
      const selected = chosen.color?.id === color.id;
      const inStock = available(color.id, null);
      const name = selected ? tr.t(tr.texts.selectedOption, { name: color.name }) : inStock ? color.name : tr.t(tr.texts.optionUnavailable, { name: color.name });
      return html`<li><a class="swatch${inStock ? '' : ' is-out'}" href="${keep({ color: color.slug, size: '', image: '' })}" aria-label="${name}"${selected ? html` aria-current="true"` : ''} style="--swatch:${/^#[0-9a-f]{3,8}$/i.test(color.hex) ? color.hex : '#ccc'}"></a></li>`;
    })}</ul></div>`
  : ''}
${data.variants.length > 0 && axes && data.sizes.length > 0
  ? html`<div class="choice"><h2 class="choice-label" id="choice-size">${tr.texts.chooseSize}: <span class="muted">${chosen.size?.name ?? ''}</span></h2><ul class="sizes" aria-labelledby="choice-size">${data.sizes.map((size) => {
      const selected = chosen.size?.id === size.id;
      const inStock = available(chosen.color?.id ?? null, size.id);
      return html`<li><a class="size${inStock ? '' : ' is-out'}" href="${keep({ size: size.slug, image: '' })}"${selected ? html` aria-current="true"` : ''}${inStock ? '' : html` aria-label="${tr.t(tr.texts.optionUnavailable, { name: size.name })}"`}>${size.name}</a></li>`;
    })}</ul></div>`
  : ''}
${data.variants.length > 0 && !axes
  ? html`<div class="choice"><h2 class="choice-label" id="choice-variant">${tr.texts.chooseVariant}</h2><ul class="sizes" aria-labelledby="choice-variant">${data.variants.map((v) => html`<li><a class="size${v.stock > 0 ? '' : ' is-out'}" href="${path}${queryOf({ variant: v.id })}"${variant?.id === v.id ? html` aria-current="true"` : ''}>${v.name}</a></li>`)}</ul></div>`
  : ''}`;

  const body = html`<div class="wrap">
${breadcrumb(request, [
  { name: tr.texts.home, href: link(frame, request) },
  ...(data.category ? [{ name: data.category.name, href: link(frame, request, `/category/${data.category.slug}`) }] : []),
  { name: product.name },
])}
<div class="product">
<section class="gallery" aria-label="${tr.texts.gallery}">
<div class="gallery-main">${main ? html`<img src="${mediaUrl(id, main, 640)}" srcset="${srcset(id, main, [320, 640, 1280])}" sizes="(min-width: 900px) 560px, 100vw" width="640" height="640" alt="${tr.t(tr.texts.imageOf, { n: shown, name: product.name })}" fetchpriority="high">` : html`<span class="card-placeholder" aria-hidden="true">${product.name.slice(0, 1)}</span>`}
${price.oldCents !== null ? html`<span class="badge badge-sale">${tr.t(tr.texts.discountBadge, { percent: price.savingPercent })}</span>` : ''}</div>
${images.length > 1 ? html`<ul class="thumbs">${images.map((image, index) => html`<li><a href="${keep({ image: index + 1 })}"${index + 1 === shown ? html` aria-current="true"` : ''}><img src="${mediaUrl(id, image, 320)}" width="80" height="80" alt="${tr.t(tr.texts.showImage, { n: index + 1 })}" loading="lazy"></a></li>`)}</ul>` : ''}
</section>
<div class="product-info">
${data.brand ? html`<p class="eyebrow">${data.brand.name}</p>` : ''}
<h1>${product.name}</h1>
${data.rating ? html`<p class="rating-line">${stars(data.rating.average, request)} <a href="#reviews">${tr.plural(tr.texts.reviewCount, data.rating.count)}</a></p>` : ''}
${priceBlock(price, request, 'page')}
<p class="muted small">${tr.texts.taxIncluded}</p>
${choices}
<p class="stock ${stock > 0 ? 'in' : 'out'}">${stock > 0 ? tr.plural(tr.texts.inStock, stock) : tr.texts.outOfStock}</p>
${stock > 0 ? html`<form class="add-form" method="post" action="${link(frame, request, '/cart')}"><input type="hidden" name="intent" value="add"><input type="hidden" name="product" value="${product.id}"><input type="hidden" name="variant" value="${variant?.id ?? ''}">
<div class="field"><label for="add-quantity">${tr.texts.cart.quantity}</label><input id="add-quantity" name="quantity" type="number" inputmode="numeric" min="1" max="${Math.min(stock, 999)}" value="1"></div>
<button type="submit">${tr.texts.cart.addToCart}</button></form>` : ''}
${product.descriptionText ? html`<div class="lead content">${trustedHtml(product.description)}</div>` : ''}
<dl class="facts"><dt>${tr.texts.sku}</dt><dd>${variant?.sku || product.sku || product.code}</dd>${data.brand ? html`<dt>${tr.texts.brandLabel}</dt><dd>${data.brand.name}</dd>` : ''}</dl>
</div>
</div>
${product.content ? html`<section class="content product-content" aria-labelledby="product-details"><h2 id="product-details">${tr.texts.details}</h2>${trustedHtml(product.content)}</section>` : ''}
${reviewSection(frame, request, data, form)}
</div>`;

  const crumbs = [
    { name: frame.store.name, path: bare(frame) },
    ...(data.category ? [{ name: data.category.name, path: bare(frame, `/category/${data.category.slug}`) }] : []),
    { name: product.name, path: bare(frame, `/product/${product.slug}`) },
  ];
  const image = data.images[0] ? mediaUrl(id, data.images[0], 1280) : logoUrl(frame);
  const head: Head = {
    title: product.name,
    description: summary(product.descriptionText, `${product.name} — ${frame.store.name}`),
    canonical: bare(frame, `/product/${product.slug}`),
    image,
    type: 'product',
    jsonLd: [productJsonLd(frame, request, data), breadcrumbJsonLd(request, crumbs)],
  };
  // Allowed by the storefront's policy ('self', decision 064): no nonce, so the page can be stored.
  const scripts = request.altcha ? html`<script type="module" src="/shop-assets/altcha.js"></script>` : undefined;
  const viewed: PixelEvent = { type: 'product_viewed', product: { id: product.id, sku: variant?.sku || product.sku, name: product.name, priceCents: price.paidCents, currency: 'USD', category: data.category?.name ?? null } };
  return { status: form.errors && Object.keys(form.errors).length ? 400 : 200, html: shopDocument(frame, request, head, body, { scripts, pixelEvents: [viewed] }) };
}

