import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../support/factories.ts';
import { callApi, getPage, nextClientIp, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 9: a NUL character saved on SQLite and was a 500 on PostgreSQL. It is refused the same way
// on both, wherever it comes in: URL, API body, page form (encoded or raw). Needs `npm run build`.
let t: TestApp;
let client: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  client = await makeUser(t);
});
afterAll(() => t.dispose());

const ES = 'El texto contiene un carácter no permitido';
const EN = 'The text contains a character that is not allowed';

describe('a NUL character', () => {
  it('in a list’s search is a 400, on pages and in the API', async () => {
    for (const url of ['/alert?q=%00', '/en/alert?q=a%00b', '/consolidate?q=%00']) {
      const response = await getPage(t.app, url, client.cookie);
      expect(response.statusCode, url).toBe(400);
    }
    expect((await getPage(t.app, '/en/alert?q=%00', client.cookie)).body).toBe(EN);
    const api = await callApi(t.app, 'GET', '/api/v1/alerts?q=%00', client.cookie);
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ error: 'validation', message: ES, fields: { query: ES } });
    expect((await callApi(t.app, 'GET', '/api/v1/alerts/%00', client.cookie)).statusCode).toBe(400);
  });

  it('in an API body is a 400 naming the field', async () => {
    const body = { trackingNumber: '1Z\u0000999', carrier: 'UPS', store: 'Amazon', description: 'Zapatos', declaredValue: 10 };
    const response = await callApi(t.app, 'POST', '/api/v1/alerts', client.cookie, body, 'en');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'validation', message: EN, fields: { trackingNumber: EN } });
    const nested = await callApi(t.app, 'POST', '/api/v1/consolidations', client.cookie, { packageIds: [1], notes: ['a', { x: '\u0000' }] });
    expect(nested.statusCode).toBe(400);
    expect(nested.json().fields).toEqual({ 'notes.1.x': ES });
  });

  it('in a page’s form is a 400 with the message, encoded or raw, anonymous or logged in', async () => {
    const login = await postForm(t.app, '/user/login', { email: 'ana\u0000@example.com', password: 'secret123' });
    expect(login.statusCode).toBe(400);
    expect(login.body).toContain(ES);
    const alert = await postForm(t.app, '/ticket/new', { subject: 'Hola', body: 'a\u0000b' }, { cookie: `lang=es; ${client.cookie}` });
    expect(alert.statusCode).toBe(400);
    expect(alert.body).toContain(ES);
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      remoteAddress: nextClientIp(),
      headers: { 'content-type': 'multipart/form-data; boundary=XYZ', accept: 'text/html', cookie: 'lang=es' },
      payload: '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nana\u0000@example.com\r\n--XYZ--\r\n',
    });
    expect(multipart.statusCode).toBe(400);
    // a %25 followed by 00 is the text "%00", not a NUL: an ordinary wrong login
    expect((await postForm(t.app, '/user/login', { email: 'ana@example.com', password: 'se%00cret' })).statusCode).toBe(401);
  });
});

describe('a deeply nested JSON body (issue 21)', () => {
  const deep = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
  const post = (url: string, payload: string, lang = 'es') =>
    t.app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', accept: 'application/json', cookie: `lang=${lang}; ${client.cookie}` } });

  it('is a 400 with a clear message on any JSON operation, not a stack overflow', async () => {
    for (const url of ['/api/v1/alerts', '/api/v1/consolidations', '/api/v1/tickets']) {
      const response = await post(url, deep(100_000));
      expect(response.statusCode, url).toBe(400);
      expect(response.json(), url).toEqual({ error: 'validation', message: 'Los datos están anidados demasiado hondo (como máximo 32 niveles)', fields: { body: 'Los datos están anidados demasiado hondo (como máximo 32 niveles)' } });
    }
    const inField = await post('/api/v1/alerts', `{"trackingNumber":"1Z","notes":${deep(50_000)}}`, 'en');
    expect(inField.statusCode).toBe(400);
    expect(inField.json().message).toBe('The data is nested too deeply (at most 32 levels)');
  });

  it('up to the limit is read as usual: the schema answers, naming the fields', async () => {
    const response = await post('/api/v1/alerts', `{"trackingNumber":${deep(31)}}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('trackingNumber');
  });
});
