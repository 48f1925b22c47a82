import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/support/test-app.ts';
import { contentDisposition } from './upload.api.ts';
import { minimalPdf, oversizedPdf, phoneJpeg, textFile, tinyPng } from './upload.fixtures.ts';
import { makeAdmin, makeStaff, makeUser } from '../../../tests/support/factories.ts';
import { claimUpload } from './upload.service.ts';
import { multipart, type Part } from '../../../tests/support/multipart.ts';

// The upload API through the real app (needs `npm run build`): multipart in, JSON out, files back.
let t: TestApp;
let client: Awaited<ReturnType<typeof makeUser>>;
let other: Awaited<ReturnType<typeof makeUser>>;
let staff: Awaited<ReturnType<typeof makeUser>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  t = await createTestApp();
  [client, other, staff, admin] = [await makeUser(t), await makeUser(t), await makeStaff(t), await makeAdmin(t)];
});
afterAll(async () => {
  await t.dispose();
});

function post(parts: Part[], { cookie = client.cookie, lang = 'es', headers = {} }: { cookie?: string; lang?: string; headers?: Record<string, string> } = {}) {
  const { payload, contentType } = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: `lang=${lang}; ${cookie}`, ...headers } });
}

const file = (data: Buffer, filename: string, type?: string): Part => ({ name: 'file', filename, data, type });
const get = (id: string, cookie: string, query = '') => t.app.inject({ url: `/api/v1/uploads/${id}${query}`, headers: { cookie } });

