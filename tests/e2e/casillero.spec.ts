import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, expect, type Locator, type Page, test, type TestInfo } from '@playwright/test';
import { gotoHydrated, LOCALES, type Locale, localized } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { type CliUser, createUser } from './support/users.ts';

// The casillero (parcel box) through the browser, in Spanish and in English: a client alerts a
// purchase with its invoice, the warehouse registers the package (and one that was never alerted),
// the client is notified, consolidates both and follows the shipment to delivery; a support ticket
// answered in the back office and closed by the client; forms that refuse bad input; and one
// client's records staying invisible to another (and to the back office's screens, for clients).
// Every screen is saved at 1280×800 and 375×812 as test-results/screenshots/casillero-*.png.
//
// Users: the e2e servers run with NODE_ENV=production, so no demo data is loaded, and
// registration through /user/register is limited to 10 per IP and hour — a budget accounts.spec.ts
// already spends. Every test therefore makes its own users the way production makes its first
// admin: `scripts/create-user.ts` on the main server's database (clients get a locker code there
// too). The back-office staff is one admin per worker process.

const TEXT = {
  es: {
    email: 'Correo electrónico',
    password: 'Contraseña',
    login: 'Ingresar',
    hello: (name: string) => `Hola, ${name}`,
    // alerts
    newAlert: 'Nueva alerta',
    create: 'Crear',
    tracking: 'Número de tracking',
    carrier: 'Transportista',
    store: 'Tienda de compra',
    content: 'Contenido',
    declaredValue: 'Valor declarado (USD)',
    expectedDate: 'Fecha estimada de llegada',
    uploading: (name: string) => `Subiendo ${name}…`,
    required: 'Este campo es obligatorio',
    trackingInvalid: 'Escribe un tracking válido (6 a 40 letras, números o guiones)',
    fileType: 'Archivo no válido',
    remove: 'Quitar',
    alertNumber: (id: string) => `Alerta #${id}`,
    pending: 'Pendiente',
    received: 'Recibida',
    inWarehouse: 'En bodega',
    history: ['Alerta registrada', 'Recibido en bodega'],
    created: 'Registro creado correctamente',
    // back office packages
    lockerCode: 'Código de casillero',
    description: 'Descripción',
    weightLb: 'Peso (lb)',
    lengthCm: 'Largo (cm)',
    widthCm: 'Ancho (cm)',
    heightCm: 'Alto (cm)',
    registerPackage: 'Registrar paquete',
    packageRegistered: 'Paquete registrado. El cliente fue notificado.',
    linkedAlert: (id: string) => `Se vinculó con la alerta #${id}.`,
    // notifications
    packageReceived: (tracking: string) => `Paquete recibido: ${tracking}`,
    unread: (count: number) => `${count} sin leer`,
    ticketReply: (id: string) => `Respuesta en tu ticket #${id}`,
    // consolidations
    choose: (tracking: string) => `Elegir ${tracking}`,
    deliveryAddress: 'Dirección de entrega',
    notes: 'Notas',
    requestConsolidation: 'Solicitar consolidación',
    fits4x4: 'Califica',
    consolidationNumber: (id: string) => `Consolidación #${id}`,
    consolidationStatus: { requested: 'Solicitada', processing: 'En proceso', shipped: 'Enviada', in_customs: 'En aduana', delivered: 'Entregada' },
    finished: 'Esta consolidación ya terminó: no tiene más cambios de estado.',
    updated: 'Registro actualizado correctamente',
    apply: 'Aplicar',
    // tickets
    ticketsEmpty: 'Aún no tienes tickets',
    subject: 'Asunto',
    category: 'Categoría',
    message: 'Mensaje',
    sendTicket: 'Enviar ticket',
    categoryShipment: 'Envío o consolidación',
    reply: 'Responder',
    sendReply: 'Enviar respuesta',
    closeTicket: 'Cerrar ticket',
    closeTitle: '¿Cerrar este ticket?',
    ticketStatus: { open: 'Abierto', answered: 'Respondido', closed: 'Cerrado' },
    // errors
    notFound: (pathname: string) => `Página no encontrada: ${pathname}`,
  },
  en: {
    email: 'E-mail',
    password: 'Password',
    login: 'Log in',
    hello: (name: string) => `Hello, ${name}`,
    newAlert: 'New alert',
    create: 'Create',
    tracking: 'Tracking number',
    carrier: 'Carrier',
    store: 'Store of purchase',
    content: 'Content',
    declaredValue: 'Declared value (USD)',
    expectedDate: 'Expected arrival date',
    uploading: (name: string) => `Uploading ${name}…`,
    required: 'This field is required',
    trackingInvalid: 'Enter a valid tracking number (6 to 40 letters, digits or dashes)',
    fileType: 'Invalid file',
    remove: 'Remove',
    alertNumber: (id: string) => `Alert #${id}`,
    pending: 'Pending',
    received: 'Received',
    inWarehouse: 'In warehouse',
    history: ['Alert registered', 'Received at the warehouse'],
    created: 'Record created successfully',
    lockerCode: 'Locker code',
    description: 'Description',
    weightLb: 'Weight (lb)',
    lengthCm: 'Length (cm)',
    widthCm: 'Width (cm)',
    heightCm: 'Height (cm)',
    registerPackage: 'Register package',
    packageRegistered: 'Package registered. The client was notified.',
    linkedAlert: (id: string) => `It was linked to alert #${id}.`,
    packageReceived: (tracking: string) => `Package received: ${tracking}`,
    unread: (count: number) => `${count} unread`,
    ticketReply: (id: string) => `Reply on your ticket #${id}`,
    choose: (tracking: string) => `Choose ${tracking}`,
    deliveryAddress: 'Delivery address',
    notes: 'Notes',
    requestConsolidation: 'Request consolidation',
    fits4x4: 'Qualifies',
    consolidationNumber: (id: string) => `Consolidation #${id}`,
    consolidationStatus: { requested: 'Requested', processing: 'Processing', shipped: 'Shipped', in_customs: 'In customs', delivered: 'Delivered' },
    finished: 'This consolidation is finished: it has no further status changes.',
    updated: 'Record updated successfully',
    apply: 'Apply',
    ticketsEmpty: 'You have no tickets yet',
    subject: 'Subject',
    category: 'Category',
    message: 'Message',
    sendTicket: 'Send ticket',
    categoryShipment: 'Shipment or consolidation',
    reply: 'Reply',
    sendReply: 'Send reply',
    closeTicket: 'Close ticket',
    closeTitle: 'Close this ticket?',
    ticketStatus: { open: 'Open', answered: 'Answered', closed: 'Closed' },
    notFound: (pathname: string) => `Page not found: ${pathname}`,
  },
} as const;

