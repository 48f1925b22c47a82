import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { publishStore } from '#server/modules/store/store.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore } from './factories.ts';
import { callApi } from './forms.ts';
import type { TestApp } from './test-app.ts';

// A storefront as shoppers meet it, for the tests that post its pages: a published store whose
// records are made through the JSON API as its owner, and a shopper's cookie jar.

/** A new owner's store, published; `create(url, input)` makes one of its records through the API (201, or the test fails) and gives its id. */
export async function publishedStore(t: TestApp, options: { name?: string } = {}) {
  const store = await makeStore(t, options);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  await publishStore(t.deps, scope, true);
  const create = async (url: string, input: object) => {
    const response = await callApi(t.app, 'POST', url, store.owner.cookie, input);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    return response.json().id as number;
  };
  return { store, scope, create };
}

export type PublishedStore = Awaited<ReturnType<typeof publishedStore>>;

/** A browser's cookie jar: what each answer sets (`keep`) goes with the next request (`cookie()`); `Max-Age=0` removes. */
export function cookieJar(initial: Record<string, string>) {
  const jar = new Map<string, string>(Object.entries(initial));
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: LightMyRequestResponse) => {
    for (const header of ([] as string[]).concat(response.headers['set-cookie'] ?? [])) {
      const [pair] = header.split(';');
      const [name, ...rest] = pair!.split('=');
      if (header.includes('Max-Age=0')) jar.delete(name!);
      else jar.set(name!, rest.join('='));
    }
    return response;
  };
  return { jar, cookie, keep };
}
