import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories.ts';
import { callApi, getPage, nextClientIp } from '../support/forms.ts';
import { PAGE_BODY_LIMIT } from '#server/plugins/page-bodies.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Found by the attack run (issue 9): ids past the tables' range, unknown API paths, and logged-in
// pages that a browser could keep after logout. Each answer is checked on the dialect the suite
// runs on (PostgreSQL answered 500 to the large ids). Needs `npm run build` first.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

describe('ids past the range of the tables', () => {
  it('are a 400 in the API and the 404 screen on pages, never a 500', async () => {
    const { cookie } = await makeUser(t);
    for (const url of ['/api/v1/alerts/2147483648', '/api/v1/consolidations/99999999999', '/api/v1/tickets/2147483648']) {
      expect((await callApi(t.app, 'GET', url, cookie)).statusCode, url).toBe(400);
    }
    expect((await callApi(t.app, 'POST', '/api/v1/notifications/2147483648/read', cookie)).statusCode).toBe(400);
    expect((await callApi(t.app, 'GET', '/api/v1/alerts/2147483647', cookie)).statusCode).toBe(404);
    for (const url of ['/alert/show?id=2147483648', '/consolidate/show?id=99999999999', '/ticket/show?id=2147483648']) {
      expect((await getPage(t.app, url, cookie)).statusCode, url).toBe(404);
    }
  });
});

describe('an unknown API path', () => {
  it('is a JSON 404 for every method, in the caller’s language', async () => {
    const { cookie } = await makeUser(t);
    for (const method of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
      const response = await callApi(t.app, method, '/api/v1/nothing/here', cookie, method === 'GET' || method === 'DELETE' ? undefined : {}, 'en');
      expect(response.statusCode, method).toBe(404);
      expect(response.json()).toEqual({ error: 'not_found', message: 'Page not found: /api/v1/nothing/here' });
    }
  });
});

describe('the pages of a logged-in user', () => {
  it('are never kept by a cache, nor is the data of their client-side navigations', async () => {
    const { cookie } = await makeUser(t);
    for (const url of ['/', '/en/alert', '/profile', '/alert.data']) {
      const response = await getPage(t.app, url, cookie);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-store');
    }
    expect((await getPage(t.app, '/user/login', '')).headers['cache-control']).not.toBe('no-store');
  });
});

describe('bodies posted to pages', () => {
  const post = (url: string, headers: Record<string, string>, payload: string | Buffer) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: 'lang=es', accept: 'text/html', ...headers }, payload, remoteAddress: nextClientIp() });

  it('refuse anything but a form with a 415, anonymous routes and *.data included', async () => {
    const cases: [string, Record<string, string>, string][] = [
      ['/user/login', { 'content-type': 'text/plain' }, 'x'],
      ['/user/login', { 'content-type': 'application/json' }, '{"email":"a@b.c"}'],
      ['/user/login', { 'content-type': 'application/xml' }, '<a/>'],
      ['/user/login', { 'content-type': 'application/octet-stream' }, 'x'],
      ['/user/login', {}, 'email=a'],
      ['/user/login.data', { 'content-type': 'application/json' }, '{}'],
      ['/user/register', { 'content-type': 'multipart/form-data' }, 'x'],
    ];
    for (const [url, headers, payload] of cases) {
      const response = await post(url, headers, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(415);
    }
  });

  it('answer a cut multipart body with a 400, not a 500', async () => {
    const body = '--XYZ\r\nContent-Disposition: form-data; name="email"\r\n\r\nana@example.com\r\n--XY';
    const response = await post('/user/login', { 'content-type': 'multipart/form-data; boundary=XYZ' }, body);
    expect(response.statusCode).toBe(400);
  });

  it('refuse a body past the limit before reading it, with a length or without one', async () => {
    const big = Buffer.alloc(PAGE_BODY_LIMIT + 1, 'a');
    expect((await post('/user/login', { 'content-type': 'application/x-www-form-urlencoded' }, big)).statusCode).toBe(413);
    const { Readable } = await import('node:stream');
    const chunked = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      headers: { cookie: 'lang=es', 'content-type': 'application/x-www-form-urlencoded', 'transfer-encoding': 'chunked' },
      payload: Readable.from([Buffer.alloc(200 * 1024, 'a'), Buffer.alloc(200 * 1024, 'a')]),
      remoteAddress: nextClientIp(),
    });
    expect(chunked.statusCode).toBe(413);
    // an ordinary form still goes through
    expect((await post('/user/login', { 'content-type': 'application/x-www-form-urlencoded' }, 'email=a%40b.ec&password=x')).statusCode).toBe(401);
  });
});

// Issue 36 §11: an oversize body sometimes ended as EPIPE or ECONNRESET instead of its 413. Over a
// real connection, a client that sends its whole body before reading (as a simple client does, and
// as any client does while its upload fills the socket) got a reset every time: the server closed
// with the body unread, and the reset threw the written 413 away. inject() has no socket to show it.
describe('an oversize body over a real connection', () => {
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  /** Sends the request whole without reading, then reads the answer's status line and body. */
  function sendWhole(path: string, type: string, size: number, chunked: boolean): Promise<{ status: string; body: string; error: string }> {
    return new Promise((resolve) => {
      const socket = net.connect(port, '127.0.0.1');
      socket.pause();
      // A connection kept open after its answer must not hold the test: what came is read then.
      socket.setTimeout(10_000, () => socket.destroy());
      const body = Buffer.alloc(size, 'a');
      const head = `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${type}\r\nCookie: lang=es\r\n${chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${size}`}\r\n\r\n`;
      const payload = chunked ? Buffer.concat([Buffer.from(`${size.toString(16)}\r\n`), body, Buffer.from('\r\n0\r\n\r\n')]) : body;
      const received: Buffer[] = [];
      let error = '';
      socket.on('error', (problem: NodeJS.ErrnoException) => (error ||= problem.code ?? problem.message));
      socket.on('data', (chunk: Buffer) => received.push(chunk));
      socket.on('close', () => {
        const [headers = '', answer = ''] = Buffer.concat(received).toString('utf8').split('\r\n\r\n');
        resolve({ status: headers.split('\r\n')[0] ?? '', body: answer, error });
      });
      socket.write(head);
      socket.write(payload, () => socket.resume());
    });
  }

  it.each([
    ['a page form with its length', '/user/login', 'application/x-www-form-urlencoded', false],
    ['a page form sent chunked', '/user/login', 'application/x-www-form-urlencoded', true],
    ['a storefront form with its length', '/shop/x/cart', 'application/x-www-form-urlencoded', false],
    ['a storefront form sent chunked', '/shop/x/cart', 'application/x-www-form-urlencoded', true],
    ['an API JSON body with its length', '/api/v1/auth/login', 'application/json', false],
    ['an API JSON body sent chunked', '/api/v1/auth/login', 'application/json', true],
  ] as const)('answers %s 413, never a reset', async (_what, path, type, chunked) => {
    const answer = await sendWhole(path, type, 4 * 1024 * 1024, chunked);
    expect(answer.error).toBe('');
    expect(answer.status).toBe('HTTP/1.1 413 Payload Too Large');
    // the page's own words: plain text when refused from the length, the form's page when cut as it streamed
    if (!path.startsWith('/api/')) expect(answer.body).toContain('Lo que enviaste es demasiado grande para este formulario.');
    // the API's own shape (its error handler, not the pages'): a JSON error with its code
    else expect(answer.body).toContain('"error":"too_large"');
  });
});
