import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeStaff, makeStore, makeUser, type TestStore, type TestUser } from '../../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../../tests/support/forms.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';

// Plans and the back office's stores through the API and the pages (issue 10 §8): who may read,
// who may write, what a refusal says. Needs `npm run build` first.
let t: TestApp;
let client: TestUser;
let staff: TestUser;
let admin: TestUser;
let store: TestStore;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
  [client, staff, admin] = [await makeUser(t), await makeStaff(t), await makeAdmin(t)];
  store = await makeStore(t, { name: 'Tienda Guardada' });
});
afterAll(() => t.dispose());

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, who: TestUser | null, payload?: object, lang = 'es') => callApi(t.app, method, url, who?.cookie ?? '', payload, lang);
const body = (overrides: Record<string, unknown> = {}) => ({ name: `API ${++n}`, nameEn: `API ${n} (English)`, price: 19.5, maxProducts: 200, maxBanners: 6, maxPages: 12, features: ['Dominio propio', 'Soporte'], isDefault: false, ...overrides });
const html = async (url: string, who: TestUser) => (await getPage(t.app, url, who.cookie)).body;

describe('/api/v1/plans', () => {
  it('gives every logged-in user the plans, and a visitor 401', async () => {
    const response = await api('GET', '/api/v1/plans', client);
    expect(response.statusCode).toBe(200);
    expect(response.json().rows).toContainEqual(expect.objectContaining({ name: 'Básico', isDefault: true, features: expect.any(Array) }));
    expect((await api('GET', '/api/v1/plans', null)).statusCode).toBe(401);
  });

  it('carries the seeded plan in both languages, and English pages show it in English (issue 20 §11)', async () => {
    const rows = (await api('GET', '/api/v1/plans', client)).json().rows as { name: string; nameEn: string; features: string[]; featuresEn: string[] }[];
    expect(rows).toContainEqual(
      expect.objectContaining({ name: 'Básico', nameEn: 'Basic', features: ['Tienda en línea con dirección propia', 'Catálogo y contenido', 'Pedidos y facturas'], featuresEn: ['Online store at its own address', 'Catalog and content', 'Orders and invoices'] }),
    );
    // what the page shows (its scripts carry the loader's data, both languages' words)
    const english = (await html('/en/admin/plan', admin)).replace(/<script[\s\S]*?<\/script>/g, '');
    expect(english).toContain('Basic');
    expect(english).toContain('Catalog and content');
    expect(english).not.toContain('Catálogo y contenido');
    expect(await html('/admin/plan', admin)).toContain('Catálogo y contenido');
    // the owner's store home and the back office's store screens, in each language
    expect(await html('/en/store', store.owner)).toMatch(/data-testid="store-plan">Basic</);
    expect(await html('/store', store.owner)).toMatch(/data-testid="store-plan">Básico</);
    expect(await html(`/en/admin/store/show?id=${store.id}`, staff)).toContain('Basic');
    expect(await html(`/en/admin/store?q=${store.slug}`, staff)).toContain('Basic');
  });
});

