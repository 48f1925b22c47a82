import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAdmin, makeUser } from '../support/factories.ts';
import { callApi, getPage, postForm } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 9 §7 at the server: a required number left blank is refused, never saved as 0.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const alert = { intent: 'create', trackingNumber: 'BLANK12345', carrier: 'UPS', store: 'Amazon', content: 'Zapatos', expectedDate: '' };

describe('required numbers', () => {
  it('refuses an alert with a blank declared value (form and API) and saves none', async () => {
    const client = await makeUser(t);
    const blank = await postForm(t.app, '/alert', { ...alert, declaredValue: '' }, { cookie: `lang=es; ${client.cookie}` });
    expect(blank.statusCode).toBe(400);
    expect(blank.body).toContain('Este campo es obligatorio');
    for (const declaredValue of [null, '', '  ']) {
      const api = await callApi(t.app, 'POST', '/api/v1/alerts', client.cookie, { ...alert, declaredValue });
      expect(api.statusCode, JSON.stringify(declaredValue)).toBe(400);
    }
    expect((await getPage(t.app, '/alert', client.cookie)).body).not.toContain('BLANK12345');
    const typed = await postForm(t.app, '/alert', { ...alert, declaredValue: '0' }, { cookie: `lang=es; ${client.cookie}` });
    expect(typed.statusCode).toBe(302); // a zero typed on purpose is a value
  });

  it('refuses blank measures of a package and a blank rate per pound', async () => {
    const admin = await makeAdmin(t);
    const client = await makeUser(t);
    const pkg = { lockerCode: client.lockerCode, trackingNumber: 'PKG1234567', carrier: 'UPS', store: '', description: '', weightLb: '2,5', lengthCm: '30', widthCm: '20', heightCm: '10', declaredValue: '10' };
    const blankWeight = await postForm(t.app, '/admin/package', { ...pkg, weightLb: '' }, { cookie: `lang=es; ${admin.cookie}` });
    expect(blankWeight.statusCode).toBe(400);
    expect(blankWeight.body).toContain('Este campo es obligatorio');
    const settings = { name: 'TB', line1: '123 Ocean Dr', line2: '', city: 'Miami', state: 'FL', zip: '33139', country: 'USA', phone: '' };
    const blankRate = await postForm(t.app, '/admin/setting', { ...settings, ratePerLb: '' }, { cookie: `lang=es; ${admin.cookie}` });
    expect(blankRate.statusCode).toBe(400);
    expect(blankRate.body).toContain('Este campo es obligatorio');
    // the Spanish way of writing the weight is read as 2.5 lb
    expect((await postForm(t.app, '/admin/package', pkg, { cookie: `lang=es; ${admin.cookie}` })).statusCode).toBe(302);
  });
});
