import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStore, type TestStore } from '../../../tests/support/factories.ts';
import { callApi } from '../../../tests/support/forms.ts';
import { capStore } from '../../../tests/support/plan-limits.ts';
import { expectOtherStoreNotFound, type TwoStores, twoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// The store's pages (issue 11 §6) through their API, with the store guard on: the HTML the editor
// sends is sanitized on the server, the plan caps their number, another store's page is a 404.
let t: TestApp;
let stores: TwoStores;

beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const api = (method: Parameters<typeof callApi>[1], url: string, cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, url, cookie, payload, lang);

async function createPage(store: TestStore, input: object) {
  const response = await api('POST', '/api/v1/pages', store.owner.cookie, input);
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id as number;
}

describe('the pages API', () => {
  it('creates, reads, lists, changes and deletes a page, deriving its slug from the title', async () => {
    const store = await makeStore(t);
    const id = await createPage(store, { title: 'Sobre Nosotros', content: '<p>Somos <strong>Tiendabox</strong>.</p>', published: true });
    expect((await api('GET', `/api/v1/pages/${id}`, store.owner.cookie)).json()).toEqual({
      id, title: 'Sobre Nosotros', slug: 'sobre-nosotros', content: '<p>Somos <strong>Tiendabox</strong>.</p>', published: true, updatedAt: expect.any(String),
    });
    expect((await api('PUT', `/api/v1/pages/${id}`, store.owner.cookie, { title: 'Envíos', slug: 'envios', content: '<h2>Plazos</h2>', published: false })).statusCode).toBe(204);
    expect((await api('GET', '/api/v1/pages?q=env&status=draft', store.owner.cookie)).json()).toMatchObject({ total: 1, rows: [{ id, slug: 'envios', published: false }] });
    expect((await api('GET', '/api/v1/pages?status=published', store.owner.cookie)).json().total).toBe(0);
    expect((await api('DELETE', `/api/v1/pages/${id}`, store.owner.cookie)).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/pages/${id}`, store.owner.cookie)).statusCode).toBe(404);
  });

  it('strips scripts, event handlers, javascript: links and foreign styles, keeping the formatting', async () => {
    const store = await makeStore(t);
    const dirty = [
      '<p onclick="steal()">Hola <em>mundo</em><script>alert(1)</script></p>',
      '<a href="javascript:alert(1)">malo</a> <a href="https://example.com" onmouseover="x()">bueno</a>',
      '<img src=x onerror="alert(1)"><iframe src="https://evil.example"></iframe>',
      '<p style="position:fixed;top:0">tapa</p><p style="text-align:center">centrado</p>',
      '<a href="JaVaScRiPt&colon;alert(1)">codificado</a><svg><script>alert(2)</script></svg>',
    ].join('');
    const id = await createPage(store, { title: 'Prueba', content: dirty });
    const content = (await api('GET', `/api/v1/pages/${id}`, store.owner.cookie)).json().content as string;
    expect(content).not.toMatch(/script|onclick|onerror|onmouseover|javascript|iframe|<img|<svg|position/i);
    expect(content).toContain('<p>Hola <em>mundo</em></p>');
    expect(content).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow">bueno</a>');
    expect(content).toContain('<p style="text-align:center">centrado</p>');
    // an update is sanitized as well as a create
    await api('PUT', `/api/v1/pages/${id}`, store.owner.cookie, { title: 'Prueba', slug: 'prueba', content: '<p>ok</p><script>alert(3)</script>' });
    expect((await api('GET', `/api/v1/pages/${id}`, store.owner.cookie)).json().content).toBe('<p>ok</p>');
  });

  it('refuses bad input with field messages in the caller’s language, and a slug used twice', async () => {
    const store = await makeStore(t);
    const bad = await api('POST', '/api/v1/pages', store.owner.cookie, { title: '', slug: 'Con Espacios', content: 'x'.repeat(200_001) }, 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ title: 'This field is required', content: expect.stringMatching(/long/), slug: expect.stringMatching(/lowercase/) });
    const nul = await api('POST', '/api/v1/pages', store.owner.cookie, { title: 'Nulo', content: '<p>a\u0000b</p>' }, 'en');
    expect(nul.json().fields).toEqual({ content: 'The text contains a character that is not allowed' });
    const spanish = await api('POST', '/api/v1/pages', store.owner.cookie, { title: '' });
    expect(spanish.json().fields.title).toBe('Este campo es obligatorio');
    await createPage(store, { title: 'Contacto' });
    // A slug left blank is made free (issue 20 §5); one typed that another page has is refused.
    const twice = await api('POST', '/api/v1/pages', store.owner.cookie, { title: 'Contacto', slug: 'contacto' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().fields).toEqual({ slug: 'Ya existe un registro con esta dirección en tu tienda' });
    expect((await api('POST', '/api/v1/pages', stores.b.owner.cookie, { title: 'Contacto' })).statusCode).toBe(201);
  });

  it("refuses a page over the plan's limit with a message naming it, and counts pages in the store's usage", async () => {
    const store = await makeStore(t);
    await capStore(t, store, { maxPages: 2 });
    await createPage(store, { title: 'Uno' });
    const second = await createPage(store, { title: 'Dos' });
    const refused = await api('POST', '/api/v1/pages', store.owner.cookie, { title: 'Tres' });
    expect(refused.statusCode).toBe(409);
    expect(refused.body).toContain('Llegaste al máximo de páginas de tu plan (');
    const english = await api('POST', '/api/v1/pages', store.owner.cookie, { title: 'Three' }, 'en');
    expect(english.body).toContain('maximum of pages');
    expect((await api('GET', '/api/v1/store', store.owner.cookie)).json().usage.pages).toBe(2);
    // deleting one makes room again
    await api('DELETE', `/api/v1/pages/${second}`, store.owner.cookie);
    await createPage(store, { title: 'Tres' });
  });
});

describe('store isolation', () => {
  it("gives store A's owner a 404 for store B's page on screens, forms and API", async () => {
    const id = await createPage(stores.b, { title: 'Privada', content: '<p>B</p>' });
    await expectOtherStoreNotFound(t.app, stores.a.owner, {
      pages: [`/content/page/show?id=${id}`, `/en/content/page/show?id=${id}`],
      actions: [{ url: `/content/page/show?id=${id}`, fields: { intent: 'delete' } }],
      records: [{ path: '/api/v1/pages/{id}', id, body: { title: 'Robada' } }],
    });
    expect((await api('GET', `/api/v1/pages/${id}`, stores.b.owner.cookie)).json()).toMatchObject({ title: 'Privada' });
  });
});