describe('/api/v1/admin/plans', () => {
  it('lets an admin create, read, change and delete a plan', async () => {
    const created = await api('POST', '/api/v1/admin/plans', admin, body({ name: 'Pro API' }));
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json();
    expect((await api('GET', `/api/v1/admin/plans/${id}`, admin)).json()).toMatchObject({ name: 'Pro API', priceCents: 1950, features: ['Dominio propio', 'Soporte'], isDefault: false });
    expect((await api('PUT', `/api/v1/admin/plans/${id}`, admin, body({ name: 'Pro API 2', price: 25 }))).statusCode).toBe(204);
    expect((await api('GET', '/api/v1/admin/plans', admin)).json().rows).toContainEqual(expect.objectContaining({ id, name: 'Pro API 2', priceCents: 2500, stores: 0 }));
    expect((await api('DELETE', `/api/v1/admin/plans/${id}`, admin)).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/admin/plans/${id}`, admin)).statusCode).toBe(404);
  });

  it('answers with field messages in the asked language, and refuses to delete the default or a plan in use', async () => {
    const bad = await api('POST', '/api/v1/admin/plans', admin, body({ name: '', maxProducts: -1 }), 'en');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toMatchObject({ name: 'This field is required' });
    const defaultId = (await api('GET', '/api/v1/plans', admin)).json().rows.find((plan: { isDefault: boolean }) => plan.isDefault).id;
    const refused = await api('DELETE', `/api/v1/admin/plans/${defaultId}`, admin, undefined, 'en');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('The default plan cannot be deleted: mark another plan as the default first');
    const unmark = await api('PUT', `/api/v1/admin/plans/${defaultId}`, admin, body({ isDefault: false }));
    expect(unmark.statusCode).toBe(409);
    expect(unmark.json().fields).toEqual({ isDefault: expect.stringContaining('Siempre debe haber un plan predeterminado') });
    const used = (await api('POST', '/api/v1/admin/plans', admin, body())).json().id;
    expect((await api('PUT', `/api/v1/admin/stores/${store.id}/plan`, admin, { planId: used, expiresAt: '2027-02-01' })).statusCode).toBe(204);
    const inUse = await api('DELETE', `/api/v1/admin/plans/${used}`, admin);
    expect([inUse.statusCode, inUse.json().error]).toEqual([409, 'plan.inUse']);
  });

  it('does not exist for staff or clients (404), and asks a visitor to log in (401)', async () => {
    for (const who of [staff, client]) {
      expect((await api('GET', '/api/v1/admin/plans', who)).statusCode).toBe(404);
      expect((await api('POST', '/api/v1/admin/plans', who, body())).statusCode).toBe(404);
      expect((await api('PUT', '/api/v1/admin/plans/1', who, body())).statusCode).toBe(404);
      expect((await api('DELETE', '/api/v1/admin/plans/1', who)).statusCode).toBe(404);
    }
    expect((await api('POST', '/api/v1/admin/plans', null, body())).statusCode).toBe(401);
  });
});

describe('/api/v1/admin/stores', () => {
  it('lets staff list and read stores with their owner, but not set the plan (404)', async () => {
    const list = await api('GET', `/api/v1/admin/stores?q=${store.slug}`, staff);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id: store.id, slug: store.slug, ownerId: store.owner.id, ownerEmail: store.owner.email }] });
    expect((await api('GET', `/api/v1/admin/stores/${store.id}`, staff)).json()).toMatchObject({ id: store.id, name: 'Tienda Guardada' });
    expect((await api('PUT', `/api/v1/admin/stores/${store.id}/plan`, staff, { planId: 1, expiresAt: '2030-01-01' })).statusCode).toBe(404);
  });

  it('lets an admin set plan and expiration, with field errors for a bad date or plan', async () => {
    const plan = (await api('POST', '/api/v1/admin/plans', admin, body())).json().id;
    expect((await api('PUT', `/api/v1/admin/stores/${store.id}/plan`, admin, { planId: plan, expiresAt: '2027-05-31T12:00:00Z' })).statusCode).toBe(204);
    expect((await api('GET', `/api/v1/admin/stores/${store.id}`, admin)).json()).toMatchObject({ planId: plan, expiresAt: expect.stringMatching(/^2027-05-31/), maxProducts: 200 });
    const bad = await api('PUT', `/api/v1/admin/stores/${store.id}/plan`, admin, { planId: plan, expiresAt: '31/05/2027' }, 'en');
    expect([bad.statusCode, bad.json().fields]).toEqual([400, { expiresAt: expect.any(String) }]);
    const unknown = await api('PUT', `/api/v1/admin/stores/${store.id}/plan`, admin, { planId: 999_999, expiresAt: '2027-05-31' });
    expect([unknown.statusCode, unknown.json().fields]).toEqual([400, { planId: 'Elige un plan de la lista' }]);
    expect((await api('PUT', '/api/v1/admin/stores/999999/plan', admin, { planId: plan, expiresAt: '2027-05-31' })).statusCode).toBe(404);
  });

  it('does not exist for clients, and asks a visitor to log in', async () => {
    expect((await api('GET', '/api/v1/admin/stores', client)).statusCode).toBe(404);
    expect((await api('GET', `/api/v1/admin/stores/${store.id}`, store.owner)).statusCode).toBe(404);
    expect((await api('PUT', `/api/v1/admin/stores/${store.id}/plan`, store.owner, { planId: 1, expiresAt: '2030-01-01' })).statusCode).toBe(404);
    expect((await api('GET', '/api/v1/admin/stores', null)).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const paths = Object.keys((await t.app.inject({ url: '/api/docs/json' })).json().paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/v1/plans', '/api/v1/admin/plans', '/api/v1/admin/plans/{id}', '/api/v1/admin/stores', '/api/v1/admin/stores/{id}', '/api/v1/admin/stores/{id}/plan']));
  });
});

describe('the /admin/plan and /admin/store screens', () => {
  it('lets an admin create a plan with the form (numbers in the page’s language) and keeps a refused form', async () => {
    const created = await postForm(t.app, '/admin/plan?new=1', { intent: 'create', name: 'Plan Formulario', nameEn: 'Form Plan', price: '12,50', maxProducts: '1.000', maxBanners: '4', maxPages: '8', features: 'Uno\nDos', featuresEn: 'One\nTwo' }, { cookie: admin.cookie });
    expect(created.statusCode, created.body).toBe(302);
    expect(created.headers.location).toBe('/admin/plan?notice=created');
    const page = await html('/admin/plan', admin);
    expect(page).toContain('Plan Formulario');
    expect(page).toMatch(/12,50/);
    const refused = await postForm(t.app, '/en/admin/plan?new=1', { intent: 'create', name: 'Plan Formulario', nameEn: 'Form Plan', price: 'x', maxProducts: '1', maxBanners: '1', maxPages: '1' }, { cookie: admin.cookie });
    expect(refused.statusCode).toBe(400);
    const again = await postForm(t.app, '/en/admin/plan?new=1', { intent: 'create', name: 'Plan Formulario', nameEn: 'Form Plan', price: '1', maxProducts: '1', maxBanners: '1', maxPages: '1' }, { cookie: admin.cookie });
    expect(again.statusCode).toBe(409);
  });

  it('shows staff the stores and a store with its owner, without the plan form; the admin gets the form', async () => {
    const list = await html(`/admin/store?q=${store.slug}`, staff);
    expect(list).toContain('Tienda Guardada');
    expect(list).toContain(`/admin/store/show?id=${store.id}`);
    const shown = await html(`/en/admin/store/show?id=${store.id}`, staff);
    expect(shown).toContain(`/en/admin/client/show?id=${store.owner.id}`);
    expect(shown).toContain('Only an admin can change the plan and the expiration.');
    expect(shown).not.toContain('data-testid="set-plan"');
    const staffPost = await postForm(t.app, `/admin/store/show?id=${store.id}`, { planId: '1', expiresAt: '2030-01-01' }, { cookie: staff.cookie });
    expect([staffPost.statusCode, staffPost.headers.location]).toEqual([404, undefined]);
    expect(await html(`/admin/store/show?id=${store.id}`, admin)).toContain('data-testid="set-plan"');
    const saved = await postForm(t.app, `/admin/store/show?id=${store.id}`, { planId: '1', expiresAt: '2030-01-01' }, { cookie: admin.cookie });
    expect([saved.statusCode, saved.headers.location]).toEqual([302, `/admin/store/show?id=${store.id}&notice=updated`]);
    const missing = await getPage(t.app, '/admin/store/show?id=999999', staff.cookie);
    expect([missing.statusCode, missing.headers.location]).toEqual([404, undefined]);
  });
});