// Journeys of many screens, each shot at two sizes: more than the suite's default per test.
test.describe.configure({ timeout: 120_000 });

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 812 };

// --- users ---

let staff: CliUser | undefined;
/** The back office's admin: one per worker process, made on first use. */
function admin(): CliUser {
  staff ??= createUser('admin', 'admin', 'Andrés', 'Bodega');
  return staff;
}

/** A fresh browser (its own cookies) in a language: English keeps the `lang=en` choice. */
async function newBrowser(browser: Browser, locale: Locale): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: MAIN_URL, locale: locale === 'es' ? 'es-EC' : 'en-US', viewport: DESKTOP });
  await context.addCookies([{ name: 'lang', value: locale, url: MAIN_URL }]);
  return { context, page: await context.newPage() };
}

async function login(page: Page, locale: Locale, user: CliUser) {
  const t = TEXT[locale];
  await gotoHydrated(page, localized('/user/login', locale));
  await field(page, t.email).fill(user.email);
  await field(page, t.password).fill(user.password);
  await page.getByRole('button', { name: t.login }).click();
  await expect(page).toHaveURL((url) => url.pathname === localized('/', locale), { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1, name: t.hello(user.name) })).toBeVisible();
}

// --- data ---

const tracking = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

/** A small but real PDF (the server decides by the bytes: it starts with %PDF-). */
function invoicePdf(): Buffer {
  return Buffer.from(
    [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      '',
    ].join('\n'),
    'latin1',
  );
}

// The two packages of journey 1: 2.5 + 1.2 lb actual (1.68 kg) but 12 750 cm³ → 2.55 kg → 5.62 lb
// volumetric, so the billable weight is the volumetric one; USD 165 in all: fits the 4x4 category.
const PACKAGES = [
  { weight: '2.5', length: '30', width: '20', height: '15', value: '120', store: 'Amazon', description: 'Audífonos inalámbricos' },
  { weight: '1.2', length: '25', width: '15', height: '10', value: '45', store: 'eBay', description: 'Funda de teléfono' },
] as const;
const BILLABLE_LB = '5.62';

// --- page helpers ---

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form field by its whole label (Mantine appends " *" to required ones). */
function field(scope: Page | Locator, label: string): Locator {
  return scope.getByLabel(new RegExp(`^${escapeRegExp(label)}\\s*\\*?$`));
}

/** The id of the record the page shows (`?id=`). */
const idOf = (page: Page) => new URL(page.url()).searchParams.get('id') ?? '';

