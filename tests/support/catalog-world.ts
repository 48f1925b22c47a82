import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { ResourceKey } from '#common/resources/index.ts';
import { STORE_RESOURCES } from '#server/resources/registry.ts';
import type { TestStore } from './factories.ts';
import { callApi } from './forms.ts';
import { multipart } from './multipart.ts';

// A record of every catalog and content resource in a store, made through the API, driven by the
// resource registry: every registered resource needs a fixture below (`tsc` refuses one without),
// so the isolation and API checks cover a resource added later.

/**
 * One record of every resource in a store, by resource key, the store's banner image, and a
 * catalog image its records leave unused (an upload is claimed once: it is there to be named by
 * another store's forms).
 */
export type World = Record<ResourceKey, number> & { image: string; catalogImage: string; catalogImages: string[] };
export type Body = Record<string, unknown>;

/**
 * What the tests need to know of each resource: a valid body in a store whose records are `w`
 * (`mark` makes its texts findable by search and its slugs its own), and which of its fields name
 * another record — the world's entry each takes. The order is the order records are made in.
 */
export type Fixture = { body: (w: World, mark: string) => Body; refs: Record<string, keyof World> };

export const FIXTURES: { [K in ResourceKey]: Fixture } = {
  category: { body: (_w, mark) => ({ name: `${mark} Ropa`, enabled: true }), refs: { imageId: 'catalogImage' } },
  subcategory: { body: (w, mark) => ({ categoryId: w.category, name: `${mark} Camisetas`, enabled: true }), refs: { categoryId: 'category', imageId: 'catalogImage' } },
  brand: { body: (_w, mark) => ({ name: `${mark} Andina`, enabled: true }), refs: { imageId: 'catalogImage' } },
  color: { body: (_w, mark) => ({ name: `${mark} Rojo`, hex: '#cc0000', enabled: true }), refs: {} },
  size: { body: (_w, mark) => ({ name: `${mark} M`, sortOrder: 2, enabled: true }), refs: {} },
  product: {
    body: (w, mark) => ({ name: `${mark} Camiseta`, categoryId: w.category, subcategoryId: w.subcategory, brandId: w.brand, colorId: w.color, sizeId: w.size, priceCents: 1999, stock: 3, enabled: true }),
    refs: { categoryId: 'category', subcategoryId: 'subcategory', brandId: 'brand', colorId: 'color', sizeId: 'size', imageIds: 'catalogImages' },
  },
  variant: { body: (w, mark) => ({ productId: w.product, name: `${mark} Roja M`, colorId: w.color, sizeId: w.size, priceCents: 1999, stock: 2, enabled: true }), refs: { productId: 'product', colorId: 'color', sizeId: 'size', imageId: 'catalogImage' } },
  coupon: { body: (_w, mark) => ({ code: `${mark.toUpperCase()}10`, discountType: 'percentage', discount: 1000, minimumCents: 0, enabled: true }), refs: {} },
  review: { body: (w, mark) => ({ productId: w.product, authorName: `${mark} Ana`, email: 'ana@example.com', rating: 5, comment: 'Muy buena', status: 'approved' }), refs: { productId: 'product' } },
  page: { body: (_w, mark) => ({ title: `${mark} Nosotros`, content: '<p>Hola</p>', published: true }), refs: {} },
  banner: { body: (w, mark) => ({ imageId: w.image, buttonName: `${mark} Ver`, link: 'https://example.com/ofertas', enabled: true }), refs: { imageId: 'image' } },
};

export const RESOURCE_KEYS = Object.keys(FIXTURES) as ResourceKey[];
export const resourceOf = (key: ResourceKey) => STORE_RESOURCES[key].resource;
/** The resource's collection in the API: `/api/v1/colors`. */
export const collection = (key: ResourceKey) => `/api/v1${resourceOf(key).apiPath}`;

/** An API body as the screen's form posts it: text fields, a switch "on" or absent. */
export function formOf(body: Body, key?: ResourceKey): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(body)) {
    if (value === false) continue;
    fields[name] = value === true ? 'on' : value === null ? '' : String(value);
  }
  // The API's whole hundredths (cents, basis points) are the form's decimals, typed the Spanish way.
  const hundredths = key ? (STORE_RESOURCES[key].resource.apiHundredths ?? {}) : {};
  for (const [field, api] of Object.entries(hundredths) as [string, { as: string } | undefined][]) {
    if (!api || typeof body[api.as] !== 'number') continue;
    delete fields[api.as];
    fields[field] = String((body[api.as] as number) / 100).replace('.', ',');
  }
  return fields;
}

/** A page's text as the user reads it (React escapes quotes and ampersands). */
export const unescapeHtml = (html: string) => html.replaceAll('&#x27;', "'").replaceAll('&quot;', '"').replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>');

/** A banner-sized PNG uploaded by the store's owner for a purpose: its upload id. */
export async function uploadBannerImage(app: FastifyInstance, store: TestStore, purpose: 'banner' | 'catalog' = 'banner'): Promise<string> {
  const data = await sharp({ create: { width: 1920, height: 768, channels: 3, background: '#1c9283' } }).png().toBuffer();
  const { payload, contentType } = multipart([{ name: 'purpose', value: purpose }, { name: 'file', filename: 'banner.png', data, type: 'image/png' }]);
  const response = await app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: `lang=es; ${store.owner.cookie}` } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as string;
}

/** A record of every resource in the store, made through the API in the fixtures' order. */
export async function makeWorld(app: FastifyInstance, store: TestStore, mark: string): Promise<World> {
  const catalogImage = await uploadBannerImage(app, store, 'catalog');
  const world = { image: await uploadBannerImage(app, store), catalogImage, catalogImages: [catalogImage] } as World;
  for (const key of RESOURCE_KEYS) {
    const response = await callApi(app, 'POST', collection(key), store.owner.cookie, FIXTURES[key].body(world, mark));
    expect(response.statusCode, `${key}: ${response.body}`).toBe(201);
    world[key] = response.json().id as number;
  }
  return world;
}
