import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatDate } from '#common/dates.ts';
import { fixedClock } from '#server/service-deps.ts';
import { makeStore } from '../support/factories.ts';
import { getPage } from '../support/forms.ts';
import { multipart } from '../support/multipart.ts';
import { makeTestCertificate } from '../support/sri-certificates.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 37 §5: the desk warns the owner 30 days before the signing certificate expires, and once it
// has, with its date in the page's language; the sales settings show the certificate's section.
// Through the rendered pages (needs `npm run build`).
const clock = fixedClock(new Date());
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CERTIFICATE_KEY: randomBytes(32).toString('base64') }, { clock });
});
afterAll(() => t.dispose());

async function uploaded(days: number) {
  const store = await makeStore(t);
  const certificate = makeTestCertificate({ days });
  const body = multipart([{ name: 'file', filename: 'firma.p12', data: certificate.p12 }, { name: 'password', value: certificate.password }]);
  const response = await t.app.inject({ method: 'PUT', url: '/api/v1/store/certificate', headers: { cookie: store.owner.cookie, 'content-type': body.contentType }, payload: body.payload });
  expect(response.statusCode, response.body).toBe(200);
  return { store, notAfter: (response.json() as { notAfter: string }).notAfter };
}

const warning = (html: string) => /data-testid="desk-certificate"[^>]*>([\s\S]*?)<\/a>/.exec(html)?.[1]?.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim() ?? null;

describe('the desk’s certificate warning', () => {
  it('warns within 30 days of expiry and after it, with the date in each language; not before', async () => {
    const { store, notAfter } = await uploaded(20);
    expect(warning((await getPage(t.app, '/', store.owner.cookie)).body)).toContain(`Tu firma electrónica vence el ${formatDate(notAfter, 'es')}: renuévala para seguir facturando.`);
    const english = warning((await getPage(t.app, '/en', store.owner.cookie)).body);
    expect(english).toContain(`Your electronic signature expires on ${formatDate(notAfter, 'en')}`);
    expect(english).toContain('See my electronic signature');

    clock.advance(21 * 86_400_000);
    try {
      expect(warning((await getPage(t.app, '/', store.owner.cookie)).body)).toContain(`Tu firma electrónica venció el ${formatDate(notAfter, 'es')}`);
      expect(warning((await getPage(t.app, '/en', store.owner.cookie)).body)).toContain(`Your electronic signature expired on ${formatDate(notAfter, 'en')}`);
    } finally {
      clock.advance(-21 * 86_400_000);
    }

    const far = await uploaded(200);
    expect(warning((await getPage(t.app, '/', far.store.owner.cookie)).body)).toBeNull();
  });

  it('shows the certificate section on the sales settings, in each language', async () => {
    const store = await makeStore(t);
    // The section's heading as drawn (the messages' catalogue in the page holds the words anyway).
    expect((await getPage(t.app, '/store/payments', store.owner.cookie)).body).toMatch(/id="certificate-title"[^>]*>Firma electrónica</);
    expect((await getPage(t.app, '/en/store/payments', store.owner.cookie)).body).toMatch(/id="certificate-title"[^>]*>Electronic signature</);
  });
});
