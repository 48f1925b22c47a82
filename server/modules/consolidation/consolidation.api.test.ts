import { describe, expect, it } from 'vitest';
import { addPackage, admin, api, countFor, newUser, packagesOf, requested, setUpConsolidationApp, staff, statusOf, t } from '../../../tests/support/consolidation-app.ts';
// Consolidations at the seams users feel: the JSON API and the pages (real forms, no JavaScript),
// with owner scoping for clients, staff and visitors. Needs `npm run build` first.
setUpConsolidationApp();

describe('the API for visitors', () => {
  it.each([
    ['GET', '/consolidations'],
    ['POST', '/consolidations'],
    ['GET', '/consolidations/1'],
    ['POST', '/consolidations/1/cancel'],
    ['GET', '/admin/consolidations'],
    ['GET', '/admin/consolidations/1'],
    ['POST', '/admin/consolidations/1/status'],
  ] as const)('%s %s answers 401', async (method, url) => {
    const response = await api(method, url, undefined, method === 'POST' ? { status: 'processing', packageIds: [1, 2], deliveryAddress: 'x' } : undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized', message: 'Inicia sesión o envía un token de acceso válido' });
  });
});

describe('the API for clients', () => {
  it('creates, lists, shows and cancels their own consolidation', async () => {
    const { client, ids, id } = await requested();
    const list = await api('GET', '/consolidations', client.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id, status: 'requested', deliveryAddress: 'Av. Amazonas 100, Quito' }] });

    const detail = (await api('GET', `/consolidations/${id}`, client.cookie)).json();
    expect(detail.packages.map((pkg: { id: number; status: string }) => [pkg.id, pkg.status])).toEqual(ids.map((pkgId) => [pkgId, 'consolidating']));
    expect(detail).toMatchObject({ totalWeightLb: 4, billableWeightLb: 4, declaredValueCents: 10000, costCents: 1800, events: [{ status: 'requested', note: '' }] });

    expect((await api('POST', `/consolidations/${id}/cancel`, client.cookie)).statusCode).toBe(204);
    expect(await packagesOf(ids)).toEqual(ids.map(() => ({ status: 'in_warehouse', consolidationId: null })));
    const again = await api('POST', `/consolidations/${id}/cancel`, client.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'consolidation.notCancellable', message: 'Solo puedes cancelar una consolidación que aún está solicitada' });
  });

  it('asks for at least one package, in the caller\u2019s language', async () => {
    const client = await newUser();
    const es = await api('POST', '/consolidations', client.cookie, { packageIds: [], deliveryAddress: 'Quito' });
    expect(es.statusCode).toBe(400);
    expect(es.json().fields.packageIds).toBe('Elige al menos un paquete para enviar');
    const en = await api('POST', '/consolidations', client.cookie, { packageIds: [], deliveryAddress: 'Quito' }, 'en');
    expect(en.json().fields.packageIds).toBe('Choose at least one package to ship');
    expect(await countFor(client.userId)).toBe(0);
  });

  it('ships a single package on its own (PRODUCT §6: one or more)', async () => {
    const client = await newUser();
    const one = await addPackage(client);
    const response = await api('POST', '/consolidations', client.cookie, { packageIds: [one, one], deliveryAddress: 'Quito' });
    expect(response.statusCode).toBe(201);
    const detail = (await api('GET', `/consolidations/${response.json().id}`, client.cookie)).json();
    expect(detail).toMatchObject({ status: 'requested', totalWeightLb: 2, packages: [{ id: one, status: 'consolidating' }] });
    // The final figures are in the schema, empty until the warehouse weighs the box.
    expect(detail).toMatchObject({ finalWeightLb: null, finalCostCents: null, outboundTracking: null });
  });

  it("answers 404 for another client's package in the body, and consolidates nothing", async () => {
    const client = await newUser();
    const other = await newUser();
    const mine = await addPackage(client);
    const theirs = await addPackage(other);
    const response = await api('POST', '/consolidations', client.cookie, { packageIds: [mine, theirs], deliveryAddress: 'Quito' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('not_found');
    expect(await packagesOf([mine, theirs])).toEqual([{ status: 'in_warehouse', consolidationId: null }, { status: 'in_warehouse', consolidationId: null }]);
    expect(await countFor(client.userId)).toBe(0);
  });

  it("answers 404 for another client's consolidation, to read or to cancel", async () => {
    const { id } = await requested();
    const stranger = await newUser();
    expect((await api('GET', `/consolidations/${id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await api('POST', `/consolidations/${id}/cancel`, stranger.cookie)).statusCode).toBe(404);
    expect((await api('GET', '/consolidations', stranger.cookie)).json().total).toBe(0);
    expect(await statusOf(t.db, id)).toBe('requested');
  });

  it('answers 404 to the back-office endpoints, and changes nothing', async () => {
    const { client, id } = await requested();
    expect((await api('GET', '/admin/consolidations', client.cookie)).statusCode).toBe(404);
    expect((await api('GET', `/admin/consolidations/${id}`, client.cookie)).statusCode).toBe(404);
    expect((await api('POST', `/admin/consolidations/${id}/status`, client.cookie, { status: 'processing' })).statusCode).toBe(404);
    expect(await statusOf(t.db, id)).toBe('requested');
  });
});

describe('the API for staff', () => {
  it('lists every client, moves a consolidation on with a note, and refuses an invalid step', async () => {
    const { client, id, ids } = await requested();
    const list = await api('GET', `/admin/consolidations?q=${client.lockerCode}`, staff.cookie);
    expect(list.json()).toMatchObject({ total: 1, rows: [{ id, client: { lockerCode: client.lockerCode } }] });

    expect((await api('GET', `/admin/consolidations/${id}`, admin.cookie)).json()).toMatchObject({ id, next: ['processing', 'cancelled'] });
    expect((await api('POST', `/admin/consolidations/${id}/status`, staff.cookie, { status: 'processing', note: 'Empacando' })).statusCode).toBe(204);
    // Shipping needs what the warehouse measured: the client was told the cost is confirmed at weighing.
    const unweighed = await api('POST', `/admin/consolidations/${id}/status`, admin.cookie, { status: 'shipped' });
    expect(unweighed.statusCode).toBe(400);
    expect(unweighed.json()).toMatchObject({ error: 'consolidation.finalRequired', fields: { finalWeightLb: expect.any(String) } });
    expect(await statusOf(t.db, id)).toBe('processing');
    const bad = await api('POST', `/admin/consolidations/${id}/status`, admin.cookie, { status: 'shipped', finalWeightLb: -1, finalCost: 0, outboundTracking: '<script>' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields ?? {}).sort()).toEqual(['finalCost', 'finalWeightLb', 'outboundTracking']);
    const shipped = await api('POST', `/admin/consolidations/${id}/status`, admin.cookie, { status: 'shipped', finalWeightLb: 3.2, finalCost: 42.3, outboundTracking: '1z999aa10123456784' });
    expect(shipped.statusCode).toBe(204);
    const seen = (await api('GET', `/consolidations/${id}`, client.cookie)).json();
    expect(seen).toMatchObject({ status: 'shipped', finalWeightLb: 3.2, finalCostCents: 4230, outboundTracking: '1Z999AA10123456784' });
    expect((await api('GET', '/consolidations', client.cookie)).json().rows[0]).toMatchObject({ finalCostCents: 4230 });
    expect((await api('GET', `/admin/consolidations/${id}`, staff.cookie)).json()).toMatchObject({ finalWeightLb: 3.2, outboundTracking: '1Z999AA10123456784' });
    expect(await packagesOf(ids)).toEqual(ids.map(() => ({ status: 'shipped', consolidationId: id })));

    const skip = await api('POST', `/admin/consolidations/${id}/status`, staff.cookie, { status: 'delivered' });
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toMatchObject({ error: 'consolidation.invalidTransition', message: 'Ese cambio de estado no está permitido' });
    expect((await api('POST', `/admin/consolidations/${id}/status`, staff.cookie, { status: 'requested' })).statusCode).toBe(400);
    expect((await api('POST', '/admin/consolidations/999999/status', staff.cookie, { status: 'processing' })).statusCode).toBe(404);

    const events = (await api('GET', `/consolidations/${id}`, client.cookie)).json().events;
    expect(events.map((event: { status: string; note: string }) => [event.status, event.note])).toEqual([
      ['requested', ''],
      ['processing', 'Empacando'],
      ['shipped', ''],
    ]);
    const notices = await t.db.selectFrom('notification').select('params').where('userId', '=', client.userId).where('kind', '=', 'consolidation_update').execute();
    expect(notices).toHaveLength(3);
  });
});
