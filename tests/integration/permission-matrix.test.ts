import type { RouteConfigEntry } from '@react-router/dev/routes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleCan, STORE_ROLES, type StoreRole } from '#common/store-permissions.ts';
import { createAccessToken } from '#server/modules/access-token/access-token.service.ts';
import routes from '../../app/routes.ts';
import { makeStore, makeUser, type TestUser } from '../support/factories.ts';
import { getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { apiAction, pageAction } from '#server/tenancy/route-areas.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { insertMember } from '#server/tenancy/tenancy.repository.ts';

// The permission matrix, walked (issue 38 §1, decision 088): every store screen and every store API
// operation, for every role, asked to read and to write. Where the matrix (common/store-permissions.ts)
// gives the role the area, the answer is anything but a refusal; where it does not, a 403. A screen
// or an operation outside every area fails here until route-areas.ts gives it one.

/** Every Spanish page path below the store layout, and `/store` itself (the store home sits beside it). */
function storePagePaths(): string[] {
  const paths: string[] = [];
  const walk = (entries: RouteConfigEntry[], inStore: boolean) => {
    for (const entry of entries) {
      const here = inStore || entry.id === 'es/layout-store';
      if (here && entry.path !== undefined && entry.id?.startsWith('es/')) paths.push(`/${entry.path}`);
      walk(entry.children ?? [], here);
    }
  };
  walk(routes, false);
  return [...paths, '/store'];
}

/** Operations of the API that belong to no store (the parcel box, the back office, opening a store). */
const OUTSIDE_STORES = /^\/api\/v1\/(alerts|packages|consolidations|tickets|notifications|plans|admin|bot-check|uploads|store\/slug$)/;

let t: TestApp;
let members: Record<StoreRole, TestUser & { token: string }>;
let operations: { method: string; route: string }[];
let storeId: number;

beforeAll(async () => {
  t = await createTestApp();
  const store = await makeStore(t);
  storeId = store.id;
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  const entries = await Promise.all(
    STORE_ROLES.map(async (role) => {
      const user = role === 'owner' ? store.owner : await makeUser(t);
      if (role !== 'owner') await insertMember(t.db, scope, { userId: user.id, role, createdAt: new Date().toISOString() });
      const { token } = await createAccessToken(t.deps, { userId: user.id }, { name: role, scope: 'write', expiresIn: '30' }, store.id);
      return [role, { ...user, token }] as const;
    }),
  );
  members = Object.fromEntries(entries) as typeof members;
  const document = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
  operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => ({ method: method.toUpperCase(), route: path.replace(/\{(\w+)\}/g, ':$1') })),
  );
}, 60_000);
afterAll(() => t.dispose());

describe('every store screen', () => {
  it('belongs to an area of the matrix', () => {
    const without = storePagePaths().filter((path) => !pageAction(path, 'GET'));
    expect(without, 'store screens without an area in server/tenancy/route-areas.ts').toEqual([]);
    expect(storePagePaths().length).toBeGreaterThan(40);
  });

  // A refusal is a 403, except where there is nothing to refuse: a path with no page (a form's
  // target, 404 to a GET) or no form (405 to a POST) answers every role, the owner too, the same.
  const nothingThere = (status: number, owners: number) => (status === 404 || status === 405) && status === owners;
  // The owner's answer to each request, asked once (the owner's own walk runs first and fills it).
  const ownersAnswers = new Map<string, number>();
  const ownersAnswer = async (key: string, ask: () => Promise<{ statusCode: number }>) => {
    if (!ownersAnswers.has(key)) ownersAnswers.set(key, (await ask()).statusCode);
    return ownersAnswers.get(key)!;
  };

  it.each(STORE_ROLES)('opens for the %s as the matrix says, and refuses the rest with a 403', async (role) => {
    const wrong: string[] = [];
    for (const path of storePagePaths()) {
      const action = pageAction(path, 'GET')!;
      const { statusCode } = await getPage(t.app, path, members[role].cookie);
      const owners = role === 'owner' ? statusCode : await ownersAnswer(`GET ${path}`, () => getPage(t.app, path, members.owner.cookie));
      if (role === 'owner') ownersAnswers.set(`GET ${path}`, statusCode);
      const allowed = roleCan(role, action);
      if (allowed ? statusCode === 403 || statusCode >= 500 : statusCode !== 403 && !nothingThere(statusCode, owners)) wrong.push(`GET ${path} (${action.area}) → ${statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it.each(STORE_ROLES)('takes a form from the %s only where the matrix lets them write', async (role) => {
    const post = (path: string, who: TestUser) => postForm(t.app, path, { intent: 'none' }, { cookie: `lang=es; ${who.cookie}` });
    const wrong: string[] = [];
    for (const path of storePagePaths()) {
      const action = pageAction(path, 'POST')!;
      const { statusCode } = await post(path, members[role]);
      const owners = role === 'owner' ? statusCode : await ownersAnswer(`POST ${path}`, () => post(path, members.owner));
      if (role === 'owner') ownersAnswers.set(`POST ${path}`, statusCode);
      const allowed = roleCan(role, action);
      if (allowed ? statusCode === 403 || statusCode >= 500 : statusCode !== 403 && !nothingThere(statusCode, owners)) wrong.push(`POST ${path} (${action.area}) → ${statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe('every operation of the API', () => {
  it('belongs to an area of the matrix, or to no store', () => {
    const without = operations.filter(({ method, route }) => !OUTSIDE_STORES.test(route) && !apiAction(route, method) && !(route === '/api/v1/store' && method === 'POST'));
    expect(without, 'API operations without an area in server/tenancy/route-areas.ts').toEqual([]);
  });

  it.each(STORE_ROLES)("answers the %s's token as the matrix says, with a 403 before the body is read", async (role) => {
    const wrong: string[] = [];
    let token = members[role].token;
    let calls = 0;
    for (const { method, route } of operations) {
      const action = apiAction(route, method);
      if (!action) continue;
      // A fresh token every 100 calls: one token's walk would pass LIMITS.apiPerToken (120 a minute).
      if (++calls % 100 === 0) token = (await createAccessToken(t.deps, { userId: members[role].id }, { name: `${role} ${calls}`, scope: 'write', expiresIn: '30' }, storeId)).token;
      const url = route.replace(/:\w+/g, '1');
      const response = await t.app.inject({ method: method as 'GET', url, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, ...(method === 'GET' ? {} : { payload: '{}' }) });
      const allowed = roleCan(role, action);
      if (allowed ? response.statusCode === 403 || response.statusCode >= 500 : response.statusCode !== 403) wrong.push(`${method} ${route} (${action.area}) → ${response.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });
});
