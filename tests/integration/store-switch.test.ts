import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { insertMember } from '#server/tenancy/tenancy.repository.ts';
import { makeStore, makeUser, type TestStore, type TestUser } from '../support/factories.ts';
import { getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// The header's store switcher (issue 38 §2, decision 088): a person who is a member of several
// stores picks the one they work in, and the session keeps it; the store guard and the permission
// check follow the choice. Needs `npm run build` first.

let t: TestApp;
let own: TestStore;
let other: TestStore;
let stranger: TestStore;
let person: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  person = await makeUser(t, { name: 'Rosa' });
  own = await makeStore(t, { owner: person, name: 'Tienda de Rosa' });
  other = await makeStore(t, { name: 'Tienda de Olga' });
  stranger = await makeStore(t, { name: 'Tienda Ajena' });
  await insertMember(t.db, (await ownStoreScope(t.deps, { userId: other.owner.id }))!, { userId: person.id, role: 'viewer', createdAt: new Date().toISOString() });
}, 60_000);
afterAll(() => t.dispose());

const switchTo = (store: string, back = '/sales/order', lang: 'es' | 'en' = 'es') => postForm(t.app, `${lang === 'en' ? '/en' : ''}/store/switch`, { store, back }, { cookie: `lang=${lang}; ${person.cookie}` });

describe('the store switcher', () => {
  it('names the store in use in the header of a member of two stores (their own first)', async () => {
    const body = (await getPage(t.app, '/', person.cookie)).body;
    expect(body).toContain('data-testid="store-switcher"');
    expect(body).toContain('Tienda de Rosa');
  });

  it('moves the session to the other store, where the role is the viewer’s: it reads and may not write', async () => {
    const moved = await switchTo(String(other.id));
    expect(moved.statusCode).toBe(302);
    expect(moved.headers.location).toBe('/sales/order');
    const home = await getPage(t.app, '/store', person.cookie);
    expect(home.body).toContain('Tienda de Olga');
    expect((await getPage(t.app, '/store/settings', person.cookie)).statusCode).toBe(200);
    const refused = await postForm(t.app, '/store/settings', { name: 'Otra' }, { cookie: `lang=es; ${person.cookie}` });
    expect(refused.statusCode).toBe(403);
    // Staff, which a viewer does not reach, is refused as such.
    expect((await getPage(t.app, '/store/staff', person.cookie)).statusCode).toBe(403);
  });

  it('lands on the store home when the screen it came from shows one of the other store’s records', async () => {
    const moved = await switchTo(String(own.id), '/en/sales/order/show?id=7', 'en');
    expect(moved.headers.location).toBe('/en/store');
    expect((await getPage(t.app, '/store', person.cookie)).body).toContain('Tienda de Rosa');
  });

  it('refuses a store the person is not a member of, or no store at all, as "not found", and keeps the choice', async () => {
    for (const id of [String(stranger.id), '0', '99999999999', 'abc', '']) {
      expect((await switchTo(id)).statusCode, id).toBe(404);
    }
    expect((await getPage(t.app, '/store', person.cookie)).body).toContain('Tienda de Rosa');
  });

  it('is no page: a GET is a 404', async () => {
    expect((await getPage(t.app, '/store/switch', person.cookie)).statusCode).toBe(404);
  });
});
