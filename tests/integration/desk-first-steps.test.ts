import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AlertInputSchema, PackageInputSchema } from '#common/schemas/casillero.ts';
import { makeStaff, makeUser } from '../support/factories.ts';
import { getPage } from '../support/forms.ts';
import { checklistSteps } from '../support/desk-steps.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 9 §16: a new account's desk guides the first shipment, step by step, and steps aside after.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

/** Each step's state as the desk draws it: step → "true" (done) or "false". */
const steps = (cookie: string, url = '/') => checklistSteps(t.app, cookie, { list: 'first-steps', step: 'first-step', url });

describe('first steps on the desk', () => {
  it('marks each step as it happens, links to where it happens, and hides once something shipped', async () => {
    const client = await makeUser(t);
    const staff = await makeStaff(t);
    const owner = { userId: client.id };

    const fresh = (await getPage(t.app, '/', client.cookie)).body;
    expect(fresh).toContain('Primeros pasos');
    expect(fresh).toContain('href="#us-address"');
    expect(fresh).toContain('id="us-address"');
    expect(fresh).toMatch(/href="\/alert"[^>]*>Crear una alerta</);
    expect(fresh).toMatch(/href="\/consolidate\/new"[^>]*>Pedir un envío</);
    expect(await steps(client.cookie)).toEqual({ address: 'false', alert: 'false', received: 'false', ship: 'false' });
    const english = (await getPage(t.app, '/en', client.cookie)).body;
    expect(english).toContain('First steps');
    expect(english).toMatch(/href="\/en\/alert"[^>]*>Create an alert</);

    await t.services.alerts.createAlert(owner, AlertInputSchema.parse({ trackingNumber: 'FIRST12345', carrier: 'UPS', store: 'Amazon', content: 'Libro', declaredValue: 20, expectedDate: '' }));
    expect(await steps(client.cookie)).toEqual({ address: 'true', alert: 'true', received: 'false', ship: 'false' });

    const pkg = (tracking: string) => PackageInputSchema.parse({ lockerCode: client.lockerCode, trackingNumber: tracking, carrier: 'UPS', weightLb: 2, lengthCm: 20, widthCm: 20, heightCm: 10, declaredValue: 20 });
    const first = await t.services.packages.registerPackage({ userId: staff.id }, pkg('FIRST12345'));
    const second = await t.services.packages.registerPackage({ userId: staff.id }, pkg('FIRST67890'));
    expect(await steps(client.cookie)).toEqual({ address: 'true', alert: 'true', received: 'true', ship: 'false' });

    const id = await t.services.consolidations.createConsolidation(owner, { packageIds: [first.packageId, second.packageId], deliveryAddress: 'Quito', notes: '' });
    expect(await steps(client.cookie)).toEqual({ address: 'true', alert: 'true', received: 'true', ship: 'true' });

    await t.services.consolidations.changeConsolidationStatus({ id }, { status: 'processing', note: '' });
    expect(await steps(client.cookie)).not.toBeNull();
    await t.services.consolidations.changeConsolidationStatus({ id }, { status: 'shipped', note: '', finalWeightLb: 3.2, finalCost: 4230, outboundTracking: '1Z999' });
    expect(await steps(client.cookie)).toBeNull();
    expect(await steps(client.cookie, '/en')).toBeNull();
  });

  it('is each user’s own: another client’s records do not tick a new user’s steps', async () => {
    const busy = await makeUser(t);
    await t.services.alerts.createAlert({ userId: busy.id }, AlertInputSchema.parse({ trackingNumber: 'OTHER12345', carrier: 'UPS', store: 'Amazon', content: 'Libro', declaredValue: 20, expectedDate: '' }));
    const newcomer = await makeUser(t);
    expect(await steps(newcomer.cookie)).toEqual({ address: 'false', alert: 'false', received: 'false', ship: 'false' });
  });
});
