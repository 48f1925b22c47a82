import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { capturedLog } from '../../../../tests/support/log-lines.ts';
import { multipart } from '../../../../tests/support/multipart.ts';
import { makeTestCertificate, type TestCertificate } from '../../../../tests/support/sri-certificates.ts';
import { twoStores, type TwoStores } from '../../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// `/api/v1/store/certificate` (issue 37 §5), as the settings page and API clients use it: upload,
// see, replace, remove; the file and the password never come back, the password is never logged,
// and each owner only ever reaches their own store's certificate.

const log = capturedLog();
let t: TestApp;
let stores: TwoStores;
let certificate: TestCertificate;
beforeAll(async () => {
  t = await createTestApp({ CERTIFICATE_KEY: randomBytes(32).toString('base64') }, { logStream: log.stream });
  stores = await twoStores(t);
  certificate = makeTestCertificate({ password: 'S3creta-única-del-dueño' });
});
afterAll(() => t.dispose());

const URL = '/api/v1/store/certificate';

function upload(cookie: string, file: Buffer, password: string, lang = 'es') {
  const body = multipart([
    { name: 'file', filename: 'firma.p12', data: file, type: 'application/x-pkcs12' },
    { name: 'password', value: password },
  ]);
  return t.app.inject({ method: 'PUT', url: URL, headers: { cookie: `lang=${lang}; ${cookie}`, 'content-type': body.contentType, accept: 'application/json' }, payload: body.payload });
}

const call = (method: 'GET' | 'DELETE', cookie: string, lang = 'es') => t.app.inject({ method, url: URL, headers: { cookie: `lang=${lang}; ${cookie}`, accept: 'application/json' } });

describe('the certificate API', () => {
  it('uploads, shows, replaces and removes the owner\u2019s certificate, never answering its bytes or password', async () => {
    const { a } = stores;
    expect((await call('GET', a.owner.cookie)).statusCode).toBe(404);
    const saved = await upload(a.owner.cookie, certificate.p12, certificate.password);
    expect(saved.statusCode, saved.body).toBe(200);
    const view = saved.json();
    expect(Object.keys(view).sort()).toEqual(['holder', 'issuer', 'notAfter', 'notBefore', 'serial', 'uploadedAt']);
    expect(view).toMatchObject({ holder: certificate.holder, issuer: certificate.issuer });
    const shown = await call('GET', a.owner.cookie);
    expect(shown.json()).toEqual(view);
    for (const answer of [saved, shown]) {
      expect(answer.body).not.toContain(certificate.password);
      expect(answer.body).not.toContain(certificate.p12.subarray(0, 48).toString('base64'));
    }

    const other = makeTestCertificate({ holder: 'SEGUNDA FIRMA' });
    expect((await upload(a.owner.cookie, other.p12, other.password)).json()).toMatchObject({ holder: 'SEGUNDA FIRMA' });
    expect((await call('DELETE', a.owner.cookie)).statusCode).toBe(204);
    expect((await call('GET', a.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', a.owner.cookie)).statusCode).toBe(404);

    // The password reached no log line, whatever was logged.
    const logged = JSON.stringify(log.lines);
    expect(logged).toContain('signing certificate saved');
    expect(logged).not.toContain(certificate.password);
    expect(logged).not.toContain(other.password);
  });

  it('refuses in the caller\u2019s language, each reason with its own key', async () => {
    const { a } = stores;
    const wrong = await upload(a.owner.cookie, certificate.p12, 'otra', 'en');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'sriCertificate.wrongPassword', message: 'The password does not open this electronic signature.', fields: { password: expect.any(String) } });
    const notP12 = await upload(a.owner.cookie, randomBytes(3000), 'x');
    expect(notP12.json()).toMatchObject({ error: 'sriCertificate.notP12', message: 'El archivo no es una firma electrónica .p12 o .pfx.' });
    const expired = makeTestCertificate({ days: -1 });
    expect((await upload(a.owner.cookie, expired.p12, expired.password)).json()).toMatchObject({ error: 'sriCertificate.expired' });
    const big = await upload(a.owner.cookie, randomBytes(200 * 1024), 'x');
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ error: 'sriCertificate.tooLarge' });
    const empty = await t.app.inject({ method: 'PUT', url: URL, headers: { cookie: a.owner.cookie, 'content-type': 'multipart/form-data; boundary=x' }, payload: '--x\r\nbroken' });
    expect(empty.statusCode).toBe(400);
    expect((await call('GET', a.owner.cookie)).statusCode).toBe(404);
  });

  it('keeps each store\u2019s certificate its own: another owner sees and removes nothing of it', async () => {
    const { a, b, staff } = stores;
    expect((await upload(a.owner.cookie, certificate.p12, certificate.password)).statusCode).toBe(200);
    expect((await call('GET', b.owner.cookie)).statusCode).toBe(404);
    expect((await call('DELETE', b.owner.cookie)).statusCode).toBe(404);
    // Staff has no store of its own: the route is the owner's store's, never another's.
    expect((await call('GET', staff.cookie)).statusCode).toBe(409);
    expect((await call('GET', a.owner.cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });
});

describe('a server without CERTIFICATE_KEY', () => {
  it('refuses the upload saying it is not set up to keep certificates, in both languages', async () => {
    const bare = await createTestApp();
    try {
      const { a } = await twoStores(bare);
      const body = multipart([{ name: 'file', filename: 'firma.p12', data: certificate.p12 }, { name: 'password', value: certificate.password }]);
      for (const [lang, text] of [['es', 'El servidor no está configurado para guardar firmas'], ['en', 'The server is not set up to keep electronic signatures']] as const) {
        const refused = await bare.app.inject({ method: 'PUT', url: URL, headers: { cookie: `lang=${lang}; ${a.owner.cookie}`, 'content-type': body.contentType }, payload: body.payload });
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toMatchObject({ error: 'sriCertificate.notConfigured', message: expect.stringContaining(text) });
      }
    } finally {
      await bare.dispose();
    }
  });
});
