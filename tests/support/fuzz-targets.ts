import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { importBuild, routePath } from './test-app.ts';

// What tests/integration/fuzz.test.ts fuzzes, read from the running app and its build at run time,
// so that a new route is fuzzed without touching the test: the OpenAPI document's operations, the
// pages' form actions and loaders, and the storefront's own Fastify routes.


export type Operation = { method: string; path: string; pathParams: string[]; queryParams: string[]; bodyFields: string[]; hasBody: boolean };

export async function apiOperations(app: FastifyInstance): Promise<Operation[]> {
  const response = await app.inject({ url: '/api/docs/json' });
  expect(response.statusCode).toBe(200);
  const document = response.json() as { paths: Record<string, Record<string, { parameters?: { in: string; name: string }[]; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }>> };
  const operations: Operation[] = [];
  for (const [route, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = operation.parameters ?? [];
      const content = operation.requestBody?.content ?? {};
      operations.push({
        method: method.toUpperCase(),
        path: route,
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        bodyFields: Object.values(content).flatMap((c) => Object.keys(c.schema?.properties ?? {})),
        hasBody: method !== 'get' && method !== 'delete',
      });
    }
  }
  return operations;
}

export type Action = { path: string; index: boolean };

export async function formActions(): Promise<Action[]> {
  const build = await importBuild();
  const actions: Action[] = [];
  for (const [routeId, route] of Object.entries(build.routes)) {
    // The Spanish tree; the English one runs the same modules (the test draws a locale per input).
    if (!route || typeof route.module.action !== 'function' || routeId.startsWith('en/') || routeId === 'not-found') continue;
    actions.push({ path: `/${routePath(build, routeId)}`, index: Boolean(route.index) });
  }
  return actions;
}

/**
 * Every page route with a loader, its dynamic segments filled in (a store's slug, else a word): the
 * Spanish tree, as for the actions.
 */
export async function pageLoaders(storeSlug: string): Promise<string[]> {
  const build = await importBuild();
  const pages = new Set<string>();
  for (const [routeId, route] of Object.entries(build.routes)) {
    if (!route || typeof route.module.loader !== 'function' || routeId.startsWith('en/') || routeId === 'not-found') continue;
    const at = routePath(build, routeId);
    if (at.includes('*')) continue;
    pages.add(`/${at.replace(/:slug\??/g, storeSlug).replace(/:\w+\??/g, 'x')}`);
  }
  return [...pages];
}

export type ShopRoute = { method: 'GET' | 'POST'; path: string };

/**
 * The storefront's routes (Fastify's own, not React Router's), read from the app's route table:
 * every method but HEAD of every path under the Spanish `/shop/:slug` (the English tree runs the
 * same handlers; a language is drawn per input).
 */
export function shopRoutes(app: FastifyInstance): ShopRoute[] {
  const routes: ShopRoute[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (.+?) \(([A-Z, ]+)\)$/.exec(line.replace(/\u00a0/g, ' '));
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    const path = stack.join('');
    if (!path.startsWith('/shop/:slug')) continue;
    for (const method of match[3]!.split(', ')) if (method === 'GET' || method === 'POST') routes.push({ method, path });
  }
  return routes;
}
