import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PlanInputSchema, StorePlanSchema } from '#common/schemas/plan.ts';
import { AppError } from '#server/errors.ts';
import { fixedClock } from '#server/service-deps.ts';
import { makeStore } from '../../../tests/support/factories.ts';
import { testServiceDeps } from '../../../tests/support/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { staffStoreScope, ownStoreScope } from '#server/tenancy/store-scope.ts';
import { getStore, getStoreForStaff, listStoresForStaff, setStorePlan } from '#server/modules/store/store.service.ts';
import { createPlan, defaultPlan, deletePlan, getPlan, listPlansWithUsage, updatePlan } from './plan.service.ts';

// Plans and the back office's store rules (issue 10 §8), on the dialect the suite runs on.
let t: TestDatabase;
const clock = fixedClock('2026-11-23T12:00:00.000Z');
const deps = () => testServiceDeps(t, { clock });
let n = 0;
const input = (overrides: Record<string, unknown> = {}) => PlanInputSchema.parse({ name: `Plan ${++n}`, nameEn: `Plan ${n} in English`, price: '9.99', maxProducts: '100', maxBanners: '5', maxPages: '10', features: 'Dominio propio\n\n  Soporte  ', ...overrides });
const code = (work: Promise<unknown>) => work.then(() => 'ok', (error: AppError) => `${error.status} ${error.code}${error.field ? ` ${error.field}` : ''}`);
const defaults = async () => (await listPlansWithUsage(deps())).filter((plan) => plan.isDefault).map((plan) => plan.id);

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

describe('the plan input', () => {
  it('reads the price in dollars into cents and the features one per line, blank lines dropped', () => {
    expect(input({ name: 'Pro', nameEn: 'Pro', featuresEn: 'Own domain\n\n  Support  ' })).toEqual({ name: 'Pro', nameEn: 'Pro', price: 999, maxProducts: 100, maxBanners: 5, maxPages: 10, features: ['Dominio propio', 'Soporte'], featuresEn: ['Own domain', 'Support'], isDefault: false });
    expect(PlanInputSchema.parse({ name: 'A', nameEn: 'A', price: 0, maxProducts: 1, maxBanners: 0, maxPages: 0, features: ['x', ' y '], isDefault: true }).features).toEqual(['x', 'y']);
  });

  it('refuses blank, negative, fractional and oversized values with message keys', () => {
    const errors = PlanInputSchema.safeParse({ name: '', price: '-1', maxProducts: '1.5', maxBanners: '', maxPages: '99999999', features: 'x'.repeat(121) });
    expect(errors.success).toBe(false);
    const byField = Object.fromEntries(errors.error!.issues.map((issue) => [String(issue.path[0]), issue.message]));
    expect(byField).toEqual({ name: 'validation.required', nameEn: 'validation.required', price: 'validation.positive', maxProducts: 'validation.invalid', maxBanners: 'validation.required', maxPages: 'validation.tooLarge', features: 'plan.featureTooLong' });
    expect(PlanInputSchema.safeParse({ ...input(), features: Array.from({ length: 21 }, (_, i) => `f${i}`) }).error?.issues[0]?.message).toBe('plan.tooManyFeatures');
  });
});

describe('the default plan', () => {
  it('is always exactly one: marking another moves the mark in one go', async () => {
    const before = await defaultPlan(deps());
    expect(await defaults()).toEqual([before.id]);
    const id = await createPlan(deps(), input({ isDefault: 'on' }));
    expect(await defaults()).toEqual([id]);
    const other = await createPlan(deps(), input());
    await updatePlan(deps(), other, input({ name: 'Otro', isDefault: 'on' }));
    expect(await defaults()).toEqual([other]);
    await updatePlan(deps(), before.id, { ...input({ name: before.name }), isDefault: true });
    expect(await defaults()).toEqual([before.id]);
  });

  it('cannot be unmarked (the admin marks another instead) nor deleted', async () => {
    const current = await defaultPlan(deps());
    expect(await code(updatePlan(deps(), current.id, input({ name: current.name, isDefault: '' })))).toBe('409 plan.defaultRequired isDefault');
    expect(await code(deletePlan(deps(), current.id))).toBe('409 plan.defaultNotDeletable');
    expect(await defaults()).toEqual([current.id]);
  });

  it('survives two admins marking two plans at once: one of them wins, never two or none', async () => {
    // Several rounds: on PostgreSQL two such saves used to deadlock now and then (each held its own row).
    for (let round = 0; round < 5; round += 1) {
      const [a, b] = [await createPlan(deps(), input()), await createPlan(deps(), input())];
      await Promise.all([updatePlan(deps(), a, input({ name: `Carrera A${round}`, isDefault: 'on' })), updatePlan(deps(), b, input({ name: `Carrera B${round}`, isDefault: 'on' }))]);
      expect(await defaults()).toHaveLength(1);
    }
  });
});

