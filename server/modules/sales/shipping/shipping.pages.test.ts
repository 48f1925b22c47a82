import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPage, postForm } from '../../../../tests/support/forms.ts';
import { makeSalesStore, type SalesStore } from '../../../../tests/support/sales-fixtures.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// The owner's shipping screens (issue 40 §1) as a browser without JavaScript posts them: a zone
// with some cantons, a rate typed the page's way (dollars and kilograms in Spanish), refusals beside
// their fields, deletes, and another store's zone out of reach. Needs `npm run build` first.
let t: TestApp;
let store: SalesStore;
let other: SalesStore;

beforeAll(async () => {
  t = await createTestApp();
  store = await makeSalesStore(t);
  other = await makeSalesStore(t);
}, 120_000);
afterAll(() => t.dispose());

/** A form with repeated fields (ticked checkboxes), as a browser sends it. */
const post = (url: string, cookie: string, fields: [string, string][]) =>
  t.app.inject({ method: 'POST', url, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: `lang=es; ${cookie}` } });

describe('the shipping screens', () => {
  it('make a zone of a province and some cantons of another, then its rate by weight typed in Spanish', async () => {
    const empty = await getPage(t.app, '/store/shipping', store.owner.cookie);
    expect(empty.statusCode).toBe(200);
    expect(empty.headers['cache-control']).toContain('no-store');
    expect(empty.body).toContain('Aún no tienes zonas de envío');

    const made = await post('/store/shipping/zone', store.owner.cookie, [['name', 'Sierra'], ['provinces', 'T'], ['provinces', 'P'], ['cantons', 'P:Quito'], ['cantons', 'P:Cayambe']]);
    expect(made.statusCode, made.body).toBe(302);
    const zoneId = Number(/zone=(\d+)/.exec(made.headers.location as string)![1]);
    expect((await t.services.shipping.getZone(store.scope, zoneId)).places).toEqual([{ province: 'T', cantons: [] }, { province: 'P', cantons: ['Quito', 'Cayambe'] }]);

    const rate = await postForm(t.app, `/store/shipping/rate?zone=${zoneId}`, { name: 'Tramaco', kind: 'weight', price: '', upTo0: '1,5', price0: '4,50', upTo1: '', price1: '7', daysMin: '2', daysMax: '4', freeFrom: '' }, { cookie: `lang=es; ${store.owner.cookie}` });
    expect(rate.statusCode, rate.body).toBe(302);
    const [saved] = (await t.services.shipping.getZone(store.scope, zoneId)).rates;
    expect(saved).toMatchObject({ name: 'Tramaco', kind: 'weight', brackets: [{ upTo: 1500, priceCents: 450 }, { upTo: null, priceCents: 700 }], daysMin: 2, daysMax: 4, freeFromCents: null });
    const page = (await getPage(t.app, '/store/shipping', store.owner.cookie)).body;
    expect(page).toContain('hasta 1,5 kg: $4,50 · más: $7,00');
    expect(page).toContain('Pichincha (Quito, Cayambe)');
  });

  it('refuses what cannot be a zone or a rate, beside the field, keeping what was typed', async () => {
    const noPlace = await post('/store/shipping/zone', store.owner.cookie, [['name', 'Vacía']]);
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.body).toContain('Marca al menos una provincia');
    const zone = await t.services.shipping.createZone(store.scope, { name: 'Costa', places: [{ province: 'G', cantons: [] }] });
    const falling = await postForm(t.app, `/en/store/shipping/rate?zone=${zone.id}`, { name: 'Laar', kind: 'total', upTo0: '50', price0: '3', upTo1: '20', price1: '2', daysMin: '3', daysMax: '1' }, { cookie: `lang=en; ${store.owner.cookie}` });
    expect(falling.statusCode).toBe(400);
    expect(falling.body).toContain('Limits must rise from one bracket to the next');
    expect(falling.body).toContain('The maximum cannot be less than the minimum');
    expect(falling.body).toContain('value="Laar"');
    expect((await t.services.shipping.getZone(store.scope, zone.id)).rates).toEqual([]);
  });

  it('deletes a rate and a zone when asked, and never another store’s', async () => {
    const zone = await t.services.shipping.createZone(store.scope, { name: 'Oriente', places: [{ province: 'N', cantons: [] }] });
    const rate = await t.services.shipping.createRate(store.scope, zone.id, { name: 'Correos', kind: 'flat', brackets: [{ upTo: null, priceCents: 500 }], daysMin: 3, daysMax: 6, freeFromCents: null });
    const theirs = await post('/store/shipping', other.owner.cookie, [['intent', 'delete-zone'], ['id', String(zone.id)]]);
    expect(theirs.statusCode).toBe(404);
    expect((await post('/store/shipping', other.owner.cookie, [['intent', 'delete-rate'], ['id', String(rate.id)]])).statusCode).toBe(404);
    expect((await getPage(t.app, `/store/shipping/zone?id=${zone.id}`, other.owner.cookie)).statusCode).toBe(404);
    const gone = await post('/store/shipping', store.owner.cookie, [['intent', 'delete-rate'], ['id', String(rate.id)]]);
    expect(gone.statusCode).toBe(302);
    expect(gone.headers.location).toBe('/store/shipping?notice=rateDeleted');
    expect((await post('/store/shipping', store.owner.cookie, [['intent', 'delete-zone'], ['id', String(zone.id)]])).statusCode).toBe(302);
    await expect(t.services.shipping.getZone(store.scope, zone.id)).rejects.toMatchObject({ status: 404 });
    // Each change is the store's `store.updated` of its shipping section, by its owner: the activity log's.
    const events = await t.db.selectFrom('storeEvent').select(['type', 'actorUserId', 'data']).where('storeId', '=', store.scope.storeId).where('type', '=', 'store.updated').orderBy('id').execute();
    const changes = events.map((event) => JSON.parse(event.data) as { section: string; change: string }).filter((data) => data.section === 'shipping').map((data) => data.change);
    expect(changes.slice(-2)).toEqual(['rate.deleted', 'zone.deleted']);
    expect(events.at(-1)!.actorUserId).toBe(store.owner.id);
  });

  it('saves pickup in store, and asks for its address', async () => {
    const refused = await post('/store/shipping', store.owner.cookie, [['intent', 'pickup'], ['enabled', 'on'], ['address', '']]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Escribe la dirección donde se retira');
    const saved = await post('/store/shipping', store.owner.cookie, [['intent', 'pickup'], ['enabled', 'on'], ['address', 'Av. Amazonas N34-12'], ['instructions', 'De 9 a 18']]);
    expect(saved.statusCode).toBe(200);
    expect(await t.services.shipping.loadPickup(store.scope)).toEqual({ enabled: true, address: 'Av. Amazonas N34-12', instructions: 'De 9 a 18' });
  });
});
