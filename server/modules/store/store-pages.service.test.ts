import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORE_SECTION_SCHEMAS } from '#common/schemas/store.ts';
import { fixedClock } from '#server/service-deps.ts';
import { makeStore, makeUser } from '../../../tests/support/factories.ts';
import { testServiceDeps } from '../../../tests/support/jobs.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { ownStoreScope, staffStoreScope } from '#server/tenancy/store-scope.ts';
import { expiryOf, getStoreHome, getStoreSection, setStoreExpiry, slugAvailability, storeCard, storeStateOf, updateStoreSection } from './store.service.ts';

// The store pages' rules (issue 10 §1–§6, §9): home, the four sections, the slug check, the desk card.
let t: TestDatabase;
const clock = fixedClock('2026-11-23T12:00:00.000Z');
const deps = () => testServiceDeps(t, { clock });

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

const scopeOf = async (userId: number) => (await ownStoreScope(deps(), { userId }))!;

describe('expiryOf and storeStateOf', () => {
  const now = new Date('2026-11-23T12:00:00.000Z');
  it('counts whole days left, warns within 7 days, and is expired from the instant it passes', () => {
    expect(expiryOf(null, now)).toEqual({ expiresAt: null, daysLeft: null, status: 'none' });
    expect(expiryOf('2026-12-23T12:00:00.000Z', now)).toMatchObject({ daysLeft: 30, status: 'ok' });
    expect(expiryOf('2026-12-23T11:59:59.000Z', now)).toMatchObject({ daysLeft: 30, status: 'ok' });
    expect(expiryOf('2026-11-30T12:00:01.000Z', now)).toMatchObject({ daysLeft: 8, status: 'ok' });
    expect(expiryOf('2026-11-30T12:00:00.000Z', now)).toMatchObject({ daysLeft: 7, status: 'soon' });
    expect(expiryOf('2026-11-23T18:00:00.000Z', now)).toMatchObject({ daysLeft: 1, status: 'soon' });
    expect(expiryOf('2026-11-23T12:00:00.000Z', now)).toMatchObject({ daysLeft: 0, status: 'expired' });
    expect(storeStateOf(true, expiryOf('2026-11-01T00:00:00.000Z', now))).toBe('expired');
    expect(storeStateOf(true, expiryOf(null, now))).toBe('published');
    expect(storeStateOf(false, expiryOf('2027-01-01T00:00:00.000Z', now))).toBe('unpublished');
  });
});

describe('getStoreHome', () => {
  it('gives the store with its default plan, limits, zero usage (nothing to count before issue 11) and its expiry', async () => {
    const store = await makeStore(t);
    const home = await getStoreHome(deps(), await scopeOf(store.owner.id));
    expect(home).toMatchObject({ id: store.id, slug: store.slug, published: false, rating: 0, state: 'unpublished', usage: { products: 0, banners: 0, pages: 0 } });
    expect(home.plan).toMatchObject({ name: expect.any(String), maxProducts: expect.any(Number), maxBanners: expect.any(Number), maxPages: expect.any(Number) });
    expect(home).not.toHaveProperty('analyticsScript');
    expect(home).not.toHaveProperty('userId');
  });

  it('says expired once the back office lets the plan run out', async () => {
    const store = await makeStore(t);
    await setStoreExpiry(deps(), await staffStoreScope(deps(), store.id), new Date('2026-11-20T00:00:00.000Z'));
    const home = await getStoreHome(deps(), await scopeOf(store.owner.id));
    expect(home.expiry.status).toBe('expired');
    expect(home.state).toBe('expired');
  });
});

describe('the store sections', () => {
  it('reads and writes each section of the own store only, never the slug', async () => {
    const [a, b] = [await makeStore(t), await makeStore(t)];
    const scope = await scopeOf(a.owner.id);
    const settings = STORE_SECTION_SCHEMAS.settings.parse({ name: 'Nueva', section: 'food', description: 'Rica', slug: 'robada', published: 'true' });
    await updateStoreSection(deps(), scope, 'settings', { ...settings, slug: 'robada', id: b.id, userId: b.owner.id } as never);
    expect(await getStoreSection(deps(), scope, 'settings')).toEqual({ published: true, section: 'food', name: 'Nueva', description: 'Rica', slug: a.slug });
    // Without `published`, saving the form leaves it as it was.
    await updateStoreSection(deps(), scope, 'settings', STORE_SECTION_SCHEMAS.settings.parse({ name: 'Otra', section: 'home' }));
    expect(await getStoreSection(deps(), scope, 'settings')).toMatchObject({ published: true, name: 'Otra' });

    const contact = { contactEmail: 'hola@tienda.ec', contactPhone: '+593 99 123 4567', contactAddress: 'Av. Amazonas', contactState: 'Pichincha', contactCity: 'Quito', contactZip: '170135', contactCountry: 'Ecuador' };
    await updateStoreSection(deps(), scope, 'contact', STORE_SECTION_SCHEMAS.contact.parse(contact));
    expect(await getStoreSection(deps(), scope, 'contact')).toEqual(contact);
    await updateStoreSection(deps(), scope, 'marketing', STORE_SECTION_SCHEMAS.marketing.parse({ instagram: 'https://instagram.com/tienda', whatsapp: '+593 99 123 4567' }));
    expect(await getStoreSection(deps(), scope, 'marketing')).toEqual({ facebook: '', instagram: 'https://instagram.com/tienda', tiktok: '', x: '', youtube: '', whatsapp: '+593991234567' });
    await updateStoreSection(deps(), scope, 'analytics', STORE_SECTION_SCHEMAS.analytics.parse({ keywords: 'ropa, Moda ,ropa,, quito', analyticsScript: '<script>a()</script>' }));
    expect(await getStoreSection(deps(), scope, 'analytics')).toEqual({ keywords: 'ropa, Moda, quito', analyticsScript: '<script>a()</script>', pixelScript: '' });

    const other = await getStoreSection(deps(), await scopeOf(b.owner.id), 'settings');
    expect(other).toMatchObject({ name: b.name, slug: b.slug, published: false });
  });
});

describe('slugAvailability', () => {
  it('answers with the same message key the new-store form shows, or available', async () => {
    const store = await makeStore(t);
    expect(await slugAvailability(deps(), store.slug)).toEqual({ available: false, reason: 'store.slugTaken' });
    expect(await slugAvailability(deps(), 'admin')).toEqual({ available: false, reason: 'store.slugReserved' });
    expect(await slugAvailability(deps(), 'Mi Tienda')).toEqual({ available: false, reason: 'store.slugFormat' });
    expect(await slugAvailability(deps(), 'ab')).toEqual({ available: false, reason: 'store.slugLength' });
    expect(await slugAvailability(deps(), '')).toEqual({ available: false, reason: 'validation.required' });
    expect(await slugAvailability(deps(), `libre-${store.id}`)).toEqual({ available: true });
  });
});

describe('storeCard', () => {
  it("is the owner's store with its plan's name, or null without one", async () => {
    const store = await makeStore(t);
    expect(await storeCard(deps(), { userId: store.owner.id })).toMatchObject({ slug: store.slug, name: store.name, published: false, rating: 0, planName: expect.any(String), state: 'unpublished', expiry: { status: 'ok' } });
    expect(await storeCard(deps(), { userId: (await makeUser(t)).id })).toBeNull();
  });
});