/** The record toast (RecordToast) says the action worked. */
async function expectToast(page: Page, message: string) {
  await expect(page.locator('.mantine-Notifications-root').getByText(message).first()).toBeVisible();
}

async function nextFrames(page: Page) {
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * Saves the screen as test-results/screenshots/casillero-<screen>-<lang>-<desktop|phone>.png: as it
 * is on the desktop, then at 375 px, then back. Toasts are left out of the picture (they cover the
 * page for four seconds). Notes (does not fail on) a page wider than a phone.
 */
async function screens(page: Page, testInfo: TestInfo, screen: string, locale: Locale, { fullPage = true } = {}) {
  const dir = path.join(testInfo.project.outputDir, 'screenshots');
  mkdirSync(dir, { recursive: true });
  for (const [device, size] of [['desktop', DESKTOP], ['phone', PHONE]] as const) {
    await page.setViewportSize(size);
    // From the top: a page scrolled to a field with an error draws its fixed header mid-picture.
    await page.evaluate(() => window.scrollTo(0, 0));
    await nextFrames(page);
    const file = path.join(dir, `casillero-${screen}-${locale}-${device}.png`);
    await page.screenshot({ path: file, fullPage, animations: 'disabled', style: '.mantine-Notifications-root { display: none !important; }' });
    if (device === 'phone') {
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > PHONE.width) testInfo.annotations.push({ type: 'overflow', description: `${screen} (${locale}) is ${width}px wide at 375px` });
    }
  }
  await page.setViewportSize(DESKTOP);
  await nextFrames(page);
}

async function openBell(page: Page) {
  await page.getByTestId('bell').click();
  await expect(page.getByRole('menu')).toBeVisible();
}

/** The 404 screen: status, code line and the path that was not found. */
async function expectNotFound(page: Page, locale: Locale, url: string) {
  const response = await page.goto(url);
  expect(response?.status()).toBe(404);
  await expect(page.getByTestId('error-message')).toHaveText(TEXT[locale].notFound(new URL(url, MAIN_URL).pathname));
  await expect(page.getByTestId('error-code')).toContainText('404');
}

// --- journeys ---