describe('POST /api/v1/uploads', () => {
  it('asks anonymous callers to log in (401), before reading any file', async () => {
    const response = await post([file(await tinyPng(), 'a.png')], { cookie: '' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ error: 'unauthorized', message: 'Inicia sesión o envía un token de acceso válido' });
    const bogus = await post([file(await tinyPng(), 'a.png')], { cookie: 'tiendabox_session=not-a-session' });
    expect(bogus.statusCode).toBe(401);
  });

  it('accepts an invoice PDF: 201 with id, name, type and size, and only the owner’s row exists', async () => {
    const pdf = minimalPdf();
    const response = await post([{ name: 'purpose', value: 'invoice' }, file(pdf, 'factura enero.pdf', 'application/pdf')]);
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), name: 'factura enero.pdf', type: 'application/pdf', size: pdf.length });
    expect(response.headers.location).toBe(`/api/v1/uploads/${body.id}`);
    const row = await t.db.selectFrom('upload').select(['userId', 'claimed']).where('id', '=', body.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ userId: client.id, claimed: 0 });
  });

  it('reads the purpose whether it comes before or after the file', async () => {
    const after = await post([file(minimalPdf(), 'foto.pdf'), { name: 'purpose', value: 'photo' }]);
    expect(after.statusCode).toBe(415);
    const unknown = await post([{ name: 'purpose', value: 'avatar' }, file(await tinyPng(), 'a.png')]);
    expect(unknown.statusCode).toBe(400);
  });

  it('answers 413 with the exact message in Spanish and in English', async () => {
    // Just over a PDF's 3 MB: the service refuses it; over any file's 15 MB: busboy cuts it off while streaming.
    for (const data of [oversizedPdf(), oversizedPdf(16 * 1024 * 1024)]) {
      const es = await post([file(data, 'grande.pdf')]);
      expect(es.statusCode).toBe(413);
      expect(es.json()).toEqual({ error: 'upload.fileSize', message: 'El tamaño del archivo excede el máximo permitido' });
      const en = await post([file(data, 'big.pdf')], { lang: 'en' });
      expect(en.statusCode).toBe(413);
      expect(en.json()).toEqual({ error: 'upload.fileSize', message: 'File size exceeds maximum allowed' });
    }
  });

  it('answers 415 "Archivo no válido" / "Invalid file" for a text file named .png, whatever type it claims', async () => {
    const es = await post([file(textFile(), 'foto.png', 'image/png')]);
    expect(es.statusCode).toBe(415);
    expect(es.json()).toEqual({ error: 'upload.fileType', message: 'Archivo no válido' });
    const en = await post([file(textFile(), 'foto.png', 'image/png')], { lang: 'en' });
    expect(en.json()).toEqual({ error: 'upload.fileType', message: 'Invalid file' });
  });

  it('falls back to the browser language without a lang cookie', async () => {
    const { payload, contentType } = multipart([file(textFile(), 'x.png')]);
    const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': contentType, cookie: client.cookie, 'accept-language': 'en-US,en;q=0.9' } });
    expect(response.json().message).toBe('Invalid file');
  });

  it('takes a PNG renamed .pdf as the PNG it is, and refuses a PDF as a photo', async () => {
    const renamed = await post([{ name: 'purpose', value: 'invoice' }, file(await tinyPng(), 'factura.pdf', 'application/pdf')]);
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json()).toMatchObject({ type: 'image/png', name: 'factura.png' });
    const pdfPhoto = await post([{ name: 'purpose', value: 'photo' }, file(minimalPdf(), 'foto.jpg', 'image/jpeg')]);
    expect(pdfPhoto.statusCode).toBe(415);
  });

  it('refuses a request without a file, with two files, or that is not multipart', async () => {
    const none = await post([{ name: 'purpose', value: 'invoice' }]);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ error: 'upload.missing', message: 'Elige un archivo' });
    const two = await post([file(minimalPdf(), 'a.pdf'), file(minimalPdf(), 'b.pdf')]);
    expect(two.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: { file: 'x' }, headers: { cookie: client.cookie } });
    expect(json.statusCode).toBe(415);
    expect(json.json().error).toBe('upload.fileType');
  });

  it('answers a malformed multipart body with a 400 and a clear message, never a 500', async () => {
    const cut = '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 abc';
    const cases: [string, string][] = [
      ['multipart/form-data', 'x'], // no boundary
      ['multipart/form-data; boundary=XYZ', cut], // cut short
      ['multipart/form-data; boundary=XYZ', '--XYZ\r\nnot a header\r\n\r\nx\r\n--XYZ--\r\n'], // a malformed part
    ];
    for (const [type, payload] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload, headers: { 'content-type': type, cookie: `lang=en; ${client.cookie}` } });
      expect(response.statusCode, `${type} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, `${type} ${JSON.stringify(payload)}`).toBeLessThan(500);
      expect(response.json().message, type).toMatch(/\S/);
    }
    const noBoundary = await t.app.inject({ method: 'POST', url: '/api/v1/uploads', payload: 'x', headers: { 'content-type': 'multipart/form-data', cookie: `lang=en; ${client.cookie}` } });
    expect(noBoundary.json()).toEqual({ error: 'upload.incomplete', message: 'The file did not arrive complete. Upload it again.' });
    // An upload cut short never reaches the disk: no half file is left behind.
    const { readdir } = await import('node:fs/promises');
    const files = await readdir(`${t.config.dataDir}/uploads`, { recursive: true }).catch(() => [] as string[]);
    expect(files.filter((name) => name.endsWith('.part'))).toEqual([]);
  });

  it('is refused from another site (CSRF guard)', async () => {
    const response = await post([file(minimalPdf(), 'a.pdf')], { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(response.statusCode).toBe(403);
  });

  it('leaves the pages’ own form parsing alone', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/user/login',
      payload: new URLSearchParams({ email: client.email, password: 'secret123' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: 'lang=es' },
      remoteAddress: '10.9.9.9',
    });
    expect(login.statusCode).toBe(302);
  });
});

describe('GET /api/v1/uploads/:id', () => {
  it('streams the file to its owner with safe headers', async () => {
    const pdf = minimalPdf();
    const { id } = (await post([file(pdf, 'Factura año 2026 (final).pdf')])).json();
    const response = await get(id, client.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload).toEqual(pdf);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe(String(pdf.length));
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cache-control']).toBe('private, max-age=3600');
    // A PDF is always a download, and sandboxed besides: its scripts never run on our origin (issue 9).
    expect(response.headers['content-disposition']).toBe(`attachment; filename="Factura a_o 2026 (final).pdf"; filename*=UTF-8''Factura%20a%C3%B1o%202026%20%28final%29.pdf`);
    expect(response.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('shows an image inline, sandboxed, and as an attachment on request', async () => {
    const { id } = (await post([file(await tinyPng(), 'foto.png')])).json();
    const response = await get(id, client.cookie);
    expect(response.headers['content-disposition']).toMatch(/^inline; /);
    expect(response.headers['content-security-policy']).toMatch(/(^|; )sandbox($|;)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect((await get(id, client.cookie, '?download=1')).headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('serves a cleaned image: EXIF gone, turned upright', async () => {
    const created = await post([{ name: 'purpose', value: 'photo' }, file(await phoneJpeg(), 'IMG_0001.jpg', 'image/jpeg')]);
    expect(created.statusCode).toBe(201);
    const response = await get(created.json().id, client.cookie);
    expect(response.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(response.rawPayload).metadata();
    expect(meta.exif).toBeUndefined();
    expect([meta.width, meta.height]).toEqual([20, 40]);
    expect(response.rawPayload.includes('Secret Owner')).toBe(false);
  });

  it('is "not found" for another client, for unknown and malformed ids; staff and admins can read it', async () => {
    const { id } = (await post([file(await tinyPng(), 'foto.png')])).json();
    const stranger = await get(id, other.cookie);
    expect(stranger.statusCode).toBe(404);
    const unknown = await get('00000000-0000-4000-8000-000000000000', other.cookie);
    expect(unknown.statusCode).toBe(404);
    expect(stranger.json()).toEqual(unknown.json());
    expect((await get('..%2F..%2Fetc%2Fpasswd', client.cookie)).statusCode).toBe(404);
    expect((await get(id, '')).statusCode).toBe(401);
    for (const viewer of [staff, admin]) {
      const response = await get(id, viewer.cookie);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
    }
    // Another user cannot claim it either.
    await expect(claimUpload(t.deps, { userId: other.id, uploadId: id })).rejects.toMatchObject({ code: 'upload.notFound', status: 404 });
  });
});

describe('DELETE /api/v1/uploads/:id', () => {
  it('removes the owner’s unclaimed upload; another user’s or a claimed one is "not found"', async () => {
    const { id } = (await post([file(minimalPdf(), 'a.pdf')])).json();
    const del = (uploadId: string, cookie: string) => t.app.inject({ method: 'DELETE', url: `/api/v1/uploads/${uploadId}`, headers: { cookie } });
    expect((await del(id, other.cookie)).statusCode).toBe(404);
    expect((await del(id, client.cookie)).statusCode).toBe(204);
    expect((await get(id, client.cookie)).statusCode).toBe(404);

    const kept = (await post([file(minimalPdf(), 'b.pdf')])).json();
    await claimUpload(t.deps, { userId: client.id, uploadId: kept.id });
    expect((await del(kept.id, client.cookie)).statusCode).toBe(404);
    expect((await get(kept.id, client.cookie)).statusCode).toBe(200);
  });
});

describe('contentDisposition', () => {
  it('keeps the header to printable ASCII and carries the real name in filename*', () => {
    expect(contentDisposition('a.pdf')).toBe(`inline; filename="a.pdf"; filename*=UTF-8''a.pdf`);
    const header = contentDisposition('x"\r\nSet-Cookie: a=b;\\ ñ (1).pdf', 'attachment');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`attachment; filename="x___Set-Cookie: a=b__ _ (1).pdf"; filename*=UTF-8''x%22%0D%0ASet-Cookie%3A%20a%3Db%3B%5C%20%C3%B1%20%281%29.pdf`);
  });
});