describe('plan names and deletion', () => {
  it('refuses a second plan with the same name (any letter case) on the name field', async () => {
    await createPlan(deps(), input({ name: 'Premium' }));
    expect(await code(createPlan(deps(), input({ name: 'premium' })))).toBe('409 plan.nameTaken name');
    const other = await createPlan(deps(), input());
    expect(await code(updatePlan(deps(), other, input({ name: 'PREMIUM' })))).toBe('409 plan.nameTaken name');
  });

  it('deletes a plan without stores, and refuses one a store uses with the reason', async () => {
    const unused = await createPlan(deps(), input());
    await deletePlan(deps(), unused);
    expect(await code(getPlan(deps(), unused))).toBe('404 error.generic');
    const used = await createPlan(deps(), input());
    const store = await makeStore(t);
    const admin = { role: 'admin' };
    await setStorePlan(deps(), await staffStoreScope(deps(), store.id), admin, StorePlanSchema.parse({ planId: used, expiresAt: '2027-01-31' }));
    expect(await code(deletePlan(deps(), used))).toBe('409 plan.inUse');
    expect((await listPlansWithUsage(deps())).find((plan) => plan.id === used)?.stores).toBe(1);
    expect(await code(deletePlan(deps(), 999_999))).toBe('404 error.generic');
  });
});

describe('the back office’s stores', () => {
  it('lets only an admin, through a back-office scope, set the plan and the expiration', async () => {
    const store = await makeStore(t);
    const plan = await createPlan(deps(), input());
    const change = StorePlanSchema.parse({ planId: String(plan), expiresAt: '2027-03-01' });
    const staffScope = await staffStoreScope(deps(), store.id);
    expect(await code(setStorePlan(deps(), staffScope, { role: 'staff' }, change))).toBe('404 error.generic');
    const ownerScope = (await ownStoreScope(deps(), { userId: store.owner.id }))!;
    expect(await code(setStorePlan(deps(), ownerScope, { role: 'admin' }, change))).toBe('404 error.generic');
    expect(await code(setStorePlan(deps(), staffScope, { role: 'admin' }, { ...change, planId: 999_999 }))).toBe('400 plan.unknown planId');
    await setStorePlan(deps(), staffScope, { role: 'admin' }, change);
    const after = await getStore(deps(), staffScope);
    // The end of that day in Ecuador (UTC−5).
    expect([after.planId, after.expiresAt && new Date(after.expiresAt).toISOString()]).toEqual([plan, '2027-03-02T04:59:59.000Z']);
    expect(await getStoreForStaff(deps(), staffScope)).toMatchObject({ id: store.id, ownerId: store.owner.id, ownerEmail: store.owner.email, planId: plan, maxProducts: 100 });
  });

  it('lists every store with search by store or owner and filters by plan, published and expired', async () => {
    const plan = await createPlan(deps(), input());
    const [soon, old] = [await makeStore(t, { name: 'Mercado Azul' }), await makeStore(t, { name: 'Bazar Rojo' })];
    const admin = { role: 'admin' };
    await setStorePlan(deps(), await staffStoreScope(deps(), soon.id), admin, { planId: plan, expiresAt: new Date('2026-12-01T00:00:00Z') });
    await setStorePlan(deps(), await staffStoreScope(deps(), old.id), admin, { planId: plan, expiresAt: new Date('2026-11-01T00:00:00Z') });
    const list = (filters: Record<string, unknown>) => listStoresForStaff(deps(), { q: '', page: 1, sort: 'created', dir: 'desc', ...filters }).then((page) => page.rows.map((row) => row.name));
    expect(await list({ plan })).toEqual(['Bazar Rojo', 'Mercado Azul']);
    expect(await list({ plan, expired: 'yes' })).toEqual(['Bazar Rojo']);
    expect(await list({ plan, expired: 'no' })).toEqual(['Mercado Azul']);
    expect(await list({ plan, published: 'yes' })).toEqual([]);
    expect(await list({ q: 'azul' })).toEqual(['Mercado Azul']);
    expect(await list({ q: soon.slug })).toEqual(['Mercado Azul']);
    expect(await list({ q: old.owner.email })).toEqual(['Bazar Rojo']);
    expect(await list({ q: old.owner.lockerCode })).toEqual(['Bazar Rojo']);
    expect(await list({ plan, sort: 'expires', dir: 'asc' })).toEqual(['Bazar Rojo', 'Mercado Azul']);
    expect(await list({ q: '100%_' })).toEqual([]);
  });
});
