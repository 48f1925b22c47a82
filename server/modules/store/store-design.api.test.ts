import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../../../tests/support/factories.ts';
import { callApi, getPage, postForm } from '../../../tests/support/forms.ts';
import { type TwoStores, twoStores } from '../../../tests/support/stores.ts';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { acceptUpload, UPLOAD_PURPOSES, type UploadKind } from '../upload/upload.service.ts';
import { minimalPdf, tinyPng } from '../upload/upload.fixtures.ts';

// /api/v1/store/design and the /store/design page on the built app (needs `npm run build` first).
let t: TestApp;
let stores: TwoStores;

beforeAll(async () => {
  t = await createTestApp();
  stores = await twoStores(t);
});
afterAll(() => t.dispose());

const design = (method: 'GET' | 'PUT', cookie: string, payload?: object, lang = 'es') => callApi(t.app, method, '/api/v1/store/design', cookie, payload, lang);
const uploadFor = async (userId: number, data?: Buffer, kinds: readonly UploadKind[] = UPLOAD_PURPOSES.logo) =>
  (await acceptUpload(t.deps, { userId, name: 'logo.png', data: data ?? (await tinyPng(1240, 300)), kinds })).id;

describe('GET/PUT /api/v1/store/design', () => {
  it('starts with no logo and the first style', async () => {
    const response = await design('GET', stores.a.owner.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ logo: null, style: 1, styleName: 'warm' });
  });

  it('sets a logo (resized to 620×150 at most) and a style, and removes the logo with null', async () => {
    const owner = stores.a.owner;
    const id = await uploadFor(owner.id);
    const saved = await design('PUT', owner.cookie, { logo: id, style: 5 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ logo: { id, name: 'logo.png', type: 'image/png', size: expect.any(Number), url: `/api/v1/uploads/${id}` }, style: 5, styleName: 'dark' });
    const file = await t.app.inject({ url: saved.json().logo.url, headers: { cookie: owner.cookie } });
    expect(file.statusCode).toBe(200);
    const { default: sharp } = await import('sharp');
    const meta = await sharp(file.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([620, 150]);
    expect((await design('GET', owner.cookie)).json()).toMatchObject({ logo: { id }, style: 5 });

    const removed = await design('PUT', owner.cookie, { logo: null, style: 5 });
    expect(removed.json()).toEqual({ logo: null, style: 5, styleName: 'dark' });
    expect((await t.app.inject({ url: `/api/v1/uploads/${id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(404);
  });

  it('scales a logo to the box as it arrives with purpose=logo, so the preview is what is kept', async () => {
    const boundary = 'design-boundary';
    const png = await tinyPng(1240, 300);
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="purpose"\r\n\r\nlogo\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="marca.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const uploaded = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie: stores.a.owner.cookie } });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const before = await t.app.inject({ url: `/api/v1/uploads/${uploaded.json().id}`, headers: { cookie: stores.a.owner.cookie } });
    const { default: sharp } = await import('sharp');
    const meta = await sharp(before.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([620, 150]);
    expect((await design('PUT', stores.a.owner.cookie, { logo: uploaded.json().id, style: 1 })).statusCode).toBe(200);
    const after = await t.app.inject({ url: `/api/v1/uploads/${uploaded.json().id}`, headers: { cookie: stores.a.owner.cookie } });
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it('refuses the other store owner’s upload as my logo (400 on logo), and leaves it theirs', async () => {
    const theirs = await uploadFor(stores.b.owner.id);
    const mine = (await design('GET', stores.a.owner.cookie)).json();
    const response = await design('PUT', stores.a.owner.cookie, { logo: theirs, style: 2 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'upload.notFound', fields: { logo: 'El archivo no existe o ya no está disponible' } });
    expect((await design('GET', stores.a.owner.cookie)).json()).toEqual(mine);
    // B can still use it.
    expect((await design('PUT', stores.b.owner.cookie, { logo: theirs, style: 2 })).statusCode).toBe(200);
  });

  it('checks the file by content: a PDF is "Archivo no válido" / "Invalid file"', async () => {
    const pdf = await uploadFor(stores.a.owner.id, minimalPdf(), UPLOAD_PURPOSES.attachment);
    const es = await design('PUT', stores.a.owner.cookie, { logo: pdf, style: 1 });
    expect(es.statusCode).toBe(400);
    expect(es.json()).toMatchObject({ error: 'upload.fileType', message: 'Archivo no válido', fields: { logo: 'Archivo no válido' } });
    const en = await design('PUT', stores.a.owner.cookie, { logo: pdf, style: 1 }, 'en');
    expect(en.json()).toMatchObject({ message: 'Invalid file' });
  });

  it('refuses a style outside 1–6 and a body that is not the schema (400)', async () => {
    for (const body of [{ logo: null, style: 7 }, { logo: null, style: 0 }, { logo: null }, { logo: 5, style: 1 }]) {
      const response = await design('PUT', stores.a.owner.cookie, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('answers 401 to a visitor and 409 to a user without a store', async () => {
    expect((await design('GET', '')).statusCode).toBe(401);
    expect((await design('PUT', '', { logo: null, style: 1 })).statusCode).toBe(401);
    const storeless = await makeUser(t);
    expect((await design('GET', storeless.cookie)).statusCode).toBe(409);
    expect((await design('PUT', storeless.cookie, { logo: null, style: 1 })).statusCode).toBe(409);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(document.paths['/api/v1/store/design'] ?? {})).toEqual(expect.arrayContaining(['get', 'put']));
  });
});

describe('/store/design page', () => {
  it('shows the owner’s design in both languages, and the no-store notice to a user without one', async () => {
    const es = await getPage(t.app, '/store/design', stores.b.owner.cookie);
    expect(es.statusCode).toBe(200);
    expect(es.body).toContain('Diseño de la tienda');
    expect(es.body).toContain('Minimalista');
    const en = await getPage(t.app, '/en/store/design', stores.b.owner.cookie);
    expect(en.body).toContain('Store design');
    const none = await getPage(t.app, '/store/design', (await makeUser(t)).cookie);
    expect(none.statusCode).toBe(409);
    expect(none.body).toContain('Aún no tienes una tienda');
  });

  it('saves without JavaScript: the style posted, the exact success text', async () => {
    const owner = stores.b.owner;
    const saved = await postForm(t.app, '/store/design', { logo: '', style: '4' }, { cookie: `lang=es; ${owner.cookie}` });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('La tienda se actualizó correctamente');
    expect((await design('GET', owner.cookie)).json()).toEqual({ logo: null, style: 4, styleName: 'minimalist' });
    const en = await postForm(t.app, '/en/store/design', { logo: '', style: '6' }, { cookie: `lang=en; ${owner.cookie}` });
    expect(en.body).toContain('The store was successfully updated');
  });

  it('says the store was not updated, and why beside the field, for a bad style or another owner’s logo', async () => {
    const owner = stores.b.owner;
    const bad = await postForm(t.app, '/store/design', { logo: '', style: '9' }, { cookie: `lang=es; ${owner.cookie}` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Error al actualizar la tienda');
    const foreign = await uploadFor(stores.a.owner.id);
    const stolen = await postForm(t.app, '/en/store/design', { logo: foreign, style: '1' }, { cookie: `lang=en; ${owner.cookie}` });
    expect(stolen.statusCode).toBe(400);
    expect(stolen.body).toContain('Error updating the store');
    expect(stolen.body).toContain('The file does not exist or is no longer available');
  });
});
