import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAdmin } from '../support/factories.ts';


// /admin/user on the list pattern: the search takes `%` and `_` literally. Needs `npm run build`.
let t: TestApp;
let admin: { cookie: string };

const person = (email: string, name: string) => ({
  email, password: 'secret123', name, lastname: 'Prueba', documentType: 'passport' as const, documentNumber: `X${email.length}${Date.now()}`.slice(0, 20),
  phone: '', address: '', country: 'Ecuador', state: '', city: '', zip: '',
});

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t);
  for (const [email, name] of [['literal-underscore@example.com', 'Zeta_Uno'], ['wild-underscore@example.com', 'ZetaXUno'], ['literal-percent@example.com', 'Omega%Dos'], ['wild-percent@example.com', 'OmegaLargoDos']]) {
    await t.services.users.createUser(person(email!, name!), { locale: 'es' });
  }
});
afterAll(async () => {
  await t.dispose();
});

const search = async (q: string, locale: 'es' | 'en' = 'es') => {
  const response = await t.app.inject({ url: `${locale === 'en' ? '/en' : ''}/admin/user?q=${encodeURIComponent(q)}`, headers: { cookie: `lang=${locale}; ${admin.cookie}`, accept: 'text/html' } });
  expect(response.statusCode).toBe(200);
  return response.body;
};

it('finds only the literal underscore', async () => {
  const body = await search('Zeta_Uno');
  expect(body).toContain('literal-underscore@example.com');
  expect(body).not.toContain('wild-underscore@example.com');
});

it('finds only the literal percent sign, in both languages', async () => {
  for (const locale of ['es', 'en'] as const) {
    const body = await search('Omega%Dos', locale);
    expect(body).toContain('literal-percent@example.com');
    expect(body).not.toContain('wild-percent@example.com');
  }
});

it('filters by role and pages like the other lists', async () => {
  const response = await t.app.inject({ url: '/admin/user?role=admin', headers: { cookie: `lang=es; ${admin.cookie}`, accept: 'text/html' } });
  expect(response.body).not.toContain('literal-percent@example.com');
  expect(response.body).toContain('data-testid="user-row-admin');
});
