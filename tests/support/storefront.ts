import { expect } from 'vitest';
import type { TestStore } from './factories.ts';
import { callApi } from './forms.ts';
import type { TestApp } from './test-app.ts';

/**
 * What the storefront's inject() tests share: the owner's API calls, a record made through it, a
 * shopper's page in the address's language, and a store address. `current` gives the test app and
 * the store its beforeAll made (they do not exist when the file is read).
 */
export function storefrontKit(current: () => { t: TestApp; store: TestStore }) {
  const api = (method: Parameters<typeof callApi>[1], url: string, payload?: object) => callApi(current().t.app, method, url, current().store.owner.cookie, payload);
  async function create(url: string, input: object): Promise<number> {
    const response = await api('POST', url, input);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(201);
    return response.json().id as number;
  }
  const get = (url: string, headers: Record<string, string> = {}) =>
    current().t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}`, accept: 'text/html', ...headers } });
  const shop = (rest = '', locale: 'es' | 'en' = 'es') => `${locale === 'en' ? '/en' : ''}/shop/${current().store.slug}${rest}`;
  return { api, create, get, shop };
}
