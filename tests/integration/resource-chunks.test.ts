import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES } from '#common/resources/index.ts';
import { makeStore, type TestStore } from '../support/factories.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// A kit screen loads its own resource's screens only (decision 043): each resource's columns and
// fields are a chunk of their own, which its pages preload and name for hydration, and no script
// of another resource's page rides along (needs `npm run build` first).
let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await createTestApp();
  store = await makeStore(t);
});
afterAll(() => t.dispose());

const screens = () => (JSON.parse(readFileSync('build/build-info.json', 'utf8')) as { screens: Record<string, string[]> }).screens;

/** Text each resource's screens alone hold: a test id or a message key of its columns or fields. */
const OWN_CODE = {
  color: 'catalog.color.fields.hex',
  product: 'duplicate-product',
  banner: 'banner-order-',
  review: 'catalog.review.stars',
  coupon: 'catalog.coupon.usedNoLimit',
} as const;

async function pageScripts(path: string) {
  const page = await t.app.inject({ url: path, headers: { cookie: `lang=es; ${store.owner.cookie}`, accept: 'text/html' } });
  expect(page.statusCode, page.body.slice(0, 500)).toBe(200);
  const urls = [...new Set([...page.body.matchAll(/"(\/assets\/[^"]+\.js)"/g)].map((match) => match[1]!))];
  const bodies = await Promise.all(urls.map(async (url) => (await t.app.inject(url)).body));
  return { html: page.body, urls, code: bodies.join('\n') };
}

describe('kit screens in the browser', () => {
  it('are a chunk per resource, named in the build', () => {
    const chunks = screens();
    expect(Object.keys(chunks).sort()).toEqual(RESOURCES.map((resource) => resource.key).sort());
    const own = Object.values(chunks).map((files) => files[0]);
    expect(new Set(own).size).toBe(RESOURCES.length);
  });

  it.each(['/catalog/color', '/catalog/color/new', '/en/catalog/color'])('%s preloads the color screens and names them for hydration; no other resource’s code is among its scripts', async (path) => {
    const chunks = screens();
    const { html, urls, code } = await pageScripts(path);
    expect(html).toContain('data-screens="color"');
    for (const file of chunks.color ?? []) expect(html).toContain(`<link rel="modulepreload" href="${file}" fetchPriority="low"/>`);
    for (const [key, files] of Object.entries(chunks)) if (key !== 'color') expect(urls).not.toContain(files[0]);
    expect(code).toContain(OWN_CODE.color);
    for (const [key, text] of Object.entries(OWN_CODE)) if (key !== 'color') expect(code, key).not.toContain(text);
  });

  it('a page that is no kit screen names none and loads none', async () => {
    const chunks = screens();
    const { html, urls, code } = await pageScripts('/store/settings');
    expect(html).not.toContain('data-screens=');
    for (const files of Object.values(chunks)) expect(urls).not.toContain(files[0]);
    for (const text of Object.values(OWN_CODE)) expect(code).not.toContain(text);
  });
});
