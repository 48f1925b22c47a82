import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_GROUPS, readActivityFilters, typesOfGroup } from '#common/activity.ts';
import { changeTexts } from '#common/activity-text.ts';
import { formatMoney } from '#common/money.ts';
import { translator } from '#common/i18n/all-languages.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { STORE_EVENT_TYPES } from '#common/store-events.ts';
import { HOURLY_CHORES } from '#server/composition.ts';
import { ConfigError, loadConfig } from '#server/config.ts';
import { fixedClock } from '#server/service-deps.ts';
import type { Actor } from '#server/tenancy/actor.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore, makeUser, type TestStore } from '../../../tests/support/factories.ts';
import { addProduct } from '../../../tests/support/sales-fixtures.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { logEvent } from './activity.fixtures.ts';
import * as activityService from './activity.service.ts';

// The store's audit log (issue 38 §4) at the service: what an entry says, the filters, pages, the
// CSV without live formulas, the retention prune and one store's log apart from another's.

const NOW = '2026-12-06T17:00:00.000Z';
const clock = fixedClock(NOW);
let t: TestDatabase;
let store: TestStore & { scope: StoreScope };
let other: TestStore & { scope: StoreScope };
let owner: Actor;

const dayAgo = (days: number, hours = 0) => new Date(Date.parse(NOW) - days * 86_400_000 - hours * 3_600_000).toISOString();

async function withScope(made: TestStore) {
  return { ...made, scope: (await ownStoreScope(t.deps, { userId: made.owner.id }))! };
}

/** A store of its own per test, so that counts are the test's. */
async function freshStore() {
  const made = await withScope(await makeStore(t));
  return { ...made, actor: { kind: 'member', userId: made.owner.id, name: 'Dueña' } as const satisfies Actor };
}

beforeAll(async () => {
  t = await createTestDatabase({}, { clock });
  store = await withScope(await makeStore(t));
  other = await withScope(await makeStore(t));
  owner = { kind: 'member', userId: store.owner.id, name: 'María' };
});
afterAll(() => t.dispose());

