import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NewStoreSchema } from '#common/schemas/store.ts';
import { fixedClock } from '#server/service-deps.ts';
import { makeStore, makeUser } from '../../../tests/support/factories.ts';
import { testServiceDeps } from '../../../tests/support/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { ownStoreScope, shopStoreScope, type StoreScope, staffStoreScope } from '#server/tenancy/store-scope.ts';
import { createStore, getStore, publishStore, setStoreExpiry } from './store.service.ts';

// The store's rules and the three ways to a StoreScope, on the dialect the suite runs on.
let t: TestDatabase;
const clock = fixedClock('2026-11-23T12:00:00.000Z');
const deps = () => testServiceDeps(t, { clock });

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const errorsOf = (input: Record<string, unknown>) => {
  const parsed = NewStoreSchema.safeParse(input);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('the new-store input (PRODUCT §5)', () => {
  it('takes a name and a slug of 3–40 lowercase letters, digits and single hyphens, not a reserved word', () => {
    expect(errorsOf({ name: 'Café Quito', slug: 'cafe-quito-2', section: 'food' })).toEqual([]);
    expect(errorsOf({ name: '', slug: '' })).toEqual(['name: validation.required', 'slug: validation.required', 'section: validation.required']);
    expect(errorsOf({ name: 'x', slug: 'ab', section: 'other' })).toEqual(['slug: store.slugLength']);
    expect(errorsOf({ name: 'x', slug: 'a'.repeat(41), section: 'other' })).toEqual(['slug: store.slugLength']);
    for (const slug of ['Cafe', 'café', 'cafe quito', '-cafe', 'cafe-', 'cafe--quito', 'cafe_quito']) expect(errorsOf({ name: 'x', slug, section: 'other' }), slug).toEqual(['slug: store.slugFormat']);
    for (const slug of ['admin', 'api', 'shop', 'tiendabox']) expect(errorsOf({ name: 'x', slug, section: 'other' }), slug).toEqual(['slug: store.slugReserved']);
  });
});

describe('createStore', () => {
  it('opens one unpublished store per owner, and refuses a second one', async () => {
    const owner = await makeUser(t);
    const id = await createStore(deps(), { userId: owner.id }, NewStoreSchema.parse({ name: 'Ropa Ana', slug: `ropa-ana-${owner.id}`, section: 'other' }));
    const scope = (await ownStoreScope(deps(), { userId: owner.id }))!;
    expect(await getStore(deps(), scope)).toMatchObject({ id, name: 'Ropa Ana', slug: `ropa-ana-${owner.id}`, published: false, expiresAt: '2026-12-23T12:00:00.000Z', createdAt: '2026-11-23T12:00:00.000Z' });
    await expect(createStore(deps(), { userId: owner.id }, NewStoreSchema.parse({ name: 'Otra', slug: `otra-${owner.id}`, section: 'other' }))).rejects.toMatchObject({ code: 'store.alreadyHasStore', status: 409 });
  });

  it('refuses a slug another store has, on the slug field', async () => {
    const first = await makeStore(t);
    const owner = await makeUser(t);
    await expect(createStore(deps(), { userId: owner.id }, NewStoreSchema.parse({ name: 'Copia', slug: first.slug, section: 'other' }))).rejects.toMatchObject({ code: 'store.slugTaken', status: 409, field: 'slug' });
    expect(await ownStoreScope(deps(), { userId: owner.id })).toBeNull();
  });

  it('lets only one of two simultaneous requests for one slug win', async () => {
    const [one, two] = [await makeUser(t), await makeUser(t)];
    const input = NewStoreSchema.parse({ name: 'Carrera', slug: `carrera-${one.id}`, section: 'other' });
    const results = await Promise.allSettled([createStore(deps(), { userId: one.id }, input), createStore(deps(), { userId: two.id }, input)]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { code: 'store.slugTaken', status: 409 } });
  });
});

describe('the three ways to a StoreScope', () => {
  it("ownStoreScope: the owner's own store, null without one", async () => {
    const { id, slug, owner } = await makeStore(t);
    expect(await ownStoreScope(deps(), { userId: owner.id })).toEqual({ storeId: id, slug, via: 'owner' });
    expect(await ownStoreScope(deps(), { userId: (await makeUser(t)).id })).toBeNull();
  });

  it('shopStoreScope: only a published store that has not expired, else not found', async () => {
    const store = await makeStore(t);
    const notFound = { code: 'error.generic', status: 404 };
    await expect(shopStoreScope(deps(), store.slug)).rejects.toMatchObject(notFound);
    const owner = (await ownStoreScope(deps(), { userId: store.owner.id }))!;
    await publishStore(deps(), owner, true);
    expect(await shopStoreScope(deps(), store.slug)).toEqual({ storeId: store.id, slug: store.slug, via: 'shop' });

    const staff = await staffStoreScope(deps(), store.id);
    await setStoreExpiry(deps(), staff, new Date('2026-11-30T00:00:00.000Z'));
    expect((await shopStoreScope(deps(), store.slug)).storeId).toBe(store.id);
    clock.set('2026-11-30T00:00:00.000Z');
    await expect(shopStoreScope(deps(), store.slug)).rejects.toMatchObject(notFound);
    clock.set('2026-11-23T12:00:00.000Z');
    await expect(shopStoreScope(deps(), 'no-such-store')).rejects.toMatchObject(notFound);
    await expect(shopStoreScope(deps(), 'x'.repeat(500))).rejects.toMatchObject(notFound);
  });

  it('staffStoreScope: any store by id, not found for an unknown or impossible id', async () => {
    const store = await makeStore(t);
    expect(await staffStoreScope(deps(), store.id)).toEqual({ storeId: store.id, slug: store.slug, via: 'staff' });
    for (const id of [999_999, 0, -1, Number.NaN, 2 ** 60]) await expect(staffStoreScope(deps(), id)).rejects.toMatchObject({ status: 404 });
  });

  it("only a back-office scope sets a plan's expiry", async () => {
    const store = await makeStore(t);
    const owner = (await ownStoreScope(deps(), { userId: store.owner.id }))!;
    await expect(setStoreExpiry(deps(), owner, null)).rejects.toMatchObject({ status: 404 });
  });

  it('is a type only those functions make: a hand-made { storeId } does not type-check', () => {
    // @ts-expect-error -- a StoreScope carries a brand that only store-scope.ts can give
    const forged: StoreScope = { storeId: 1, slug: 'x', via: 'owner' };
    expect(forged.storeId).toBe(1);
  });
});
