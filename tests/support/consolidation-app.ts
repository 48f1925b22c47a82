import { afterAll, beforeAll, expect } from 'vitest';
import { PackageInputSchema } from '#common/schemas/casillero.ts';
import type { Db } from '#server/db/database.ts';
import { registerPackage } from '#server/modules/package/package.service.ts';
import { makeUser } from './factories.ts';
import { startSmtpServer } from './smtp.ts';
import { createTestApp, type TestApp } from './test-app.ts';

// The app the consolidation API and page tests share (server/modules/consolidation/consolidation.api.test.ts and
// consolidation.pages.test.ts): the built app with a real SMTP server, a staff member and an admin,
// with helpers for users, packages and API calls. Each test file calls setUpConsolidationApp() and
// gets its own (Vitest isolates modules per file); the bindings below are live, filled by its beforeAll.
export let t: TestApp;
export let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
export let staff: User;
export let admin: User;

export type User = { userId: number; lockerCode: string; email: string; cookie: string };

/** Registers the app's set-up and tear-down in the calling test file. */
export function setUpConsolidationApp() {
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ SMTP_URL: smtp.url });
    staff = await newUser('staff');
    admin = await newUser('admin');
  });
  afterAll(async () => {
    await t.dispose();
    await smtp.close();
  });
}

let counter = 0;
export async function newUser(role: 'client' | 'staff' | 'admin' = 'client'): Promise<User> {
  const { id, lockerCode, email, cookie } = await makeUser(t, { role });
  return { userId: id, lockerCode, email, cookie };
}

export async function addPackage(owner: User, change: Record<string, string> = {}) {
  const input = PackageInputSchema.parse({
    lockerCode: owner.lockerCode,
    trackingNumber: `PKG${++counter}T${Date.now()}`,
    carrier: 'USPS',
    store: 'eBay',
    weightLb: '2',
    lengthCm: '20',
    widthCm: '20',
    heightCm: '10',
    declaredValue: '50',
    ...change,
  });
  const deps = t.deps;
  return (await registerPackage(deps, { userId: staff.userId }, input)).packageId;
}

export const api = (method: 'GET' | 'POST', url: string, cookie?: string, payload?: object, lang = 'es') =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie: `lang=${lang}${cookie ? `; ${cookie}` : ''}`, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload } : {}) });

export const statusOf = async (db: Db, id: number) => (await db.selectFrom('consolidation').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

export const packagesOf = (ids: number[]) => t.db.selectFrom('package').select(['status', 'consolidationId']).where('id', 'in', ids).orderBy('id').execute();
export const countFor = async (userId: number) => Number((await t.db.selectFrom('consolidation').select((eb) => eb.fn.countAll<number>().as('n')).where('userId', '=', userId).executeTakeFirstOrThrow()).n);

/** A client (new unless given) with two packages and their consolidation request, through the API. */
export async function requested(owner?: User) {
  const client = owner ?? (await newUser());
  const ids = [await addPackage(client), await addPackage(client)];
  const response = await api('POST', '/consolidations', client.cookie, { packageIds: ids, deliveryAddress: 'Av. Amazonas 100, Quito' });
  expect(response.statusCode).toBe(201);
  return { client, ids, id: response.json().id as number };
}
