import { describe, expect, it } from 'vitest';
import { estimate } from '#common/consolidation-estimate.ts';
import { ConsolidationInputSchema, ConsolidationListQuery } from '#common/schemas/consolidation.ts';
import { runDueJobs } from '../../../tests/support/jobs.ts';
import * as consolidations from './consolidation.service.ts';
import { addPackage, deps, input, move, newClient, notifications, packageRows, requested, setUpConsolidationWorld, smtp, t } from '../../../tests/support/consolidation-world.ts';

// The consolidation rules on a real database (SQLite, or PostgreSQL with DATABASE_URL) and a real SMTP server.
setUpConsolidationWorld();

describe('the consolidation input', () => {
  it('asks for at least one package; a single one ships on its own', () => {
    for (const packageIds of [[], undefined]) {
      const result = ConsolidationInputSchema.safeParse({ packageIds, deliveryAddress: 'Quito' });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('consolidation.minPackages');
    }
    expect(ConsolidationInputSchema.parse({ packageIds: [5, 5], deliveryAddress: 'Quito' }).packageIds).toEqual([5]);
    expect(ConsolidationInputSchema.parse({ packageIds: ['3', '4', '3'], deliveryAddress: ' Quito ' })).toEqual({ packageIds: [3, 4], deliveryAddress: 'Quito', notes: '' });
  });

  it('asks for a delivery address', () => {
    const result = ConsolidationInputSchema.safeParse({ packageIds: [1, 2], deliveryAddress: '  ' });
    expect(result.error?.issues[0]).toMatchObject({ path: ['deliveryAddress'], message: 'validation.required' });
  });
});

describe('the new-consolidation draft', () => {
  it("offers only the client's own warehouse packages, the profile's address and the rate", async () => {
    const { client } = await requested();
    const free = await addPackage(client.lockerCode);
    await addPackage((await newClient()).lockerCode);
    const draft = await consolidations.consolidationDraft(t.deps, client);
    expect(draft.packages.map((pkg) => pkg.id)).toEqual([free]);
    expect(draft.deliveryAddress).toBe('Av. 6 de Diciembre N24-253, Quito, Pichincha, Ecuador');
    expect(draft.ratePerLbCents).toBe(500);
  });
});

