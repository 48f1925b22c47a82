import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../support/factories.ts';
import { callApi } from '../support/forms.ts';
import { capStore } from '../support/plan-limits.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 21 §6: ten creates at once with the same slug or code. SQLite runs one writer at a time,
// so the second check sees the first row; on PostgreSQL every check passed and the unique index
// refused nine inserts with a 500. Both databases must answer one 201 and nine times the same 409
// field error. Needs `npm run build` first.
let t: TestApp;
let store: TestStore;
let categoryId: number;
beforeAll(async () => {
  t = await createTestApp();
  store = await makeStore(t);
  // Room for every page these tests make (the default plan allows five).
  await capStore(t, store, {});
  const category = await callApi(t.app, 'POST', '/api/v1/categories', store.owner.cookie, { name: 'Ropa', enabled: true });
  expect(category.statusCode, category.body).toBe(201);
  categoryId = category.json().id;
});
afterAll(() => t.dispose());

async function createTenAtOnce(url: string, body: Record<string, unknown>) {
  const answers = await Promise.all(Array.from({ length: 10 }, () => callApi(t.app, 'POST', url, store.owner.cookie, body)));
  return { statuses: answers.map((answer) => answer.statusCode).sort(), refusals: answers.filter((answer) => answer.statusCode !== 201).map((answer) => answer.json()) };
}

describe('parallel creates of one slug or code', () => {
  it('coupons with one code: one is made, the others are the 409 that names the code', async () => {
    const { statuses, refusals } = await createTenAtOnce('/api/v1/coupons', { code: 'RACE10', discountType: 'percentage', discount: 1000, minimumCents: 0, enabled: true });
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ error: 'catalog.coupon.codeTaken', fields: { code: expect.any(String) } });
  });

  it('pages with one typed slug: one is made, the others are the 409 that names the slug', async () => {
    const { statuses, refusals } = await createTenAtOnce('/api/v1/pages', { title: 'Nosotros', slug: 'nosotros', content: '<p>Hola</p>', published: true });
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ error: 'validation.slugTaken', fields: { slug: 'Ya existe un registro con esta dirección en tu tienda' } });
  });

  it('pages with one title and no slug: all ten are made, each with a free slug (issue 20 §5)', async () => {
    const { statuses } = await createTenAtOnce('/api/v1/pages', { title: 'Quiénes somos', content: '<p>Hola</p>', published: true });
    expect(statuses).toEqual(Array(10).fill(201));
    const slugs = (await callApi(t.app, 'GET', '/api/v1/pages?q=Qui%C3%A9nes', store.owner.cookie)).json().rows.map((row: { slug: string }) => row.slug).sort();
    expect(slugs).toEqual(['quienes-somos', ...Array.from({ length: 9 }, (_, n) => `quienes-somos-${n + 2}`)].sort());
  });

  it('products with one slug: the same', async () => {
    const { statuses, refusals } = await createTenAtOnce('/api/v1/products', { name: 'Camiseta', slug: 'camiseta-race', categoryId, priceCents: 1999, stock: 3, enabled: true });
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    for (const refusal of refusals) expect(refusal).toMatchObject({ error: 'validation.slugTaken', fields: { slug: expect.any(String) } });
    const list = await callApi(t.app, 'GET', '/api/v1/products?q=Camiseta', store.owner.cookie);
    expect(list.json().rows).toHaveLength(1);
  });

  it('products with one name and no slug: all ten are made, each with a free slug (issue 36 §10)', async () => {
    // On PostgreSQL nine of ten answered 500: each read the same free slug, and the unique index refused them.
    const { statuses } = await createTenAtOnce('/api/v1/products', { name: 'Gorra Rayada', categoryId, priceCents: 1500, stock: 2, enabled: true });
    expect(statuses).toEqual(Array(10).fill(201));
    const slugs = (await callApi(t.app, 'GET', '/api/v1/products?q=Gorra%20Rayada', store.owner.cookie)).json().rows.map((row: { slug: string }) => row.slug).sort();
    expect(slugs).toEqual(['gorra-rayada', ...Array.from({ length: 9 }, (_, n) => `gorra-rayada-${n + 2}`)].sort());
  });

  it('updates racing to one slug: one wins, the other is the same 409', async () => {
    const made = await Promise.all(['Falda', 'Blusa'].map((name) => callApi(t.app, 'POST', '/api/v1/pages', store.owner.cookie, { title: name, content: '<p>x</p>', published: true })));
    const ids = made.map((answer) => answer.json().id as number);
    const answers = await Promise.all(ids.map((id) => callApi(t.app, 'PUT', `/api/v1/pages/${id}`, store.owner.cookie, { title: 'Contacto', slug: 'contacto', content: '<p>x</p>', published: true })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([204, 409]);
  });
});
