import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories.ts';
import { getPage } from '../support/forms.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

// Issue 9 §1 (the 404 of a logged-in user) and §15 (share tags, canonical link, og-image, terms).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const anonymous = (url: string) => t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}`, accept: 'text/html' } });

describe('404 of a logged-in user', () => {
  it('keeps the dashboard menu around the error, in both languages', async () => {
    const user = await makeUser(t, { name: 'Lucía' });
    const es = await getPage(t.app, '/no/such/page', user.cookie);
    expect(es.statusCode).toBe(404);
    expect(es.body).toContain('data-testid="error-in-layout"');
    expect(es.body).toContain('Página no encontrada: /no/such/page');
    expect(es.body).toContain('aria-label="Menú principal"');
    expect(es.body).toContain('href="/alert"'); // a way back: the menu's entries
    expect(es.body).toContain('Lucía');
    expect(es.body).toContain('<title>¡Ups!</title>');
    const en = await getPage(t.app, '/en/nothing/here', user.cookie);
    expect(en.statusCode).toBe(404);
    expect(en.body).toContain('data-testid="error-in-layout"');
    expect(en.body).toContain('Page not found: /en/nothing/here');
    expect(en.body).toContain('aria-label="Main menu"');
    expect(en.body).toContain('href="/en/alert"');
  });

  it('gives a visitor the plain error screen, not the login page', async () => {
    for (const url of ['/no/such/page', '/en/nothing/here', '/admin/nothing']) {
      const response = await anonymous(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('error-in-layout');
      expect(response.body).not.toContain('aria-label="Menú principal"');
      expect(response.body).toMatch(/Página no encontrada|Page not found/);
    }
    // a known dashboard page still sends a visitor to the login
    expect((await anonymous('/alert')).statusCode).toBe(302);
  });
});

describe('share tags and canonical link', () => {
  it('gives public pages Open Graph tags, a canonical link and hreflang alternates', async () => {
    const es = (await anonymous('/terms')).body;
    expect(es).toContain('<link rel="canonical" href="http://localhost:3000/terms"/>');
    expect(es).toContain('property="og:title" content="Términos del servicio y política de privacidad · Tiendabox"');
    expect(es).toMatch(/property="og:description" content="[^"]+"/);
    expect(es).toContain('property="og:url" content="http://localhost:3000/terms"');
    expect(es).toContain('property="og:locale" content="es_EC"');
    expect(es).toContain('property="og:locale:alternate" content="en_US"');
    expect(es).toContain('property="og:image" content="http://localhost:3000/og-image.png"');
    expect(es).toContain('hrefLang="en" href="http://localhost:3000/en/terms"');
    const en = (await anonymous('/en/user/login')).body;
    expect(en).toContain('<link rel="canonical" href="http://localhost:3000/en/user/login"/>');
    expect(en).toContain('property="og:locale" content="en_US"');
    expect(en).toContain('property="og:locale:alternate" content="es_EC"');
    for (const url of ['/user/register', '/user/reset']) expect((await anonymous(url)).body).toContain(`<link rel="canonical" href="http://localhost:3000${url}"/>`);
  });

  it('serves the og:image the tags point to: a 1200×630 PNG', async () => {
    const response = await t.app.inject('/og-image.png');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    const { width, height, format } = await sharp(response.rawPayload).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  });
});

describe('terms', () => {
  it('offers the login to a visitor and the desk to a logged-in user', async () => {
    const visitor = (await anonymous('/terms')).body;
    expect(visitor).toContain('Iniciar sesión');
    expect(visitor).not.toContain('data-testid="page-user"');
    const user = await makeUser(t, { name: 'Mateo' });
    const logged = await getPage(t.app, '/terms', user.cookie);
    expect(logged.body).not.toContain('Iniciar sesión');
    expect(logged.body).toContain('data-testid="page-user"');
    expect(logged.body).toContain('Mateo');
    expect(logged.body).toMatch(/href="\/"[^>]*>Escritorio</);
    expect((await getPage(t.app, '/en/terms', user.cookie)).body).toMatch(/href="\/en"[^>]*>Desk</);
  });
});