describe('the activity log', () => {
  it('lists who did what, when, to which record (linked while it exists) and the before and after, newest first', async () => {
    const productId = await addProduct(t.deps, store.scope, { name: 'Camiseta', price: 10 });
    await logEvent(t.deps, store.scope, { type: 'product.updated', resource: { kind: 'product', id: productId, label: 'Camiseta' }, changes: { priceCents: [1000, 1250] }, actor: owner, at: dayAgo(0, 2) });
    await logEvent(t.deps, store.scope, {
      type: 'inventory.changed',
      resource: { kind: 'product', id: 999_999, label: 'Gorra borrada' },
      changes: { stock: [3, 8] },
      actor: { kind: 'token', userId: store.owner.id, name: 'María', tokenId: 7, tokenName: 'ERP' },
      at: dayAgo(0, 1),
    });
    // (the product's own creation is in the log too: only these two kinds here)
    const page = await activityService.listActivity(t.deps, store.scope, { page: 1, types: ['product.updated', 'inventory.changed'] });
    const [stock, price] = page.rows;
    expect(stock).toMatchObject({ type: 'inventory.changed', actor: { kind: 'token', name: 'María', tokenName: 'ERP', userId: store.owner.id }, resource: { kind: 'product', id: 999_999, exists: false }, changes: [['stock', 3, 8]] });
    expect(price).toMatchObject({ type: 'product.updated', actor: { kind: 'member', name: 'María' }, resource: { id: productId, label: 'Camiseta', exists: true }, changes: [['priceCents', 1000, 1250]] });
    expect(Date.parse(stock!.createdAt)).toBeGreaterThan(Date.parse(price!.createdAt));
  });

  it('filters by person (their tokens too), by kind or group of kinds, and by Ecuador’s days', async () => {
    const s = await freshStore();
    const clerk = await makeUser(t, { name: 'Pedro' });
    const asClerk: Actor = { kind: 'member', userId: clerk.id, name: 'Pedro' };
    const staff: Actor = { kind: 'staff', userId: 424_242, name: 'Admin' };
    const order = (id: number) => ({ kind: 'order', id, label: `#${id}` });
    // 2026-12-01 in Ecuador runs from 05:00 UTC that day to 05:00 UTC the next.
    await logEvent(t.deps, s.scope, { type: 'order.paid', resource: order(1), actor: asClerk, at: '2026-12-01T05:00:00.000Z' });
    await logEvent(t.deps, s.scope, { type: 'order.shipped', resource: order(1), actor: { kind: 'token', userId: clerk.id, name: 'Pedro', tokenId: 3, tokenName: 'Courier' }, at: '2026-12-02T04:59:59.000Z' });
    await logEvent(t.deps, s.scope, { type: 'product.created', resource: { kind: 'product', id: 5, label: 'Bolso' }, actor: s.actor, at: '2026-12-02T05:00:00.000Z' });
    await logEvent(t.deps, s.scope, { type: 'store.updated', resource: { kind: 'store', id: s.id, label: 'plan' }, actor: staff, at: '2026-12-03T12:00:00.000Z' });
    await logEvent(t.deps, s.scope, { type: 'order.created', resource: order(2), actor: { kind: 'shopper' }, at: '2026-12-03T13:00:00.000Z' });
    const types = async (query: Parameters<typeof activityService.listActivity>[2]) => (await activityService.listActivity(t.deps, s.scope, query)).rows.map((row) => row.type);

    expect(await types({ page: 1, who: { userId: clerk.id } })).toEqual(['order.shipped', 'order.paid']);
    expect(await types({ page: 1, who: { userId: 424_242 } })).toEqual(['store.updated']);
    expect(await types({ page: 1, who: { kind: 'shopper' } })).toEqual(['order.created']);
    expect(await types({ page: 1, types: ['order.paid'] })).toEqual(['order.paid']);
    expect(await types({ page: 1, types: typesOfGroup('orders') })).toEqual(['order.created', 'order.shipped', 'order.paid']);
    expect(await types({ page: 1, from: '2026-12-01', to: '2026-12-01' })).toEqual(['order.shipped', 'order.paid']);
    expect(await types({ page: 1, from: '2026-12-02' })).toEqual(['order.created', 'store.updated', 'product.created']);
    expect(await types({ page: 1, to: '2026-11-30' })).toEqual([]);

    const people = await activityService.activityPeople(t.deps, s.scope);
    expect(people).toEqual(
      expect.arrayContaining([
        { userId: clerk.id, name: expect.stringContaining('Pedro'), staff: false },
        { userId: 424_242, name: 'Admin', staff: true },
      ]),
    );
    expect(people).toHaveLength(3);
  });

  it('reads days typed the page’s way, and refuses what it cannot use with a message in each language', () => {
    expect(readActivityFilters({ from: '05/12/2026', to: '06/12/2026', who: '12', kind: 'orders' }, 'es').query).toMatchObject({ from: '2026-12-05', to: '2026-12-06', who: { userId: 12 }, kind: 'orders', types: typesOfGroup('orders') });
    expect(readActivityFilters({ from: '12/05/2026' }, 'en').query.from).toBe('2026-12-05');
    const es = readActivityFilters({ from: '31/02/2026', to: 'ayer' }, 'es');
    expect(es.query.from).toBeUndefined();
    expect(es.errors).toEqual({ from: 'dateField.typeAs', to: 'dateField.typeAs' });
    expect(translator('es')(es.errors.from!)).toBe('Escribe la fecha como día/mes/año, por ejemplo 15/08/2030');
    expect(translator('en')(readActivityFilters({ to: '25/11/2026' }, 'en').errors.to!)).toBe('Type the date as month/day/year, for example 08/15/2030');
    const backwards = readActivityFilters({ from: '20/11/2026', to: '10/11/2026' }, 'es');
    expect(backwards.query.to).toBeUndefined();
    expect(translator('es')(backwards.errors.to!)).toBe('«Hasta» no puede ser anterior a «Desde»');
    expect(translator('en')(backwards.errors.to!)).toBe('“To” cannot be before “From”');
    // An unknown person, kind or page is no filter, never an error.
    expect(readActivityFilters({ who: 'nadie', kind: 'x.y', page: '-3' }, 'es').query).toEqual({ page: 1 });
  });

  it('writes each changed value the page’s way: money, percentages, counts, yes/no, dates, and a fixed list’s words', () => {
    const entry = (changes: [string, unknown, unknown][], kind = 'store') => ({ resource: { kind, id: 1, label: 'x', opens: { kind, id: 1 }, exists: true }, changes });
    const es = translator('es');
    expect(changeTexts(entry([['shippingFeeCents', 0, 350], ['discountBp', 1250, null], ['stock', 1200, 3], ['published', 0, 1], ['bankAccountType', '', 'savings'], ['rimpe', 'none', 'emprendedor'], ['ivaCode', '4', '0']]), es, 'es')).toEqual([
      `Costo de envío: ${formatMoney(0, 'es')} → ${formatMoney(350, 'es')}`,
      'Descuento: 12,5 % → —',
      'Stock: 1.200 → 3',
      'Publicada: No → Sí',
      'Tipo de cuenta: — → Ahorros',
      'Régimen RIMPE: No (régimen general) → RIMPE Emprendedor',
      'IVA: IVA 15 % → IVA 0 %',
    ]);
    expect(changeTexts(entry([['status', 'paid', 'shipped']], 'order'), translator('en'), 'en')).toEqual(['Status: Paid → Shipped']);
    expect(changeTexts(entry([['role', 'viewer', 'orders']], 'member'), es, 'es')).toEqual(['Rol: Solo lectura → Pedidos']);
    expect(changeTexts(entry([['expiresAt', null, '2027-01-15T05:00:00.000Z']]), translator('en'), 'en')[0]).toMatch(/^Expires: — → Jan 15, 2027/);
    // A long list is cut on the screen, with how many more.
    const many = entry(Array.from({ length: 9 }, (_, index) => [`field${index}`, index, index + 1] as [string, unknown, unknown]));
    expect(changeTexts(many, es, 'es', 5)).toHaveLength(5);
    expect(changeTexts(many, es, 'es', 5).at(-1)).toBe('y 5 cambios más');
    expect(changeTexts(entry([['a', 1, 2], ['b', 1, 2]]), translator('en'), 'en', 1)).toEqual(['and 2 more changes']);
    expect(changeTexts(many, es, 'es')).toHaveLength(9);
  });

  it('pages a long log', async () => {
    const s = await freshStore();
    for (let index = 0; index < 23; index += 1) {
      await logEvent(t.deps, s.scope, { type: 'product.updated', resource: { kind: 'product', id: index + 1, label: `P${index}` }, actor: s.actor, at: dayAgo(1, -index / 10) });
    }
    const first = await activityService.listActivity(t.deps, s.scope, { page: 1 });
    const second = await activityService.listActivity(t.deps, s.scope, { page: 2 });
    expect([first.total, first.pages, first.rows.length, second.rows.length]).toEqual([23, 2, 20, 3]);
    expect(first.rows[0]!.resource.label).toBe('P22');
    expect(second.rows.map((row) => row.resource.label)).toEqual(['P2', 'P1', 'P0']);
  });

  it('exports the filtered log as CSV in the caller’s language, with no live formula cell', async () => {
    const s = await freshStore();
    const hostile: Actor = { kind: 'member', userId: s.owner.id, name: '@SUM(1+1)' };
    await logEvent(t.deps, s.scope, { type: 'product.created', resource: { kind: 'product', id: 1, label: '=HYPERLINK("http://x","y")' }, actor: hostile, at: dayAgo(2) });
    await logEvent(t.deps, s.scope, { type: 'member.joined', resource: { kind: 'member', id: 2, label: '+cmd|calc' }, actor: s.actor, at: dayAgo(1) });
    await logEvent(t.deps, s.scope, { type: 'customer.updated', resource: { kind: 'customer', id: 3, label: '-2+3' }, changes: { name: ['\tTab', '\rCR'] }, actor: s.actor, at: dayAgo(0, 1) });
    await logEvent(t.deps, s.scope, { type: 'order.paid', resource: { kind: 'order', id: 4, label: '#4' }, actor: s.actor, at: dayAgo(0) });
    const csv = async (locale: 'es' | 'en', query = { page: 1 }) => {
      let text = '';
      for await (const piece of activityService.exportActivity(t.deps, s.scope, query, locale)) text += piece;
      return text;
    };
    const es = await csv('es');
    expect(es.startsWith('\uFEFFFecha,Quién,Qué,Registro,Cambios,type,created_at\n')).toBe(true);
    const cells = es.slice(1).trimEnd().split('\n').slice(1).flatMap((line) => line.match(/("([^"]|"")*"|[^,]*)(,|$)/g)!.map((cell) => cell.replace(/,$/, '').replace(/^"|"$/g, '')));
    // No cell a spreadsheet would run: each begins with something other than = + - @ tab or CR.
    expect(cells.filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    expect(es).toContain(`'@SUM(1+1)`);
    expect(es).toContain(`"Producto: =HYPERLINK(""http://x"",""y"")"`);
    expect(es).toContain(`'+cmd|calc se unió al equipo`);
    expect(es).toContain('Marcó como pagado el pedido #4');
    const en = await csv('en', { page: 1, types: ['order.paid'] } as never);
    expect(en.split('\n')[0]).toBe('\uFEFFDate,Who,What,Record,Changes,type,created_at');
    expect(en).toContain('Marked order #4 as paid');
    expect(en.trimEnd().split('\n')).toHaveLength(2);
  });

  it('prunes entries past the retention: 364 days old stay, 366 days old go, every store alike', async () => {
    const s = await freshStore();
    const kept = await logEvent(t.deps, s.scope, { type: 'order.paid', resource: { kind: 'order', id: 1, label: '#1' }, actor: s.actor, at: dayAgo(364) });
    await logEvent(t.deps, s.scope, { type: 'order.paid', resource: { kind: 'order', id: 2, label: '#2' }, actor: s.actor, at: dayAgo(366) });
    await logEvent(t.deps, other.scope, { type: 'order.paid', resource: { kind: 'order', id: 3, label: '#3' }, actor: s.actor, at: dayAgo(400) });
    expect(t.config.activityRetentionDays).toBe(365);
    expect(await activityService.pruneActivity(t.deps)).toBeGreaterThanOrEqual(2);
    expect((await activityService.listActivity(t.deps, s.scope, { page: 1 })).rows.map((row) => row.id)).toEqual([kept]);
    expect((await activityService.listActivity(t.deps, other.scope, { page: 1 })).rows.filter((row) => row.resource.label === '#3')).toEqual([]);
    // The job worker does it hourly and at start-up, with the other modules' chores.
    expect(HOURLY_CHORES).toContain(activityService.pruneActivity);
    // A shorter retention, as ACTIVITY_RETENTION_DAYS sets it (a whole number of days, 1 to 3650; anything else stops the start).
    expect(loadConfig({ NODE_ENV: 'test', ACTIVITY_RETENTION_DAYS: '30' }).activityRetentionDays).toBe(30);
    for (const wrong of ['0', '-1', '1.5', 'un año', '4000']) expect(() => loadConfig({ NODE_ENV: 'test', ACTIVITY_RETENTION_DAYS: wrong }), wrong).toThrow(ConfigError);
    await logEvent(t.deps, s.scope, { type: 'order.paid', resource: { kind: 'order', id: 4, label: '#4' }, actor: s.actor, at: dayAgo(31) });
    expect(await activityService.pruneActivity({ ...t.deps, config: { ...t.config, activityRetentionDays: 30 } })).toBeGreaterThanOrEqual(2);
    expect((await activityService.listActivity(t.deps, s.scope, { page: 1 })).rows).toEqual([]);
  });

  it('never shows another store’s entries', async () => {
    await logEvent(t.deps, other.scope, { type: 'order.cancelled', resource: { kind: 'order', id: 77, label: '#otra' }, actor: { kind: 'member', userId: other.owner.id, name: 'Otra' } });
    const mine = await activityService.listActivity(t.deps, store.scope, { page: 1, who: { userId: other.owner.id } });
    expect(mine.rows).toEqual([]);
    expect((await activityService.listActivity(t.deps, store.scope, { page: 1 })).rows.map((row) => row.resource.label)).not.toContain('#otra');
    expect((await activityService.activityPeople(t.deps, store.scope)).map((person) => person.userId)).not.toContain(other.owner.id);
  });

  it('has a sentence for every event kind, and a group for each, in both languages', () => {
    for (const locale of ['es', 'en'] as const) {
      const tr = translator(locale);
      for (const type of STORE_EVENT_TYPES) {
        for (const key of [`activity.event.${type}`, `activity.kinds.${type}`] as MessageKey[]) expect(tr(key, { label: 'X' }), `${locale} ${key}`).not.toBe(key);
      }
    }
    expect(ACTIVITY_GROUPS.flatMap(typesOfGroup).sort()).toEqual([...STORE_EVENT_TYPES].sort());
  });

  it('offers no way to change or delete an entry: the service reads, and prunes by age only', () => {
    expect(Object.keys(activityService).sort()).toEqual(['activityPeople', 'exportActivity', 'listActivity', 'pruneActivity']);
  });
});