for (const locale of LOCALES) {
  const t = TEXT[locale];

  test(`alert → package → notification → consolidation → delivered (${locale})`, async ({ browser }, testInfo) => {
    // Two browsers and fifteen screens at two sizes: on a loaded two-core machine this one needs room.
    test.setTimeout(180_000);
    const client = createUser('client', `journey-${locale}`, locale === 'es' ? 'Camila' : 'Daniel', 'Ríos');
    const you = await newBrowser(browser, locale);
    const back = await newBrowser(browser, locale);
    const page = you.page;
    const adminPage = back.page;
    const alerted = tracking('1Z');
    const unalerted = tracking('TBA');
    let alertId = '';
    let consolidationId = '';

    await test.step('the desk of a new client: zero everywhere, the locker code and the US address', async () => {
      await login(page, locale, client);
      for (const count of ['count-alerts', 'count-packages', 'count-consolidations', 'count-tickets', 'count-unread']) {
        await expect(page.getByTestId(count)).toContainText('0');
      }
      await expect(page.getByTestId('desk-locker-code')).toHaveText(client.lockerCode);
      await expect(page.getByTestId('us-address')).toContainText(client.lockerCode);
      await expect(page.getByTestId('bell')).toHaveAccessibleName(new RegExp(escapeRegExp(t.unread(0))));
    });

    await test.step('an empty alert list; a new alert with its PDF invoice', async () => {
      await gotoHydrated(page, localized('/alert', locale));
      await expect(page.getByTestId('empty-list')).toBeVisible();
      await screens(page, testInfo, 'alert-list-empty', locale);

      await page.getByTestId('new-alert').click();
      const dialog = page.getByRole('dialog', { name: t.newAlert });
      await expect(dialog).toBeVisible();
      await field(dialog, t.tracking).fill(alerted);
      await field(dialog, t.carrier).selectOption('UPS');
      await field(dialog, t.store).fill(PACKAGES[0].store);
      await field(dialog, t.content).fill(PACKAGES[0].description);
      await field(dialog, t.declaredValue).fill(PACKAGES[0].value);
      await field(dialog, t.expectedDate).fill('2030-08-15');

      // Hold the upload for a moment to see it on its way: the name and a progress bar.
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route('**/api/v1/uploads', async (route) => {
        await held;
        await route.continue();
      });
      const upload = dialog.getByTestId('upload-field-invoiceUpload');
      await upload.locator('input[type="file"]').setInputFiles({ name: 'factura-amazon.pdf', mimeType: 'application/pdf', buffer: invoicePdf() });
      await expect(upload.getByRole('paragraph').filter({ hasText: t.uploading('factura-amazon.pdf') })).toBeVisible();
      // The bar is there from 0 % (a zero-width section until the bytes move).
      await expect(upload.getByRole('progressbar')).toHaveAttribute('aria-valuenow', /^\d+$/);
      await expect(upload.locator('.mantine-Progress-root')).toBeVisible();
      release();
      // Accepted: the file is shown as a link with its size and a remove button, its id in the form.
      await expect(upload.getByRole('link', { name: 'factura-amazon.pdf' })).toBeVisible();
      await expect(upload.getByRole('progressbar')).toHaveCount(0);
      await expect(upload.getByRole('button', { name: new RegExp(escapeRegExp(t.remove)) })).toBeVisible();
      await expect(upload.locator('input[type="hidden"][name="invoiceUpload"]')).toHaveValue(/.+/);
      await page.unroute('**/api/v1/uploads');

      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/alert/show', locale));
      alertId = idOf(page);
      await expect(page.getByRole('heading', { level: 1, name: t.alertNumber(alertId) })).toBeVisible();
      await expectToast(page, t.created);
      await expect(page.getByText(t.pending, { exact: true })).toBeVisible();

      await gotoHydrated(page, localized('/alert', locale));
      await expect(page.getByRole('link', { name: alerted })).toBeVisible();
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await screens(page, testInfo, 'alert-list', locale);
    });

    await test.step('the warehouse registers the alerted package and one nobody alerted', async () => {
      await login(adminPage, locale, admin());
      await gotoHydrated(adminPage, localized('/admin/package', locale));
      for (const [index, number] of [alerted, unalerted].entries()) {
        const pkg = PACKAGES[index]!;
        await adminPage.getByTestId('register-package').click();
        const dialog = adminPage.getByRole('dialog', { name: t.registerPackage });
        await expect(dialog).toBeVisible();
        await field(dialog, t.lockerCode).fill(client.lockerCode);
        await field(dialog, t.tracking).fill(number);
        await field(dialog, t.carrier).selectOption(index === 0 ? 'UPS' : 'USPS');
        await field(dialog, t.store).fill(pkg.store);
        await field(dialog, t.description).fill(pkg.description);
        await field(dialog, t.weightLb).fill(pkg.weight);
        await field(dialog, t.lengthCm).fill(pkg.length);
        await field(dialog, t.widthCm).fill(pkg.width);
        await field(dialog, t.heightCm).fill(pkg.height);
        await field(dialog, t.declaredValue).fill(pkg.value);
        if (index === 0) await screens(adminPage, testInfo, 'admin-package-register', locale, { fullPage: false });
        await dialog.getByRole('button', { name: t.registerPackage }).click();
        await expect(adminPage.getByRole('status').filter({ hasText: t.packageRegistered })).toBeVisible();
        const linked = adminPage.getByRole('status').filter({ hasText: t.linkedAlert(alertId) });
        if (index === 0) await expect(linked).toBeVisible();
        else await expect(linked).toBeHidden();
        // Registered: the dialog should be gone. It stays open (the action redirects to the same
        // route, and nothing closes it) — an app bug, reported; the journey goes on after Escape.
        await expect.soft(dialog, 'the register dialog closes after a successful registration').toBeHidden({ timeout: 2_000 });
        if (await dialog.isVisible()) {
          await adminPage.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
        }
      }
      await expect(adminPage.getByRole('row').filter({ hasText: unalerted })).toContainText(client.lockerCode);
      await screens(adminPage, testInfo, 'admin-package-list', locale);
    });

    await test.step('the client: the bell counts two, each package has its notification', async () => {
      await gotoHydrated(page, localized('/', locale));
      await expect(page.getByTestId('bell')).toHaveAccessibleName(new RegExp(escapeRegExp(t.unread(2))));
      await expect(page.getByTestId('bell-count')).toContainText('2');
      await expect(page.getByTestId('count-unread')).toContainText('2');
      await expect(page.getByTestId('count-packages')).toContainText('2');
      await expect(page.getByTestId('count-alerts')).toContainText('0');
      await screens(page, testInfo, 'desk', locale);
      await openBell(page);
      await expect(page.getByTestId('bell-item')).toHaveCount(2);
      await expect(page.getByTestId('bell-item').filter({ hasText: t.packageReceived(alerted) })).toBeVisible();
      await expect(page.getByTestId('bell-item').filter({ hasText: t.packageReceived(unalerted) })).toBeVisible();
      await screens(page, testInfo, 'bell-open', locale, { fullPage: false });
      await page.keyboard.press('Escape');

      await gotoHydrated(page, localized('/notification', locale));
      await expect(page.getByTestId('notification-item')).toHaveCount(2);
      await screens(page, testInfo, 'notification-list', locale);
    });

    await test.step('opening the notification marks it read and shows the alert, received, with its package', async () => {
      await page.getByTestId('notification-item').filter({ hasText: t.packageReceived(alerted) }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/alert/show', locale) && url.searchParams.get('id') === alertId);
      await expect(page.getByTestId('bell')).toHaveAccessibleName(new RegExp(escapeRegExp(t.unread(1))));
      await expect(page.getByText(t.received, { exact: true })).toBeVisible();
      await expect(page.getByText(t.inWarehouse, { exact: true })).toBeVisible();
      await expect(page.getByText(`${locale === 'es' ? PACKAGES[0].weight.replace('.', ',') : PACKAGES[0].weight} lb`, { exact: true })).toBeVisible();
      await expect(page.getByText(`${PACKAGES[0].length} × ${PACKAGES[0].width} × ${PACKAGES[0].height} cm`)).toBeVisible();
      for (const step of t.history) await expect(page.getByText(step, { exact: true })).toBeVisible();
      await screens(page, testInfo, 'alert-detail', locale);
      // The notification page shows it read: one unread left.
      await gotoHydrated(page, localized('/notification', locale));
      await expect(page.getByText(t.unread(1), { exact: true })).toBeVisible();
    });

    await test.step('consolidate the two packages: the live estimate', async () => {
      await gotoHydrated(page, localized('/consolidate', locale));
      await expect(page.getByTestId('empty-list')).toBeVisible();
      await page.getByTestId('new-consolidation').click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/consolidate/new', locale));
      const estimate = page.getByTestId('estimate');
      await expect(estimate.getByTestId('fits4x4')).toBeHidden();
      await page.getByRole('checkbox', { name: t.choose(alerted) }).check();
      await page.getByRole('checkbox', { name: t.choose(unalerted) }).check();
      await expect(estimate.getByTestId('billable')).toHaveText(`${locale === 'es' ? BILLABLE_LB.replace('.', ',') : BILLABLE_LB} lb`);
      // 5.62 lb × USD 4.50 (the default rate per lb) = USD 25.29
      await expect(estimate.getByTestId('cost')).toHaveText(/25[.,]29/);
      await expect(estimate.getByTestId('fits4x4')).toHaveText(t.fits4x4);
      await field(page, t.deliveryAddress).fill('Av. Amazonas N34-120 y Av. Naciones Unidas, Quito');
      await field(page, t.notes).fill(locale === 'es' ? 'Por favor, sin facturas dentro de la caja.' : 'Please leave the invoices out of the box.');
      await screens(page, testInfo, 'consolidate-new', locale);
      await page.getByTestId('submit-consolidation').click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/consolidate/show', locale));
      consolidationId = idOf(page);
      await expect(page.getByRole('heading', { level: 1, name: t.consolidationNumber(consolidationId) })).toBeVisible();
      await expectToast(page, t.created);
      await expect(page.getByTestId('consolidation-package')).toHaveCount(2);
      await expect(page.getByTestId('consolidation-timeline').getByText(t.consolidationStatus.requested, { exact: true })).toBeVisible();
    });

    await test.step('the back office moves it to delivered, one step at a time', async () => {
      await gotoHydrated(adminPage, localized('/admin/consolidate', locale));
      await adminPage.getByRole('searchbox').fill(client.lockerCode);
      await adminPage.getByRole('button', { name: t.apply }).click();
      await expect(adminPage).toHaveURL((url) => url.searchParams.get('q') === client.lockerCode);
      await expect(adminPage.locator('tbody tr')).toHaveCount(1);
      await screens(adminPage, testInfo, 'admin-consolidate-list', locale);
      await adminPage.getByRole('link', { name: `#${consolidationId}` }).click();
      await expect(adminPage).toHaveURL((url) => url.pathname === localized('/admin/consolidate/show', locale));
      await expect(adminPage.getByTestId('consolidation-package')).toHaveCount(2);
      await screens(adminPage, testInfo, 'admin-consolidate-detail', locale);
      const timeline = adminPage.getByTestId('consolidation-timeline');
      for (const [index, status] of (['processing', 'shipped', 'in_customs', 'delivered'] as const).entries()) {
        await adminPage.getByTestId(`move-${status}`).click();
        await expect(timeline.locator('.mantine-Timeline-item')).toHaveCount(index + 2);
        await expect(timeline.getByText(t.consolidationStatus[status], { exact: true })).toBeVisible();
        await expectToast(adminPage, t.updated);
      }
      await expect(adminPage.getByText(t.finished)).toBeVisible();
      await expect(adminPage.locator('[data-testid^="move-"]')).toHaveCount(0);
    });

    await test.step('the client sees every step and the delivered status', async () => {
      await gotoHydrated(page, `${localized('/consolidate/show', locale)}?id=${consolidationId}`);
      const timeline = page.getByTestId('consolidation-timeline');
      const steps = timeline.locator('.mantine-Timeline-item');
      await expect(steps).toHaveCount(5);
      for (const [index, status] of (['requested', 'processing', 'shipped', 'in_customs', 'delivered'] as const).entries()) {
        await expect(steps.nth(index)).toContainText(t.consolidationStatus[status]);
      }
      await expect(page.getByText(t.consolidationStatus.delivered, { exact: true }).first()).toBeVisible();
      await expect(page.getByTestId('cancel-consolidation')).toHaveCount(0);
      await screens(page, testInfo, 'consolidate-detail', locale);
      // The request and four changes, five more notifications: one unread before, so six now.
      await expect(page.getByTestId('bell')).toHaveAccessibleName(new RegExp(escapeRegExp(t.unread(6))));
      await openBell(page);
      await expect(page.getByTestId('bell-item').first()).toContainText(`${t.consolidationNumber(consolidationId)}: ${t.consolidationStatus.delivered}`);
      await page.keyboard.press('Escape');
      await gotoHydrated(page, localized('/consolidate', locale));
      await expect(page.locator('tbody tr')).toHaveCount(1);
      await expect(page.locator('tbody tr')).toContainText(t.consolidationStatus.delivered);
      await screens(page, testInfo, 'consolidate-list', locale);
    });

    await you.context.close();
    await back.context.close();
  });

  test(`a support ticket answered in the back office and closed by the client (${locale})`, async ({ browser }, testInfo) => {
    const client = createUser('client', `ticket-${locale}`, locale === 'es' ? 'Valeria' : 'Martín', 'Andrade');
    const you = await newBrowser(browser, locale);
    const back = await newBrowser(browser, locale);
    const page = you.page;
    const adminPage = back.page;
    const subject = locale === 'es' ? `Mi paquete no aparece ${randomUUID().slice(0, 6)}` : `My package is missing ${randomUUID().slice(0, 6)}`;
    const question = locale === 'es' ? 'Compré unos zapatos hace dos semanas y no los veo en el casillero.' : 'I bought shoes two weeks ago and I cannot see them in my locker.';
    const answer = locale === 'es' ? 'Llegó ayer a la bodega; ya está en tu casillero.' : 'It arrived at the warehouse yesterday; it is in your locker now.';
    let ticketId = '';

    await test.step('no tickets yet: the empty state invites to open one', async () => {
      await login(page, locale, client);
      await gotoHydrated(page, localized('/ticket', locale));
      await expect(page.getByTestId('empty-list')).toContainText(t.ticketsEmpty);
      await screens(page, testInfo, 'ticket-list-empty', locale);
    });

    await test.step('a new ticket: errors next to the fields, then sent', async () => {
      await page.getByTestId('new-ticket').click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/ticket/new', locale));
      await page.getByRole('button', { name: t.sendTicket }).click();
      for (const label of [t.subject, t.category, t.message]) {
        await expect(field(page, label)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
      }
      // What was typed stays when only the category is missing.
      await field(page, t.subject).fill(subject);
      await field(page, t.message).fill(question);
      await page.getByRole('button', { name: t.sendTicket }).click();
      await expect(field(page, t.category)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
      await expect(field(page, t.subject)).toHaveValue(subject);
      await expect(field(page, t.message)).toHaveValue(question);
      await expect(field(page, t.subject)).not.toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
      await screens(page, testInfo, 'ticket-new-errors', locale);
      await field(page, t.category).selectOption({ label: t.categoryShipment });
      await page.getByRole('button', { name: t.sendTicket }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/ticket/show', locale));
      ticketId = idOf(page);
      await expectToast(page, t.created);
      await expect(page.getByTestId('ticket-message')).toHaveCount(1);
      await expect(page.getByText(t.ticketStatus.open, { exact: true })).toBeVisible();
    });

    await test.step('the back office answers', async () => {
      await login(adminPage, locale, admin());
      await gotoHydrated(adminPage, `${localized('/admin/ticket', locale)}?q=${encodeURIComponent(client.email)}`);
      await expect(adminPage.locator('tbody tr')).toHaveCount(1);
      await expect(adminPage.locator('tbody tr')).toContainText(t.ticketStatus.open);
      await screens(adminPage, testInfo, 'admin-ticket-list', locale);
      await adminPage.getByRole('link', { name: subject }).click();
      await expect(adminPage).toHaveURL((url) => url.pathname === localized('/admin/ticket/show', locale) && url.searchParams.get('id') === ticketId);
      await expect(adminPage.getByTestId('ticket-message')).toContainText(question);
      await field(adminPage, t.reply).fill(answer);
      await screens(adminPage, testInfo, 'admin-ticket-thread', locale);
      await adminPage.getByRole('button', { name: t.sendReply }).click();
      await expectToast(adminPage, t.updated);
      await expect(adminPage.getByTestId('ticket-message')).toHaveCount(2);
      await expect(adminPage.getByText(t.ticketStatus.answered, { exact: true })).toBeVisible();
    });

    await test.step('the client is notified and reads the answer', async () => {
      await gotoHydrated(page, localized('/ticket', locale));
      await expect(page.getByTestId('bell')).toHaveAccessibleName(new RegExp(escapeRegExp(t.unread(1))));
      await expect(page.locator('tbody tr')).toContainText(t.ticketStatus.answered);
      await screens(page, testInfo, 'ticket-list', locale);
      await openBell(page);
      await page.getByTestId('bell-item').filter({ hasText: t.ticketReply(ticketId) }).click();
      await expect(page).toHaveURL((url) => url.pathname === localized('/ticket/show', locale) && url.searchParams.get('id') === ticketId);
      await expect(page.getByTestId('bell')).toHaveAccessibleName(new RegExp(escapeRegExp(t.unread(0))));
      const reply = page.locator('[data-testid="ticket-message"][data-from="staff"]');
      await expect(reply).toContainText(answer);
      await expect(reply).toContainText(admin().name);
      await expect(page.getByText(t.ticketStatus.answered, { exact: true })).toBeVisible();
      await screens(page, testInfo, 'ticket-thread', locale);
    });

    await test.step('the client closes it after confirming', async () => {
      await page.getByRole('button', { name: t.closeTicket }).click();
      const dialog = page.getByRole('dialog', { name: t.closeTitle });
      await expect(dialog).toBeVisible();
      await dialog.getByTestId('confirm').click();
      await expectToast(page, t.updated);
      await expect(page.getByText(t.ticketStatus.closed, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t.closeTicket })).toHaveCount(0);
    });

    await you.context.close();
    await back.context.close();
  });

  test(`the alert form refuses bad input in the page's language and keeps what was typed (${locale})`, async ({ browser }, testInfo) => {
    const client = createUser('client', `errors-${locale}`, 'Sofía', 'Mena');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, client);
    await gotoHydrated(page, localized('/alert', locale));
    await page.getByTestId('new-alert').click();
    let dialog = page.getByRole('dialog', { name: t.newAlert });

    await test.step('sent empty: an error next to each required field', async () => {
      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      dialog = page.getByRole('dialog', { name: t.newAlert });
      await expect(field(dialog, t.tracking)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.trackingInvalid)));
      await expect(field(dialog, t.store)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
      await expect(field(dialog, t.content)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
    });

    await test.step('what was typed stays when the form comes back', async () => {
      await field(dialog, t.tracking).fill('AB');
      await field(dialog, t.store).fill('Best Buy');
      await field(dialog, t.content).fill('Teclado mecánico');
      await field(dialog, t.carrier).selectOption('FedEx');
      await field(dialog, t.declaredValue).fill('89.9');
      await dialog.getByRole('button', { name: t.create, exact: true }).click();
      await expect(field(dialog, t.tracking)).toHaveAccessibleDescription(new RegExp(escapeRegExp(t.trackingInvalid)));
      await expect(field(dialog, t.tracking)).toHaveValue('AB');
      await expect(field(dialog, t.store)).toHaveValue('Best Buy');
      await expect(field(dialog, t.content)).toHaveValue('Teclado mecánico');
      await expect(field(dialog, t.carrier)).toHaveValue('FedEx');
      await expect(field(dialog, t.declaredValue)).toHaveValue(/89[.,]9/);
      await expect(field(dialog, t.store)).not.toHaveAccessibleDescription(new RegExp(escapeRegExp(t.required)));
      await expect(page).toHaveURL((url) => url.pathname === localized('/alert', locale));
    });

    await test.step('a file that is not a PDF, PNG or JPEG is refused', async () => {
      const upload = dialog.getByTestId('upload-field-invoiceUpload');
      await upload.locator('input[type="file"]').setInputFiles({ name: 'factura.txt', mimeType: 'text/plain', buffer: Buffer.from('no soy una factura\n') });
      await expect(upload.getByRole('alert')).toHaveText(t.fileType);
      await expect(upload.locator('input[type="hidden"][name="invoiceUpload"]')).toHaveValue('');
      // Renamed to .pdf it is still refused: the server reads the bytes.
      await upload.locator('input[type="file"]').setInputFiles({ name: 'factura.pdf', mimeType: 'application/pdf', buffer: Buffer.from('no soy una factura\n') });
      await expect(upload.getByRole('alert')).toHaveText(t.fileType);
      await expect(upload.locator('input[type="hidden"][name="invoiceUpload"]')).toHaveValue('');
      await screens(page, testInfo, 'alert-dialog-errors', locale);
    });

    await context.close();
  });

  test(`another client's alert and consolidation, and the back office, are a 404; staff see them (${locale})`, async ({ browser }, testInfo) => {
    const owner = createUser('client', `owner-${locale}`, 'Lucía', 'Vera');
    const other = createUser('client', `other-${locale}`, 'Pablo', 'Cruz');
    const first = await newBrowser(browser, locale);
    const second = await newBrowser(browser, locale);
    const back = await newBrowser(browser, locale);

    // The owner's records, made through the JSON API (the UI journeys are above).
    await login(back.page, locale, admin());
    await login(first.page, locale, owner);
    const numbers = [tracking('ISO'), tracking('ISO')];
    const alert = await first.page.request.post('/api/v1/alerts', {
      data: { trackingNumber: numbers[0], carrier: 'DHL', store: 'Target', content: 'Libros', declaredValue: 30 },
    });
    expect(alert.status()).toBe(201);
    const alertId = String(((await alert.json()) as { id: number }).id);
    const packageIds: number[] = [];
    for (const number of numbers) {
      const registered = await back.page.request.post('/api/v1/admin/packages', {
        data: { lockerCode: owner.lockerCode, trackingNumber: number, carrier: 'DHL', weightLb: 1, lengthCm: 10, widthCm: 10, heightCm: 10, declaredValue: 15 },
      });
      expect(registered.status()).toBe(201);
      packageIds.push(((await registered.json()) as { id: number }).id);
    }
    const consolidation = await first.page.request.post('/api/v1/consolidations', { data: { packageIds, deliveryAddress: 'Calle Larga 7-45, Cuenca' } });
    expect(consolidation.status()).toBe(201);
    const consolidationId = String(((await consolidation.json()) as { id: number }).id);

    // The owner sees both…
    await first.page.goto(`${localized('/alert/show', locale)}?id=${alertId}`);
    await expect(first.page.getByRole('heading', { level: 1, name: t.alertNumber(alertId) })).toBeVisible();
    await first.page.goto(`${localized('/consolidate/show', locale)}?id=${consolidationId}`);
    await expect(first.page.getByRole('heading', { level: 1, name: t.consolidationNumber(consolidationId) })).toBeVisible();

    // …another client gets the 404 screen for them, and for the back office.
    await login(second.page, locale, other);
    await expectNotFound(second.page, locale, `${localized('/alert/show', locale)}?id=${alertId}`);
    await screens(second.page, testInfo, 'not-found', locale);
    await expectNotFound(second.page, locale, `${localized('/consolidate/show', locale)}?id=${consolidationId}`);
    await expectNotFound(second.page, locale, localized('/admin/package', locale));
    await expectNotFound(second.page, locale, `${localized('/admin/consolidate/show', locale)}?id=${consolidationId}`);

    // The back office's other screens, on these records (kept out of the long journey above).
    await gotoHydrated(back.page, localized('/admin', locale));
    await screens(back.page, testInfo, 'admin-home', locale);
    await gotoHydrated(back.page, `${localized('/admin/client', locale)}?q=${encodeURIComponent(owner.email)}`);
    await expect(back.page.locator('tbody tr')).toHaveCount(1);
    await expect(back.page.locator('tbody tr')).toContainText(owner.lockerCode);
    await screens(back.page, testInfo, 'admin-client-list', locale);
    await gotoHydrated(back.page, `${localized('/admin/alert', locale)}?q=${encodeURIComponent(numbers[0]!)}`);
    await expect(back.page.locator('tbody tr')).toHaveCount(1);
    await expect(back.page.locator('tbody tr')).toContainText(t.received);
    await screens(back.page, testInfo, 'admin-alert-list', locale);
    await gotoHydrated(back.page, localized('/admin/setting', locale));
    await screens(back.page, testInfo, 'admin-setting', locale);

    for (const opened of [first, second, back]) await opened.context.close();
  });
}
