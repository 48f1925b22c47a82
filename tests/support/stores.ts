import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type Factory, makeStaff, makeStore, type TestStore, type TestUser } from './factories.ts';
import { postForm } from './forms.ts';
import { apiClient } from './api-client.ts';
import type { paths } from './api-types.ts';

// Store isolation, checked the way users meet it (decision 025): two stores with their owners,
// and one assertion that a record of store B is "not found" for store A's owner everywhere.

export type TwoStores = { a: TestStore; b: TestStore; staff: TestUser };

/** Store A and store B, each with its own owner, and a staff user of the platform. */
export async function twoStores(t: Factory): Promise<TwoStores> {
  const [a, b, staff] = await Promise.all([makeStore(t, { name: 'Tienda A' }), makeStore(t, { name: 'Tienda B' }), makeStaff(t)]);
  return { a, b, staff };
}

/** Where a record of the other store lives: its screens (both languages), their forms, its API. */
export type RecordUrls = {
  /** Screens, e.g. `/catalog/color/show?id=7` and `/en/catalog/color/show?id=7`. */
  pages?: string[];
  /** Forms posted to those screens, e.g. `{ url: '/catalog/color/show?id=7', fields: { intent: 'delete' } }`. */
  actions?: { url: string; fields: Record<string, string> }[];
  /** The record in the JSON API, e.g. `/api/v1/colors/7`: read, changed and deleted. */
  api?: { url: string; body?: object }[];
  /**
   * The same through the typed client (tests/support/api-types.ts): the path must be an operation
   * of the served document and the body its schema, or the type check fails. Each is tried with
   * the owner's session and with an access token of theirs.
   */
  records?: TypedRecord[];
};

/** Paths of the document with a read, a change and a delete of one record by `{id}`. */
type RecordPath = { [P in keyof paths]: paths[P] extends { get: object; put: { requestBody?: object }; delete: object } ? P : never }[keyof paths];
type PutBody<P extends RecordPath> = paths[P]['put'] extends { requestBody?: { content: { 'application/json': infer B } } } ? B : never;
export type TypedRecord = { [P in RecordPath]: { path: P; id: number; body: PutBody<P> } }[RecordPath];

/**
 * Asserts that `who` (store A's owner) gets 404 for every URL of a record of store B: GET on each
 * page, POST on each action, GET, PUT and DELETE on each API URL. Every failing URL is named.
 */
export async function expectOtherStoreNotFound(app: FastifyInstance, who: TestUser, urls: RecordUrls): Promise<void> {
  const cookieFor = (url: string) => `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${who.cookie}`;
  const answers: { request: string; status: number }[] = [];
  for (const url of urls.pages ?? []) {
    const response = await app.inject({ url, headers: { cookie: cookieFor(url), accept: 'text/html' } });
    answers.push({ request: `GET ${url}`, status: response.statusCode });
  }
  for (const { url, fields } of urls.actions ?? []) {
    const response = await postForm(app, url, fields, { cookie: cookieFor(url) });
    answers.push({ request: `POST ${url}`, status: response.statusCode });
  }
  for (const { url, body } of urls.api ?? []) {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await app.inject({ method, url, headers: { cookie: who.cookie, accept: 'application/json' }, ...(method === 'PUT' ? { payload: body ?? {} } : {}) });
      answers.push({ request: `${method} ${url}`, status: response.statusCode });
    }
  }
  if (urls.records?.length) {
    // Made as the owner makes one: the profile's form, which shows the token once.
    const made = await postForm(app, '/profile/tokens', { intent: 'create', name: 'isolation', scope: 'write', expiresIn: 'never' }, { cookie: cookieFor('/') });
    const token = /tbx_[A-Za-z0-9_-]{43}/.exec(made.body)?.[0];
    expect(token, `no access token for ${who.email}: ${made.statusCode}`).toBeDefined();
    for (const [how, client] of [['session', apiClient(app, { cookie: who.cookie })], ['token', apiClient(app, { token })]] as const) {
      for (const { path, id, body } of urls.records) {
        // One call shape for every record path: the paths and bodies were checked at the call site.
        const typed = client as unknown as Record<'GET' | 'PUT' | 'DELETE', (path: string, init: object) => Promise<{ response: Response }>>;
        const params = { path: { id } };
        answers.push({ request: `GET ${path} (${how})`, status: (await typed.GET(path, { params })).response.status });
        answers.push({ request: `PUT ${path} (${how})`, status: (await typed.PUT(path, { params, body })).response.status });
        answers.push({ request: `DELETE ${path} (${how})`, status: (await typed.DELETE(path, { params })).response.status });
      }
    }
  }
  expect(answers.length, 'no URL to check').toBeGreaterThan(0);
  const reached = answers.filter((answer) => answer.status !== 404).map(({ request, status }) => `${request} → ${status}`);
  expect(reached, `store ${who.email} reached another store's record:\n${reached.join('\n')}`).toEqual([]);
}
