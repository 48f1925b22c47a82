import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe.ts';
import { admin, expectToast, login, newBrowser, openBell } from './support/casillero.ts';
import { countPosts, DESKTOP, field, gotoHydrated, LOCALES, localized, PHONE, saveScreens, typeDate } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// Issue 20 §3, §7, §12, §13, §16 as an owner and staff see them, in both languages: an expired
// coupon says so and saving one asks first; an expired store says when it expired and its owner
// asks staff for a renewal (the staff's bell hears of it); banners in one order moved by buttons;
// the API guide, the pager, the CSV file's clear button, the bell and a dialog pass axe at 1280 and
// 375 px. Rules and answers are tested in Vitest; these are what needs a browser. SQLite only: no
// step depends on the database. Screens: test-results/screenshots/edges-*.png.

test.describe.configure({ timeout: 180_000 });

const TEXT = {
  es: {
    expired: 'Vencido', save: 'Guardar', create: 'Crear', cancel: 'Cancelar', code: 'Código', discount: 'Descuento (% o USD)', expiresOn: 'Válido hasta',
    pastTitle: '¿Guardar un cupón ya vencido?', pastConfirm: 'Sí, guardarlo vencido', updated: 'Registro actualizado correctamente', created: 'Registro creado correctamente',
    expiredOn: 'Venció el', renewalOpen: 'Pedir renovación o cambio de plan', renewalTitle: 'Pedir la renovación o un cambio de plan', renewalSend: 'Enviar el pedido',
    renewalSent: 'Enviamos tu pedido al equipo de Tiendabox. Te escribiremos pronto.', staffBell: 'Renovación pedida', pastDate: '01/01/2020',
    moveUp: (name: string) => `Subir ${name}`, next: /Página siguiente/, previous: /Página anterior/, clearFile: 'Quitar el archivo elegido', csvFile: 'Archivo CSV',
    deleteColor: 'Eliminar', deleteColorTitle: '¿Eliminar este color?',
  },
  en: {
    expired: 'Expired', save: 'Save', create: 'Create', cancel: 'Cancel', code: 'Code', discount: 'Discount (% or USD)', expiresOn: 'Valid until',
    pastTitle: 'Save a coupon that has already expired?', pastConfirm: 'Yes, save it expired', updated: 'Record updated successfully', created: 'Record created successfully',
    expiredOn: 'Expired on', renewalOpen: 'Request a renewal or a plan change', renewalTitle: 'Request a renewal or a plan change', renewalSend: 'Send the request',
    renewalSent: 'We sent your request to the Tiendabox team. We will write to you soon.', staffBell: 'Renewal requested', pastDate: '01/01/2020',
    moveUp: (name: string) => `Move ${name} up`, next: /Next page/, previous: /Previous page/, clearFile: 'Remove the chosen file', csvFile: 'CSV file',
    deleteColor: 'Delete', deleteColorTitle: 'Delete this color?',
  },
} as const;

