import { describe, expect, it } from 'vitest';
import { addPackage, admin, countFor, newUser, packagesOf, requested, setUpConsolidationApp, smtp, staff, statusOf, t } from '../../../tests/support/consolidation-app.ts';
// Consolidations at the seams users feel: the JSON API and the pages (real forms, no JavaScript),
// with owner scoping for clients, staff and visitors. Needs `npm run build` first.
setUpConsolidationApp();

const page = (url: string, cookie?: string) =>
  t.app.inject({ url, headers: { cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}${cookie ? `; ${cookie}` : ''}`, accept: 'text/html' } });

/** A browser form without JavaScript: every ticked box is one more `packageIds` field. */
const postForm = (url: string, cookie: string, fields: Record<string, string>, packageIds: number[] = []) => {
  const body = new URLSearchParams(fields);
  for (const id of packageIds) body.append('packageIds', String(id));
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', cookie: `lang=${url.startsWith('/en') ? 'en' : 'es'}; ${cookie}` },
  });
};

describe('the pages for visitors', () => {
  it.each(['/consolidate', '/consolidate/new', '/consolidate/show?id=1', '/admin/consolidate', '/admin/consolidate/show?id=1'])('%s sends a visitor to log in', async (url) => {
    const response = await page(url);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toContain('/user/login?redirect=');
  });
});

describe('the pages for clients', () => {
  it('shows an empty list in both languages', async () => {
    const client = await newUser();
    expect((await page('/consolidate', client.cookie)).body).toContain('No se encontraron registros');
    expect((await page('/en/consolidate', client.cookie)).body).toContain('No records found');
  });

  it('offers the warehouse packages with the profile address, and keeps what was typed when none is chosen', async () => {
    const client = await newUser();
    const a = await addPackage(client, { trackingNumber: 'FIRSTBOX01' });
    await addPackage(client, { trackingNumber: 'SECONDBOX2' });
    const form = await page('/consolidate/new', client.cookie);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('FIRSTBOX01');
    expect(form.body).toContain('SECONDBOX2');
    expect(form.body).toContain('Av. 6 de Diciembre N24-253, Quito, Pichincha, Ecuador');
    expect(form.body).toContain('Estimado del envío');

    // Nothing said anywhere asks for two: one package ships on its own.
    expect(form.body).not.toMatch(/al menos dos|al menos 2|dos o más/);
    expect((await page('/en/consolidate/new', client.cookie)).body).not.toMatch(/at least two|at least 2|two or more/);

    const response = await postForm('/consolidate/new', client.cookie, { deliveryAddress: 'Calle Larga 5, Cuenca', notes: 'Con cuidado' }, []);
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Elige al menos un paquete para enviar');
    expect(response.body).toContain('Calle Larga 5, Cuenca');
    expect(response.body).toContain('Con cuidado');
    const en = await postForm('/en/consolidate/new', client.cookie, { deliveryAddress: 'Quito' }, []);
    expect(en.body).toContain('Choose at least one package to ship');
    expect(await countFor(client.userId)).toBe(0);

    const one = await postForm('/consolidate/new', client.cookie, { deliveryAddress: 'Calle Larga 5, Cuenca' }, [a]);
    expect(one.statusCode).toBe(302);
    expect(await packagesOf([a])).toEqual([{ status: 'consolidating', consolidationId: expect.any(Number) }]);
  });

  it('keeps the choice of a refused form ticked', async () => {
    const client = await newUser();
    const a = await addPackage(client);
    const refused = await postForm('/consolidate/new', client.cookie, { deliveryAddress: '' }, [a]);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toMatch(new RegExp(`value="${a}"[^>]*checked|checked[^>]*value="${a}"`));
  });

  it('shows a bounded page of 300 warehouse packages, searchable, keeping the packages chosen on other pages', async () => {
    const client = await newUser();
    const now = new Date().toISOString();
    // 300 packages straight into the table: registering each through the service would only add time.
    const rows = Array.from({ length: 300 }, (_, i) => ({
      userId: client.userId, consolidationId: null, trackingNumber: `BULK${String(i).padStart(4, '0')}`, carrier: 'UPS', store: i === 7 ? 'Zapatería Única' : 'Amazon', description: '',
      weightLb: 1, lengthCm: 10, widthCm: 10, heightCm: 10, declaredValueCents: 1000, photoUploadId: null, status: 'in_warehouse' as const, receivedAt: now, updatedAt: now,
    }));
    for (let i = 0; i < rows.length; i += 100) await t.db.insertInto('package').values(rows.slice(i, i + 100)).execute();
    const ids = (await t.db.selectFrom('package').select('id').where('userId', '=', client.userId).orderBy('id').execute()).map((row) => row.id);
    const boxes = (body: string) => body.match(/name="packageIds"/g)?.length ?? 0;

    const first = await page('/consolidate/new', client.cookie);
    expect(first.statusCode).toBe(200);
    expect(boxes(first.body)).toBe(20);
    expect(first.body).toContain('BULK0299');
    expect(first.body).not.toContain('BULK0000');
    expect(first.body).toContain('Mostrando 1–20 de 300');

    // Page 15 holds the oldest; two packages chosen on page 1 come along, ticked, and count in the estimate.
    const [oldest, newest, other] = [ids[0]!, ids[299]!, ids[298]!];
    const last = await page(`/consolidate/new?page=15&chosen=${newest},${other}`, client.cookie);
    expect(boxes(last.body)).toBe(22);
    expect(last.body).toContain('BULK0000');
    expect(last.body).toContain('data-testid="chosen-elsewhere"');
    for (const id of [newest, other]) expect(last.body).toMatch(new RegExp(`value="${id}"[^>]*checked|checked[^>]*value="${id}"`));
    expect(last.body).toContain('2 paquetes elegidos');

    const found = await page(`/consolidate/new?q=zapater&chosen=${oldest}`, client.cookie);
    expect(boxes(found.body)).toBe(2);
    expect(found.body).toContain('BULK0007');
    expect((await page('/consolidate/new?q=NOPE', client.cookie)).body).toContain('Ningún paquete en bodega coincide con la búsqueda.');

    // Another client's id in `chosen` shows nothing of theirs; nonsense in the URL is a first page.
    const stranger = await newUser();
    const strangers = await page(`/consolidate/new?chosen=${newest}`, stranger.cookie);
    expect(strangers.body).not.toContain('BULK0299');
    expect((await page('/consolidate/new?page=abc&chosen=x,-1,99999999999', client.cookie)).statusCode).toBe(200);
  });

  it("answers 404 when the form carries another client's package, and consolidates nothing", async () => {
    const client = await newUser();
    const other = await newUser();
    const mine = await addPackage(client);
    const theirs = await addPackage(other);
    const response = await postForm('/consolidate/new', client.cookie, { deliveryAddress: 'Quito' }, [mine, theirs]);
    expect(response.statusCode).toBe(404);
    expect(await packagesOf([mine, theirs])).toEqual([{ status: 'in_warehouse', consolidationId: null }, { status: 'in_warehouse', consolidationId: null }]);
    expect(await countFor(client.userId)).toBe(0);
  });

  it('requests a consolidation, shows it with its packages and timeline, and cancels it after confirming', async () => {
    const client = await newUser();
    const ids = [await addPackage(client, { trackingNumber: 'SHOWBOX001' }), await addPackage(client, { trackingNumber: 'SHOWBOX002' })];
    const response = await postForm('/consolidate/new', client.cookie, { deliveryAddress: 'Av. Amazonas 100, Quito', notes: 'Frágil' }, ids);
    expect(response.statusCode).toBe(302);
    const location = response.headers.location as string;
    expect(location).toMatch(/^\/consolidate\/show\?id=\d+&notice=created$/);
    const id = Number(/id=(\d+)/.exec(location)![1]);

    const show = await page(location, client.cookie);
    expect(show.statusCode).toBe(200);
    expect(show.body).toContain(`Consolidación #${id}`);
    expect(show.body).toContain('SHOWBOX001');
    expect(show.body).toContain('SHOWBOX002');
    expect(show.body).toContain('Frágil');
    expect(show.body).toContain('data-testid="consolidation-timeline"');
    expect(show.body).toContain('Cancelar consolidación');
    expect(show.body).toMatch(/\$\s?18[.,]00/);

    const list = await page('/consolidate?status=requested', client.cookie);
    expect(list.body).toContain(`href="/consolidate/show?id=${id}"`);
    expect((await page('/consolidate?status=delivered', client.cookie)).body).toContain('No se encontraron registros');

    const cancel = await postForm(`/consolidate/show?id=${id}`, client.cookie, { intent: 'cancel' });
    expect(cancel.statusCode).toBe(302);
    expect(cancel.headers.location).toBe(`/consolidate/show?id=${id}&notice=updated`);
    expect(await packagesOf(ids)).toEqual(ids.map(() => ({ status: 'in_warehouse', consolidationId: null })));
    const after = await page(`/consolidate/show?id=${id}`, client.cookie);
    expect(after.body).toContain('Los paquetes de esta consolidación volvieron a la bodega.');
    expect(after.body).not.toContain('Cancelar consolidación');
    const twice = await postForm(`/consolidate/show?id=${id}`, client.cookie, { intent: 'cancel' });
    expect(twice.statusCode).toBe(409);
    expect(twice.body).toContain('Solo puedes cancelar una consolidación que aún está solicitada');
  });

  it("answers 404 for another client's consolidation by URL id, to see or to cancel", async () => {
    const { id } = await requested();
    const stranger = await newUser();
    expect((await page(`/consolidate/show?id=${id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await page('/consolidate/show?id=abc', stranger.cookie)).statusCode).toBe(404);
    expect((await postForm(`/consolidate/show?id=${id}`, stranger.cookie, { intent: 'cancel' })).statusCode).toBe(404);
    expect(await statusOf(t.db, id)).toBe('requested');
  });

  it('answers 404 to the back-office pages, and changes nothing', async () => {
    const { client, id } = await requested();
    expect((await page('/admin/consolidate', client.cookie)).statusCode).toBe(404);
    expect((await page(`/admin/consolidate/show?id=${id}`, client.cookie)).statusCode).toBe(404);
    expect((await postForm(`/admin/consolidate/show?id=${id}`, client.cookie, { status: 'processing' })).statusCode).toBe(404);
    expect(await statusOf(t.db, id)).toBe('requested');
  });
});

describe('the back-office pages', () => {
  it('lists and finds consolidations, moves one on with a note the client sees, and refuses an invalid step', async () => {
    const { client, id, ids } = await requested();
    const list = await page(`/admin/consolidate?q=${client.lockerCode}`, staff.cookie);
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(client.lockerCode);
    expect(list.body).toContain(`href="/admin/consolidate/show?id=${id}"`);
    expect((await page(`/admin/consolidate?q=${id}`, admin.cookie)).body).toContain(`href="/admin/consolidate/show?id=${id}"`);
    expect((await page(`/admin/consolidate?q=${client.lockerCode}&status=delivered`, staff.cookie)).body).toContain('No se encontraron registros');

    const show = await page(`/admin/consolidate/show?id=${id}`, staff.cookie);
    expect(show.statusCode).toBe(200);
    expect(show.body).toContain('Pasar a «En proceso»');
    expect(show.body).toContain(client.email);
    // A move asks first: the page's button only opens the dialog; no button on the page submits a status.
    expect(show.body).toMatch(/<button[^>]*type="button"[^>]*data-testid="move-processing"|<button[^>]*data-testid="move-processing"[^>]*type="button"/);
    expect(show.body).not.toMatch(/name="status"/);

    const move = await postForm(`/admin/consolidate/show?id=${id}`, staff.cookie, { status: 'processing', note: 'Empacando tu caja' });
    expect(move.statusCode).toBe(302);
    expect(move.headers.location).toBe(`/admin/consolidate/show?id=${id}&notice=updated`);
    expect(await packagesOf(ids)).toEqual(ids.map(() => ({ status: 'consolidating', consolidationId: id })));
    expect((await page(`/consolidate/show?id=${id}`, client.cookie)).body).toContain('Empacando tu caja');
    expect(await smtp.waitForMail(client.email, 'cambió a «En proceso»')).toContain(`Tu consolidación #${id} cambió a «En proceso»`);

    const skip = await postForm(`/admin/consolidate/show?id=${id}`, staff.cookie, { status: 'delivered', note: 'Listo' });
    expect(skip.statusCode).toBe(409);
    expect(skip.body).toContain('Ese cambio de estado no está permitido');
    expect(skip.body).toContain('Listo');
    expect(await statusOf(t.db, id)).toBe('processing');

    // Shipping without the final figures is refused with an error beside each field, in the page's language.
    const unweighed = await postForm(`/admin/consolidate/show?id=${id}`, staff.cookie, { status: 'shipped', finalWeightLb: '', finalCost: 'abc', outboundTracking: '' });
    expect(unweighed.statusCode).toBe(400);
    expect(await statusOf(t.db, id)).toBe('processing');
    const shipped = await postForm(`/admin/consolidate/show?id=${id}`, staff.cookie, { status: 'shipped', finalWeightLb: '3,2', finalCost: '42,30', outboundTracking: '1Z999AA10123456784', note: '' });
    expect(shipped.statusCode).toBe(302);
    const seen = await page(`/consolidate/show?id=${id}`, client.cookie);
    expect(seen.body).toContain('3,2 lb');
    expect(seen.body).toMatch(/\$\s?42,30/);
    expect(seen.body).toContain('1Z999AA10123456784');
    const seenEn = await page(`/en/consolidate/show?id=${id}`, client.cookie);
    expect(seenEn.body).toContain('3.2 lb');
    expect(seenEn.body).toContain('$42.30');
    const mail = await smtp.waitForMail(client.email, 'peso final');
    expect(mail).toContain('Enviada');
    expect(mail).toContain('1Z999AA10123456784');
    expect(mail).toMatch(/3,2 lb/);
    expect(mail).toMatch(/\$\s?42,30/);
    expect(await statusOf(t.db, id)).toBe('shipped');
  });

  it('cancels a consolidation in process after confirming', async () => {
    const { id, ids } = await requested();
    await postForm(`/admin/consolidate/show?id=${id}`, staff.cookie, { status: 'processing' });
    const cancel = await postForm(`/en/admin/consolidate/show?id=${id}`, admin.cookie, { intent: 'status', status: 'cancelled' });
    expect(cancel.headers.location).toBe(`/en/admin/consolidate/show?id=${id}&notice=updated`);
    expect(await packagesOf(ids)).toEqual(ids.map(() => ({ status: 'in_warehouse', consolidationId: null })));
    expect((await page(`/en/admin/consolidate/show?id=${id}`, staff.cookie)).body).toContain('This consolidation is finished');
  });

  it('answers 404 for an unknown consolidation', async () => {
    expect((await page('/admin/consolidate/show?id=999999', staff.cookie)).statusCode).toBe(404);
  });
});
