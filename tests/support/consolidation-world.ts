import { afterAll, beforeAll } from 'vitest';
import { PackageInputSchema } from '#common/schemas/casillero.ts';
import { ConsolidationInputSchema } from '#common/schemas/consolidation.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { registerPackage } from '#server/modules/package/package.service.ts';
import { putSetting } from '#server/modules/setting/setting.service.ts';
import { makeStaff, makeUser } from './factories.ts';
import { startSmtpServer } from './smtp.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';
import * as consolidations from '#server/modules/consolidation/consolidation.service.ts';

// The world the consolidation rule tests share (server/modules/consolidation/consolidation.service.test.ts
// and consolidation.shipping.test.ts): a real database (SQLite, or PostgreSQL with DATABASE_URL), a real
// SMTP server, a staff member and a rate per pound, with helpers to make clients, packages and
// requests. Each test file calls setUpConsolidationWorld() and gets its own (Vitest isolates modules
// per file); the bindings below are live, filled by its beforeAll.
export let t: TestDatabase;
export let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
export let deps: ServiceDeps;
export let staffId: number;

/** Registers the world's set-up and tear-down in the calling test file. */
export function setUpConsolidationWorld() {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestDatabase({ SMTP_URL: smtp.url });
    deps = { ...t.deps, config: { ...t.config, publicUrl: 'https://tiendabox.test' } };
    staffId = (await makeStaff(t)).id;
    await putSetting(t.deps, 'rate_per_lb_cents', 500);
  });
  afterAll(async () => {
    await t.dispose();
    await smtp.close();
  });
}

let counter = 0;
export async function newClient(locale: 'es' | 'en' = 'es') {
  const { id, lockerCode, email } = await makeUser(t, { locale, lastname: `Pérez ${++counter}` });
  return { userId: id, lockerCode, email };
}

export async function addPackage(lockerCode: string, change: Partial<Record<string, string>> = {}) {
  const input = PackageInputSchema.parse({
    lockerCode,
    trackingNumber: `TRK${++counter}X${Date.now()}`,
    carrier: 'UPS',
    store: 'Amazon',
    weightLb: '2',
    lengthCm: '20',
    widthCm: '20',
    heightCm: '10',
    declaredValue: '50',
    ...change,
  });
  return (await registerPackage(deps, { userId: staffId }, input)).packageId;
}

export const input = (packageIds: number[], extra: Partial<{ deliveryAddress: string; notes: string }> = {}) =>
  ConsolidationInputSchema.parse({ packageIds, deliveryAddress: 'Av. Amazonas 100, Quito', notes: '', ...extra });

export const packageRows = (ids: number[]) => t.db.selectFrom('package').select(['id', 'status', 'consolidationId']).where('id', 'in', ids).orderBy('id').execute();

export const notifications = (userId: number) =>
  t.db.selectFrom('notification').select(['kind', 'params', 'link']).where('userId', '=', userId).where('kind', '=', 'consolidation_update').orderBy('id').execute();

export async function requested() {
  const client = await newClient();
  const ids = [await addPackage(client.lockerCode), await addPackage(client.lockerCode)];
  const id = await consolidations.createConsolidation(deps, client, input(ids));
  return { client, ids, id };
}

/** What the warehouse measured: required to ship (the schema's output: the cost in cents). */
export const FINAL = { finalWeightLb: 3.2, finalCost: 4230, outboundTracking: '1Z999AA10123456784' };
export const move = (id: number, status: 'processing' | 'shipped' | 'in_customs' | 'delivered' | 'cancelled', note = '') =>
  consolidations.changeConsolidationStatus(deps, { id }, { status, note, ...(status === 'shipped' ? FINAL : {}) });