describe('requesting a consolidation', () => {
  it('stores the estimate from the packages as stored, puts them in it, writes the event, the notification and the e-mail', async () => {
    const client = await newClient();
    const a = await addPackage(client.lockerCode, { weightLb: '3.5', lengthCm: '30', widthCm: '20', heightCm: '10', declaredValue: '120' });
    const b = await addPackage(client.lockerCode, { weightLb: '1.25', lengthCm: '50', widthCm: '40', heightCm: '30', declaredValue: '80.5' });
    const id = await consolidations.createConsolidation(deps, client, input([a, b], { notes: 'Frágil' }));

    const { consolidation, packages, events } = await consolidations.getConsolidation(t.deps, { userId: client.userId, id });
    const expected = estimate(
      [
        { weightLb: 3.5, lengthCm: 30, widthCm: 20, heightCm: 10, declaredValueCents: 12000 },
        { weightLb: 1.25, lengthCm: 50, widthCm: 40, heightCm: 30, declaredValueCents: 8050 },
      ],
      500,
    );
    expect(consolidation).toMatchObject({
      status: 'requested',
      deliveryAddress: 'Av. Amazonas 100, Quito',
      notes: 'Frágil',
      totalWeightLb: 4.75,
      billableWeightLb: expected.billableLb,
      declaredValueCents: 20050,
      costCents: expected.costCents,
    });
    expect(expected.billableLb).toBe(29.1); // 66 000 cm³ → 13.2 kg volumetric > 4.75 lb actual
    expect(consolidation.costCents).toBe(14550);
    expect(packages.map((pkg) => [pkg.id, pkg.status])).toEqual([[a, 'consolidating'], [b, 'consolidating']]);
    expect(events.map((event) => event.status)).toEqual(['requested']);
    expect(await notifications(client.userId)).toEqual([{ kind: 'consolidation_update', params: JSON.stringify({ number: id, status: 'requested' }), link: `/consolidate/show?id=${id}` }]);
    await runDueJobs(t, deps.mailer);
    const mail = smtp.lastTo(client.email);
    expect(mail).toContain(`Tu consolidación #${id} cambió a «Solicitada»`);
    expect(mail).toContain(`https://tiendabox.test/consolidate/show?id=${id}`);
  });

  it("refuses another client's package as not found and consolidates nothing", async () => {
    const client = await newClient();
    const other = await newClient();
    const mine = await addPackage(client.lockerCode);
    const theirs = await addPackage(other.lockerCode);
    await expect(consolidations.createConsolidation(deps, client, input([mine, theirs]))).rejects.toMatchObject({ status: 404 });
    await expect(consolidations.createConsolidation(deps, client, input([mine, 999_999]))).rejects.toMatchObject({ status: 404 });
    expect(await packageRows([mine, theirs])).toEqual([
      { id: mine, status: 'in_warehouse', consolidationId: null },
      { id: theirs, status: 'in_warehouse', consolidationId: null },
    ]);
    const count = await t.db.selectFrom('consolidation').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', 'in', [client.userId, other.userId]).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('refuses a package that is already in another consolidation', async () => {
    const { client, ids } = await requested();
    const free = await addPackage(client.lockerCode);
    await expect(consolidations.createConsolidation(deps, client, input([ids[0]!, free]))).rejects.toMatchObject({ status: 409, code: 'consolidation.packageUnavailable', field: 'packageIds' });
    expect(await packageRows([free])).toEqual([{ id: free, status: 'in_warehouse', consolidationId: null }]);
  });

  it('lets only one of two simultaneous requests take the same packages', async () => {
    const client = await newClient();
    const ids = [await addPackage(client.lockerCode), await addPackage(client.lockerCode)];
    const results = await Promise.allSettled([consolidations.createConsolidation(deps, client, input(ids)), consolidations.createConsolidation(deps, client, input(ids))]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((result) => result.status === 'rejected')).toMatchObject({ reason: { status: 409 } });
    const rows = await packageRows(ids);
    expect(new Set(rows.map((row) => row.consolidationId)).size).toBe(1);
    const count = await t.db.selectFrom('consolidation').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', client.userId).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });
});

describe('moving through the states', () => {
  it('goes requested → processing → shipped → in_customs → delivered, the packages following, each step an event and a notice', async () => {
    const { client, ids, id } = await requested();
    const steps = [
      ['processing', 'consolidating'],
      ['shipped', 'shipped'],
      ['in_customs', 'in_customs'],
      ['delivered', 'delivered'],
    ] as const;
    for (const [status, packageStatus] of steps) {
      await move(id, status, `nota ${status}`);
      expect((await packageRows(ids)).map((row) => [row.status, row.consolidationId])).toEqual(ids.map(() => [packageStatus, id]));
      await runDueJobs(t, deps.mailer);
      expect(smtp.lastTo(client.email)).toContain(`Tu consolidación #${id} cambió a «`);
    }
    const { consolidation, events } = await consolidations.getConsolidation(t.deps, { userId: client.userId, id });
    expect(consolidation.status).toBe('delivered');
    expect(events.map((event) => [event.status, event.note])).toEqual([
      ['requested', ''],
      ['processing', 'nota processing'],
      ['shipped', 'nota shipped'],
      ['in_customs', 'nota in_customs'],
      ['delivered', 'nota delivered'],
    ]);
    expect((await notifications(client.userId)).map((row) => JSON.parse(row.params).status)).toEqual(['requested', 'processing', 'shipped', 'in_customs', 'delivered']);
    await runDueJobs(t, deps.mailer);
    expect(smtp.lastTo(client.email)).toContain(`Tu consolidación #${id} cambió a «Entregada»`);
    expect((await consolidations.getConsolidationForStaff(t.deps, { id })).next).toEqual([]);
  });

  it.each([
    [[], 'shipped'],
    [[], 'delivered'],
    [['processing'], 'in_customs'],
    [['processing', 'shipped'], 'cancelled'],
    [['processing', 'shipped', 'in_customs', 'delivered'], 'cancelled'],
    [['cancelled'], 'processing'],
  ] as const)('after %j refuses %s with 409 and changes nothing', async (path, refused) => {
    const { client, id } = await requested();
    for (const status of path) await move(id, status);
    const before = await consolidations.getConsolidation(t.deps, { userId: client.userId, id });
    const noticesBefore = (await notifications(client.userId)).length;
    await expect(move(id, refused)).rejects.toMatchObject({ status: 409, code: 'consolidation.invalidTransition' });
    expect(await consolidations.getConsolidation(t.deps, { userId: client.userId, id })).toEqual(before);
    expect(await notifications(client.userId)).toHaveLength(noticesBefore);
  });

  it('lets staff cancel while processing: the packages go back to the warehouse', async () => {
    const { client, ids, id } = await requested();
    await move(id, 'processing');
    await move(id, 'cancelled', 'Sin stock de cajas');
    expect(await packageRows(ids)).toEqual(ids.map((pkgId) => ({ id: pkgId, status: 'in_warehouse', consolidationId: null })));
    const { events } = await consolidations.getConsolidation(t.deps, { userId: client.userId, id });
    expect(events.at(-1)).toMatchObject({ status: 'cancelled', note: 'Sin stock de cajas' });
  });

  it('answers not found for an unknown consolidation', async () => {
    await expect(consolidations.changeConsolidationStatus(deps, { id: 999_999 }, { status: 'processing', note: '' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('the client cancelling', () => {
  it('cancels while requested, frees the packages to be consolidated again, and notifies', async () => {
    const { client, ids, id } = await requested();
    await consolidations.cancelConsolidation(deps, { userId: client.userId, id });
    expect(await packageRows(ids)).toEqual(ids.map((pkgId) => ({ id: pkgId, status: 'in_warehouse', consolidationId: null })));
    const { consolidation, events, packages } = await consolidations.getConsolidation(t.deps, { userId: client.userId, id });
    expect(consolidation.status).toBe('cancelled');
    expect(packages).toEqual([]);
    expect(events.map((event) => event.status)).toEqual(['requested', 'cancelled']);
    await runDueJobs(t, deps.mailer);
    expect(smtp.lastTo(client.email)).toContain(`Tu consolidación #${id} cambió a «Cancelada»`);
    const again = await consolidations.createConsolidation(deps, client, input(ids));
    expect((await packageRows(ids)).map((row) => row.consolidationId)).toEqual([again, again]);
  });

  it('cannot cancel once processing, nor twice', async () => {
    const first = await requested();
    await consolidations.changeConsolidationStatus(deps, { id: first.id }, { status: 'processing', note: '' });
    await expect(consolidations.cancelConsolidation(deps, { userId: first.client.userId, id: first.id })).rejects.toMatchObject({ status: 409, code: 'consolidation.notCancellable' });
    const second = await requested();
    await consolidations.cancelConsolidation(deps, { userId: second.client.userId, id: second.id });
    await expect(consolidations.cancelConsolidation(deps, { userId: second.client.userId, id: second.id })).rejects.toMatchObject({ status: 409, code: 'consolidation.notCancellable' });
  });

  it("cannot see or cancel another client's consolidation", async () => {
    const { ids, id } = await requested();
    const stranger = await newClient();
    await expect(consolidations.getConsolidation(t.deps, { userId: stranger.userId, id })).rejects.toMatchObject({ status: 404 });
    await expect(consolidations.cancelConsolidation(deps, { userId: stranger.userId, id })).rejects.toMatchObject({ status: 404 });
    expect((await packageRows(ids)).map((row) => row.status)).toEqual(['consolidating', 'consolidating']);
  });
});

describe('lists', () => {
  const query = (params: Record<string, string> = {}) => ConsolidationListQuery.parse(params);

  it("shows a client only their own, searchable by number and tracking, filtered by status, sorted", async () => {
    const { client, id: first } = await requested();
    const heavy = [await addPackage(client.lockerCode, { weightLb: '40', trackingNumber: 'HEAVYBOX01' }), await addPackage(client.lockerCode)];
    const second = await consolidations.createConsolidation(deps, client, input(heavy));
    await consolidations.cancelConsolidation(deps, { userId: client.userId, id: first });
    await requested(); // someone else's

    const all = await consolidations.listConsolidations(t.deps, client, query());
    expect(all.rows.map((row) => row.id)).toEqual([second, first]);
    expect(all.total).toBe(2);
    expect(Number(all.rows[0]!.packageCount)).toBe(2);
    expect((await consolidations.listConsolidations(t.deps, client, query({ q: `#${first}` }))).rows.map((row) => row.id)).toEqual([first]);
    expect((await consolidations.listConsolidations(t.deps, client, query({ q: 'heavybox' }))).rows.map((row) => row.id)).toEqual([second]);
    expect((await consolidations.listConsolidations(t.deps, client, query({ status: 'cancelled' }))).rows.map((row) => row.id)).toEqual([first]);
    expect((await consolidations.listConsolidations(t.deps, client, query({ sort: 'weight', dir: 'asc' }))).rows.map((row) => row.id)).toEqual([first, second]);
    expect((await consolidations.listConsolidations(t.deps, client, query({ q: 'nothing-like-this' }))).total).toBe(0);
  });

  it('lets staff search every client by locker code, name and number', async () => {
    const { client, id } = await requested();
    const other = await requested();
    const byLocker = await consolidations.listAllConsolidations(t.deps, query({ q: client.lockerCode.toLowerCase() }));
    expect(byLocker.rows.map((row) => row.id)).toEqual([id]);
    expect(byLocker.rows[0]).toMatchObject({ lockerCode: client.lockerCode, name: 'Ana' });
    const lastname = (await t.db.selectFrom('user').select('lastname').where('id', '=', other.client.userId).executeTakeFirstOrThrow()).lastname;
    expect((await consolidations.listAllConsolidations(t.deps, query({ q: lastname }))).rows.map((row) => row.id)).toEqual([other.id]);
    expect((await consolidations.listAllConsolidations(t.deps, query({ q: String(other.id) }))).rows.map((row) => row.id)).toContain(other.id);
    expect((await consolidations.listAllConsolidations(t.deps, query({ status: 'requested' }))).rows.map((row) => row.id)).toEqual(expect.arrayContaining([id, other.id]));
  });
});
