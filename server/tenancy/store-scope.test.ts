import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sqlName } from '#server/db/case-names.ts';
import { STORE_OWNED_TABLES } from '#server/db/store-guard.ts';
import { activeStoreId } from './active-store.ts';
import { callApi, getPage } from '../../tests/support/forms.ts';
import { type TwoStores, twoStores } from '../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../tests/support/test-app.ts';

// Where a request's store scope is resolved — the API's requireStore, the store layout's
// middleware — the rest of the request runs in it (decision 042), so the store guard refuses any
// other store's id there. A plugin after the app's own watches which store each query of a real
// request ran under. Needs `npm run build` first.

const OWNED = new Set<string>(STORE_OWNED_TABLES);

/** The tables a query names, anywhere in its tree. */
function tablesOf(node: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) for (const item of node) tablesOf(item, found);
  else if (typeof node === 'object' && node !== null) {
    const { kind, table } = node as { kind?: string; table?: { kind?: string; identifier?: { name?: string } } };
    if (kind === 'TableNode' && table?.identifier?.name) found.add(sqlName(table.identifier.name));
    for (const child of Object.values(node)) tablesOf(child, found);
  }
  return found;
}

let seen: { active: number | undefined; tables: Set<string> }[] = [];
const watcher: KyselyPlugin = {
  transformQuery({ node }): RootOperationNode {
    seen.push({ active: activeStoreId(), tables: tablesOf(node) });
    return node;
  },
  transformResult: async ({ result }) => result,
};

let t: TestApp;
let stores: TwoStores;

beforeAll(async () => {
  t = await createTestApp({}, { plugins: [watcher] });
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

/** The stores the store-owned queries of one request ran under, and how many such queries there were. */
async function storesDuring(request: () => Promise<{ statusCode: number; body: string }>) {
  seen = [];
  const response = await request();
  expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(400);
  const owned = seen.filter((query) => [...query.tables].some((table) => OWNED.has(table)));
  return { owned: owned.length, active: [...new Set(owned.map((query) => query.active))] };
}

describe("a request's store scope is active for the store guard", () => {
  it("through the API's requireStore: a list, a create and a read run in the owner's store", async () => {
    const { a } = stores;
    expect(await storesDuring(() => callApi(t.app, 'GET', '/api/v1/colors', a.owner.cookie))).toEqual({ owned: expect.any(Number), active: [a.id] });
    expect(await storesDuring(() => callApi(t.app, 'POST', '/api/v1/colors', a.owner.cookie, { name: 'Rojo', hex: '#cc0000', enabled: true }))).toEqual({ owned: expect.any(Number), active: [a.id] });
  });

  it("through the store layout's middleware: a catalog screen's loaders run in the owner's store", async () => {
    const { b } = stores;
    const list = await storesDuring(() => getPage(t.app, '/catalog/color', b.owner.cookie));
    expect(list).toEqual({ owned: expect.any(Number), active: [b.id] });
    expect(list.owned).toBeGreaterThan(0);
    expect(await storesDuring(() => getPage(t.app, '/en/catalog/product', b.owner.cookie))).toEqual({ owned: expect.any(Number), active: [b.id] });
  });

  it('not for the back office: staff name any store, and no scope lingers after a request', async () => {
    seen = [];
    const response = await getPage(t.app, `/admin/store/show?id=${stores.b.id}`, stores.staff.cookie);
    expect(response.statusCode).toBe(200);
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen.map((query) => query.active))).toEqual(new Set([undefined]));
    expect(activeStoreId()).toBeUndefined();
  });
});