async function post(request: APIRequestContext, url: string, data: object): Promise<number> {
  const response = await request.post(url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return (await response.json()).id as number;
}

/** axe at both widths on the page as it is now (a dialog or menu left open stays open). */
async function expectAxeClean(page: Page, label: string) {
  const found: string[] = [];
  for (const [width, viewport] of [[1280, DESKTOP], [375, PHONE]] as const) {
    await page.setViewportSize(viewport);
    found.push(...describeViolations(`${label} [${width}px]`, await axeViolations(page)));
  }
  await page.setViewportSize(DESKTOP);
  expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
}

async function openStore(page: Page, tag: string) {
  const slug = `${tag}-${randomBytes(4).toString('hex')}`;
  const opened = await page.request.post('/api/v1/store', { data: { name: `Tienda ${slug}`, slug, section: 'crafts' } });
  expect(opened.status(), await opened.text()).toBe(201);
  return { slug, id: (await opened.json()).id as number };
}

for (const locale of LOCALES) {
  const t = TEXT[locale];

  test(`an expired coupon says so, and saving one asks first (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `edges-coupon-${locale}`, 'Carla', 'Cupones');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    await openStore(page, `cupon-${locale}`);
    const old = await post(page.request, '/api/v1/coupons', { code: 'VIEJO2020', discountType: 'fixed', discount: 500, expiresOn: '2020-01-01', enabled: true });
    await post(page.request, '/api/v1/coupons', { code: 'VIGENTE', discountType: 'percentage', discount: 1000, expiresOn: '2099-12-31', enabled: true });

    await gotoHydrated(page, localized('/catalog/coupon', locale));
    const row = page.getByRole('row', { name: /VIEJO2020/ });
    await expect(row.getByText(t.expired, { exact: true })).toBeVisible();
    await expect(page.getByRole('row', { name: /VIGENTE/ }).getByText(t.expired, { exact: true })).toHaveCount(0);
    await saveScreens(page, testInfo, `edges-coupon-list-${locale}`);

    await gotoHydrated(page, `${localized('/catalog/coupon/show', locale)}?id=${old}`);
    await expect(page.getByTestId('coupon-expired')).toContainText(t.expiredOn.split(' ')[0]!);
    await saveScreens(page, testInfo, `edges-coupon-expired-${locale}`);
    const dialog = page.getByRole('dialog', { name: t.pastTitle });
    const posts = countPosts(page);
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await expect(dialog).toBeVisible();
    await saveScreens(page, testInfo, `edges-coupon-confirm-${locale}`, { fullPage: false });
    await expectAxeClean(page, `coupon save confirmation ${locale}`);
    await dialog.getByRole('button', { name: t.cancel, exact: true }).click();
    await expect(dialog).toBeHidden();
    expect(posts.count).toBe(0);
    await page.getByRole('button', { name: t.save, exact: true }).click();
    await dialog.getByRole('button', { name: t.pastConfirm, exact: true }).click();
    await expectToast(page, t.updated);

    // a new coupon typed with a past date asks too; a future one does not
    await gotoHydrated(page, localized('/catalog/coupon/new', locale));
    await field(page, t.code).fill('NUEVO-VIEJO');
    await field(page, t.discount).fill('5');
    await typeDate(field(page, t.expiresOn), t.pastDate);
    await page.getByRole('button', { name: t.create, exact: true }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: t.pastConfirm, exact: true }).click();
    await expectToast(page, t.created);
    await context.close();
  });

  test(`an expired store says when it expired and its owner asks staff to renew (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `edges-renew-${locale}`, 'Rita', 'Renueva');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const store = await openStore(page, `renueva-${locale}`);
    // the back office ends its plan (as staff do)
    const staff = await newBrowser(browser, locale);
    await login(staff.page, locale, admin());
    const plans = (await (await staff.page.request.get('/api/v1/plans')).json()).rows as { id: number }[];
    const set = await staff.page.request.put(`/api/v1/admin/stores/${store.id}/plan`, { data: { planId: plans[0]!.id, expiresAt: '2026-01-31' } });
    expect(set.status(), await set.text()).toBe(204);

    await gotoHydrated(page, localized('/store', locale));
    await expect(page.getByTestId('store-expiry')).toContainText(t.expiredOn);
    await saveScreens(page, testInfo, `edges-store-expired-${locale}`);
    await page.getByRole('button', { name: t.renewalOpen }).click();
    const dialog = page.getByRole('dialog', { name: t.renewalTitle });
    await expect(dialog).toBeVisible();
    await saveScreens(page, testInfo, `edges-renewal-dialog-${locale}`, { fullPage: false });
    await expectAxeClean(page, `renewal dialog ${locale}`);
    await dialog.getByRole('button', { name: t.renewalSend }).click();
    await expectToast(page, t.renewalSent);

    // staff hear of it in the bell, which passes axe open
    await gotoHydrated(staff.page, localized('/admin', locale));
    await openBell(staff.page);
    await expect(staff.page.getByTestId('bell-dropdown')).toContainText(t.staffBell);
    await saveScreens(staff.page, testInfo, `edges-staff-bell-${locale}`, { fullPage: false });
    await expectAxeClean(staff.page, `bell open ${locale}`);
    await staff.context.close();
    await context.close();
  });

  test(`banners in one order, moved by named buttons; pager, CSV clear button and dialogs pass axe (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `edges-banner-${locale}`, 'Berta', 'Banners');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    await openStore(page, `banner-${locale}`);
    const ids: number[] = [];
    for (const [n, color] of ['#9a3412', '#0f766e', '#1f3a93'].entries()) {
      const image = await sharp({ create: { width: 1920, height: 768, channels: 3, background: color } }).png().toBuffer();
      const upload = await page.request.post('/api/v1/uploads', { multipart: { purpose: 'banner', file: { name: 'b.png', mimeType: 'image/png', buffer: image } } });
      ids.push(await post(page.request, '/api/v1/banners', { imageId: (await upload.json()).id, buttonName: `Banner ${n + 1}`, link: '/', enabled: true }));
    }
    await gotoHydrated(page, localized('/content/banner', locale));
    for (const [n, id] of ids.entries()) await expect(page.getByTestId(`banner-order-${id}`)).toContainText(String(n + 1));
    await page.getByRole('button', { name: t.moveUp('Banner 3') }).click();
    await expect(page.getByTestId(`banner-order-${ids[2]}`)).toContainText('2');
    await expect(page.getByTestId(`banner-order-${ids[1]}`)).toContainText('3');
    await saveScreens(page, testInfo, `edges-banner-list-${locale}`);
    await gotoHydrated(page, `${localized('/content/banner/show', locale)}?id=${ids[2]}`);
    await expect(page.locator('input[name="sortOrder"]')).toHaveValue('2');
    await saveScreens(page, testInfo, `edges-banner-form-${locale}`);

    // a product list of two pages: its pager's arrows have names
    const category = await post(page.request, '/api/v1/categories', { name: 'Ropa' });
    for (let n = 0; n < 21; n += 1) await post(page.request, '/api/v1/products', { name: `Producto ${n}`, categoryId: category, priceCents: 100 + n });
    await gotoHydrated(page, localized('/catalog/product', locale));
    await expect(page.getByRole('link', { name: t.next })).toBeVisible();
    await expectAxeClean(page, `product list pager ${locale}`);
    await saveScreens(page, testInfo, `edges-product-pager-${locale}`);

    // the CSV import with a file chosen: its clear button has a name
    await gotoHydrated(page, localized('/catalog/product/import', locale));
    await page.locator('input[type="file"]').setInputFiles({ name: 'productos.csv', mimeType: 'text/csv', buffer: Buffer.from('record,name\n') });
    await expect(page.getByRole('button', { name: t.clearFile })).toBeVisible();
    await expectAxeClean(page, `CSV import with a file ${locale}`);

    // a confirmation dialog open: no second banner landmark
    const color = await post(page.request, '/api/v1/colors', { name: 'Rojo', hex: '#aa0000' });
    await gotoHydrated(page, `${localized('/catalog/color/show', locale)}?id=${color}`);
    await page.getByRole('button', { name: t.deleteColor, exact: true }).click();
    await expect(page.getByRole('dialog', { name: t.deleteColorTitle })).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(1);
    await expectAxeClean(page, `delete confirmation ${locale}`);
    await context.close();
  });

  test(`the API guide is in the reader's language, without CSP errors, and passes axe (${locale})`, async ({ browser }, testInfo) => {
    const { context, page } = await newBrowser(browser, locale);
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`/api/docs?lang=${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 2, name: locale === 'es' ? 'Autenticación' : 'Authentication' })).toBeVisible();
    await expect(page.getByText(locale === 'es' ? 'Prealertar una compra' : 'Pre-alert a purchase')).toBeVisible();
    await page.getByText(locale === 'es' ? 'Los registros de «Colores» de mi tienda' : 'List the color records of my store').click();
    await saveScreens(page, testInfo, `edges-api-docs-${locale}`, { fullPage: false });
    await expectAxeClean(page, `/api/docs ${locale}`);
    expect(errors).toEqual([]);
    await context.close();
  });
}
