import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';
import { makeAdmin, makeStore, makeUser } from '../support/factories.ts';

// The record form kit without JavaScript: the same forms posted as plain HTML forms. The browser's
// check (tests/e2e/form-kit.spec.ts) is only a courtesy; these answers are the authority.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.dispose();
});

const lang = (url: string) => (url.startsWith('/en') ? 'en' : 'es');
const page = (url: string, cookie: string) => t.app.inject({ url, headers: { cookie: `lang=${lang(url)}; ${cookie}`, accept: 'text/html' } });
const form = (url: string, cookie: string, fields: Record<string, string>) => postForm(t.app, url, fields, { cookie: `lang=${lang(url)}; ${cookie}` });
const alertFields = (tracking: string, declaredValue: string) => ({ intent: 'create', trackingNumber: tracking, carrier: 'UPS', store: 'Amazon', content: 'Zapatos', declaredValue, expectedDate: '' });

async function storedCents(cookie: string, location: string) {
  const id = /id=(\d+)/.exec(location)?.[1];
  const response = await t.app.inject({ url: `/api/v1/alerts/${id}`, headers: { cookie } });
  return (response.json() as { declaredValueCents: number }).declaredValueCents;
}

/** The opening tag of the input named `name` in a page's HTML. */
const inputTag = (html: string, name: string) => new RegExp(`<(?:input|textarea)[^>]*name="${name}"[^>]*>`).exec(html)?.[0] ?? '';

describe('the record form kit without JavaScript', () => {
  it('reads a number the way the page language writes it', async () => {
    const client = await makeUser(t);
    const spanish = await form('/alert', client.cookie, alertFields('KITES123456', '1.234,56'));
    expect(spanish.statusCode).toBe(302);
    expect(await storedCents(client.cookie, String(spanish.headers.location))).toBe(123456);
    const english = await form('/en/alert', client.cookie, alertFields('KITEN123456', '1,234.56'));
    expect(english.statusCode).toBe(302);
    expect(await storedCents(client.cookie, String(english.headers.location))).toBe(123456);
    // a dot and two digits on a Spanish page is a decimal point (decision 096): "89.99" is 89,99
    const dotted = await form('/alert', client.cookie, alertFields('KITES654321', '89.99'));
    expect(dotted.statusCode).toBe(302);
    expect(await storedCents(client.cookie, String(dotted.headers.location))).toBe(8999);
    // what is neither way is not guessed (issue 20 §1): the field says how to write it
    const garbled = await form('/alert', client.cookie, alertFields('KITES654322', '89.9.9'));
    expect(garbled.statusCode).toBe(400);
    expect(garbled.body).toContain('Escribe el número como 1.234,56');
  });

  it('answers a refused form with the typed values and accessible errors', async () => {
    const client = await makeUser(t);
    const refused = await form('/alert', client.cookie, { ...alertFields('KITBAD1234', '89,99'), store: '', content: 'Libros' });
    expect(refused.statusCode).toBe(400);
    const store = inputTag(refused.body, 'store');
    expect(store).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(store)?.[1] ?? '';
    // One of the ids it points to is the element that says what is wrong.
    expect(describedBy.split(' ').some((id) => new RegExp(`id="${id}"[^>]*>Este campo es obligatorio<`).test(refused.body))).toBe(true);
    expect(inputTag(refused.body, 'content')).not.toContain('aria-invalid="true"');
    expect(inputTag(refused.body, 'trackingNumber')).toContain('value="KITBAD1234"');
    expect(inputTag(refused.body, 'declaredValue')).toContain('value="89,99"');
    expect(refused.body).toContain('Libros');
  });

  it('sends a date as YYYY-MM-DD from the browser\'s own date input, which the date field is until its picker loads', async () => {
    const client = await makeUser(t);
    const saved = await form('/alert', client.cookie, { ...alertFields('KITDATE1234', '20'), expectedDate: '2030-08-15' });
    expect(saved.statusCode).toBe(302);
    const id = /id=(\d+)/.exec(String(saved.headers.location))?.[1];
    const alert = await t.app.inject({ url: `/api/v1/alerts/${id}`, headers: { cookie: client.cookie } });
    expect((alert.json() as { expectedDate: string | null }).expectedDate).toBe('2030-08-15');
    const refused = await form('/en/alert', client.cookie, { ...alertFields('KITDATE5678', '20'), store: '', expectedDate: '2030-08-15' });
    expect(refused.statusCode).toBe(400);
    const date = inputTag(refused.body, 'expectedDate');
    expect(date).toContain('type="date"');
    expect(date).toContain('value="2030-08-15"');
  });

  it('shows the server\'s error on a date field as on any other', async () => {
    const admin = await makeAdmin(t);
    const store = await makeStore(t);
    const refused = await form(`/admin/store/show?id=${store.id}`, admin.cookie, { planId: '', expiresAt: '31/12/2030' });
    expect(refused.statusCode).toBe(400);
    const date = inputTag(refused.body, 'expiresAt');
    expect(date).toContain('aria-invalid="true"');
    const describedBy = /aria-describedby="([^"]+)"/.exec(date)?.[1] ?? '';
    expect(describedBy.split(' ').some((id) => new RegExp(`id="${id}"[^>]*>Escribe una fecha válida<`).test(refused.body))).toBe(true);
  });

  it('saves the settings with a Spanish decimal comma and shows them back in each language', async () => {
    const admin = await makeAdmin(t);
    const fields = { name: 'TB', line1: '123 Ocean Dr', line2: '', city: 'Miami', state: 'FL', zip: '33139', country: 'USA', phone: '' };
    expect((await form('/admin/setting', admin.cookie, { ...fields, ratePerLb: '4,75' })).statusCode).toBe(200);
    expect(inputTag((await page('/admin/setting', admin.cookie)).body, 'ratePerLb')).toContain('value="4,75"');
    expect(inputTag((await page('/en/admin/setting', admin.cookie)).body, 'ratePerLb')).toContain('value="4.75"');
    const refused = await form('/en/admin/setting', admin.cookie, { ...fields, city: '', ratePerLb: '0' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('This field is required');
    expect(refused.body).toContain('Must be greater than zero');
  });
});
