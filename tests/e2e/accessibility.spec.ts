import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { axeViolations, describeViolations } from './support/axe.ts';
import { cartCookie, PAGES, REACH, type Reach, type Role, SHOP_REACH } from './support/accessibility-reach.ts';
import { type Seed, type Session, loggedIn, seedRecords } from './support/accessibility-seed.ts';
import { admin, tracking } from './support/casillero.ts';
import { DESKTOP, gotoHydrated, gotoInApp, type Locale, LOCALES, localized, openInApp, PHONE, waitHydrated } from './support/helpers.ts';
import { MAIN_URL } from './support/servers.ts';
import { type CliUser, createUser } from './support/users.ts';

// axe-core (WCAG 2.x A and AA, colour contrast included) on EVERY page route of app/routes.ts, in
// both languages, at 1280 and 375 px. The list of pages comes from the route config, so a new
// route is checked as soon as it exists — and fails here until REACH (support/accessibility-reach.ts)
// says who opens it and with which record: one line per route.

const WIDTHS = [
  ['1280', DESKTOP],
  ['375', PHONE],
] as const;

let client: CliUser;
let seed: Seed;
const sessions = new Map<Role, Session | undefined>();

// Once per worker: the roles' sessions and the records their pages show.
test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000);
  client = createUser('client', 'a11y', 'Ana', 'Accesible');
  const staff = admin();
  const seeded = await seedRecords(browser, client, staff);
  seed = seeded.seed;
  sessions.set('anonymous', undefined);
  sessions.set('client', seeded.sessions.client);
  sessions.set('admin', seeded.sessions.admin);
  sessions.set('owner', seeded.sessions.client);
});

test('every page route has a way to be reached (a new route needs one line in REACH)', () => {
  const unknown = PAGES.filter((route) => !(route.key in REACH)).map((route) => `${route.key} (${route.path})`);
  expect(unknown, `routes the accessibility spec cannot visit yet — add them to REACH in tests/e2e/support/accessibility-reach.ts:\n${unknown.join('\n')}`).toEqual([]);
  const stale = Object.keys(REACH).filter((key) => !PAGES.some((route) => route.key === key));
  expect(stale, 'REACH names routes that no longer exist').toEqual([]);
});

// One test (and one browser context, its session reused by every page) per role, language and
// group of at most PAGES_PER_TEST routes, so the two workers share the work evenly. Each page is
// loaded once and checked at both widths: at 1280 px, then resized to 375 px, which is what CSS media
// queries and Mantine's hooks answer to.
const PAGES_PER_TEST = 12;
for (const role of ['anonymous', 'client', 'owner', 'admin'] as const) {
  const routes = PAGES.filter((route) => {
    const reach = REACH[route.key];
    return reach && 'as' in reach && reach.as === role;
  });
  const groups = Math.max(1, Math.ceil(routes.length / PAGES_PER_TEST));
  for (const locale of LOCALES) {
    for (let group = 0; group < groups; group++) {
      const part = groups > 1 ? ` (part ${group + 1} of ${groups})` : '';
      test(`axe finds no WCAG A/AA violation on the ${role} pages in ${locale}, at 1280 and 375 px${part}`, async ({ browser }) => {
        test.setTimeout(180_000);
        const mine = routes.slice(group * PAGES_PER_TEST, (group + 1) * PAGES_PER_TEST).map((route) => {
          const reach = REACH[route.key] as Extract<Reach, { as: Role }>;
          return { ...route, path: reach.path?.(seed) ?? route.path, status: reach.status ?? 200 };
        });
        expect(mine.length).toBeGreaterThan(0);
        const found: string[] = [];
        const started = Date.now();
        // With less motion asked for, as some visitors ask: the shell does not slide for 200 ms after each
        // resize before axe may look (app/reduced-motion.css), and what axe sees is the same page.
        const context = await browser.newContext({ baseURL: MAIN_URL, viewport: DESKTOP, storageState: sessions.get(role), reducedMotion: 'reduce' });
        const page = await context.newPage();
        try {
          let loaded = false;
          for (const route of mine) {
            const url = localized(route.path, locale);
            await page.setViewportSize(DESKTOP);
            // After the group's first page, through the app's router (decision 105); a page
            // that should answer other than 200 as a document, which the router cannot show.
            if (loaded && route.status === 200) await gotoInApp(page, url);
            else {
              await open(page, url, role, route.status);
              loaded = route.status === 200;
            }
            for (const [width, viewport] of WIDTHS) {
              if (viewport !== DESKTOP) await page.setViewportSize(viewport);
              found.push(...describeViolations(`${url} [${locale}, ${width}px, ${role}]`, await axeViolations(page)));
            }
          }
        } finally {
          await context.close();
        }
        const took = `${role} in ${locale}${part}: ${mine.length} routes × 2 widths in ${Math.round((Date.now() - started) / 1000)} s`;
        test.info().annotations.push({ type: 'axe', description: took });
        console.log(`axe ${took}`);
        expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
      });
    }
  }
}

for (const locale of LOCALES) {
  test(`axe finds no WCAG A/AA violation on the storefront pages in ${locale}, at 1280 and 375 px`, async ({ browser }) => {
    test.setTimeout(120_000);
    const found: string[] = [];
    const context = await browser.newContext({ baseURL: MAIN_URL, viewport: DESKTOP });
    await context.addCookies([{ name: 'lang', value: locale, url: MAIN_URL }, cartCookie(seed)]);
    // The coupon through the cart's form, as a shopper applies it: the cookie counts a code only
    // with the server's seal (decision 081), so the cart and checkout pages draw its discount.
    const applied = await context.request.post(`/shop/${seed.storeSlug}/cart`, { form: { intent: 'coupon', code: 'HOLA10' }, maxRedirects: 0 });
    expect(applied.status(), 'the walk\u2019s coupon applied').toBe(303);
    const page = await context.newPage();
    try {
      for (const route of SHOP_REACH) {
        const url = localized(route.path(seed), locale);
        await page.setViewportSize(DESKTOP);
        const response = await page.goto(url);
        expect(response?.status(), url).toBe(route.status ?? 200);
        for (const [width, viewport] of WIDTHS) {
          if (viewport !== DESKTOP) await page.setViewportSize(viewport);
          found.push(...describeViolations(`${url} (${route.name}) [${locale}, ${width}px]`, await axeViolations(page)));
        }
      }
    } finally {
      await context.close();
    }
    expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
  });
}

// Each of the six styles changes the storefront's colours: its product page (the richest one)
// once per style, at 375 px (the narrower layout), Spanish — the colours do not change by language.
test('axe finds no violation on the storefront in any of the six styles', async ({ browser }) => {
  test.setTimeout(120_000);
  const found: string[] = [];
  const owner = await browser.newContext({ baseURL: MAIN_URL, storageState: sessions.get('owner') });
  const shopper = await browser.newContext({ baseURL: MAIN_URL, viewport: PHONE });
  const page = await shopper.newPage();
  try {
    for (let style = 1; style <= 6; style++) {
      const saved = await owner.request.put('/api/v1/store/design', { data: { style, logo: null } });
      expect(saved.status(), await saved.text()).toBe(200);
      await page.goto(`/shop/${seed.storeSlug}/product/camiseta-quito`);
      found.push(...describeViolations(`product page in style ${style}`, await axeViolations(page)));
    }
  } finally {
    await owner.request.put('/api/v1/store/design', { data: { style: 1, logo: null } });
    await owner.close();
    await shopper.close();
  }
  expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
});

// What opens over a page or shows only in one state, which the route walk above never sees: the
// staff dialogs of a consolidation (a plain move, the shipping one with its fields and their
// errors, the cancel confirmation) and the first-steps panel of a new client's empty desk.
test('axe finds no violation in the consolidation staff dialogs nor on a new client\'s first steps, es and en, 1280 and 375 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const check = async (page: Page, where: string) => {
    // Mantine fades dialogs in: axe measures contrast on what is finally shown.
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    found.push(...describeViolations(where, await axeViolations(page)));
  };

  // A consolidation of its own (one package), so the walk's records keep their state.
  const staffContext = await browser.newContext({ baseURL: MAIN_URL, storageState: sessions.get('admin') });
  const clientContext = await browser.newContext({ baseURL: MAIN_URL, storageState: sessions.get('client') });
  try {
    const parcel = { lockerCode: seed.lockerCode, trackingNumber: tracking('A11YD'), carrier: 'UPS', store: 'Amazon', description: 'Cargador', weightLb: 1.5, lengthCm: 20, widthCm: 15, heightCm: 10, declaredValue: 40 };
    const created = await staffContext.request.post('/api/v1/admin/packages', { data: parcel });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const { id: packageId } = (await created.json()) as { id: number };
    const requested = await clientContext.request.post('/api/v1/consolidations', { data: { packageIds: [packageId], deliveryAddress: 'Av. Amazonas N34-12, Quito' } });
    expect(requested.status(), await requested.text()).toBeLessThan(300);
    const { id } = (await requested.json()) as { id: number };
    const page = await staffContext.newPage();
    const show = (locale: Locale) => localized(`/admin/consolidate/show?id=${id}`, locale);
    const dialog = page.getByRole('dialog');

    // Requested: the move to processing (a note) and the cancel confirmation; then move it.
    for (const locale of LOCALES) {
      await gotoHydrated(page, show(locale));
      await page.getByTestId('move-processing').click();
      await expect(dialog).toBeVisible();
      await check(page, `${show(locale)} move dialog [${locale}]`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await page.getByRole('button', { name: locale === 'es' ? 'Cancelar consolidación' : 'Cancel consolidation' }).first().click();
      await expect(dialog).toBeVisible();
      await check(page, `${show(locale)} cancel confirmation [${locale}]`);
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
    }
    await page.getByTestId('move-processing').click();
    await dialog.locator('button[type=submit]').click();
    await expect(page.getByTestId('move-shipped')).toBeVisible();

    // Processing: the shipping dialog, empty and then with its fields' errors, at both widths.
    for (const [width, viewport] of WIDTHS) {
      await page.setViewportSize(viewport);
      for (const locale of LOCALES) {
        await gotoHydrated(page, show(locale));
        await page.getByTestId('move-shipped').click();
        await expect(dialog).toBeVisible();
        await check(page, `${show(locale)} ship dialog [${locale}, ${width}px]`);
        await dialog.locator('button[type=submit]').click();
        await expect(dialog.locator('[aria-invalid=true]').first()).toBeVisible();
        await check(page, `${show(locale)} ship dialog with errors [${locale}, ${width}px]`);
      }
    }
  } finally {
    await staffContext.close();
    await clientContext.close();
  }

  // A client with nothing yet: the desk shows the first steps.
  const newcomer = createUser('client', 'a11y-new', 'Nora', 'Nueva');
  for (const [width, viewport] of WIDTHS) {
    const { context, page } = await loggedIn(browser, newcomer);
    try {
      await page.setViewportSize(viewport);
      for (const locale of LOCALES) {
        await gotoHydrated(page, localized('/', locale));
        await expect(page.getByTestId('first-steps')).toBeVisible();
        await check(page, `${localized('/', locale)} first steps [${locale}, ${width}px]`);
      }
    } finally {
      await context.close();
    }
  }
  expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
});

// The form kit's date field (DateField) in the states the walk never opens: its calendar shown under
// the text, the keyboard calendar of its button, a typed day that does not exist with its error, and
// a good day with its clear button.
test('axe finds no violation in the date field\'s calendars nor in its typed error, es and en, 1280 and 375 px', async ({ browser }, testInfo) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const context = await browser.newContext({ baseURL: MAIN_URL, storageState: sessions.get('owner') });
  const page = await context.newPage();
  const check = async (where: string) => {
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    found.push(...describeViolations(where, await axeViolations(page)));
  };
  const shot = async (name: string) => {
    const dir = path.join(testInfo.project.outputDir, 'screenshots');
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: path.join(dir, `${name}.png`), animations: 'disabled' });
  };
  try {
    for (const [width, viewport] of WIDTHS) {
      await page.setViewportSize(viewport);
      for (const locale of LOCALES) {
        const url = localized('/catalog/coupon/new', locale);
        const where = (state: string) => `${url} date field ${state} [${locale}, ${width}px]`;
        await gotoHydrated(page, url);
        const date = page.getByLabel(locale === 'es' ? 'Válido hasta' : 'Valid until', { exact: true });
        await expect(date).toHaveAttribute('data-dates-input');
        await date.click();
        await expect(page.locator('[data-dates-dropdown]')).toBeVisible();
        await check(where('with its calendar'));
        await shot(`date-field-calendar-${locale}-${width}`);
        await page.keyboard.press('Escape');
        await page.getByRole('button', { name: locale === 'es' ? 'Elegir la fecha en el calendario' : 'Pick the date on the calendar' }).press('Enter');
        await expect(page.getByRole('dialog')).toBeVisible();
        await check(where('with the keyboard calendar'));
        await shot(`date-field-keyboard-calendar-${locale}-${width}`);
        await page.keyboard.press('Escape');
        await date.fill(locale === 'es' ? '31/02/2030' : '02/31/2030');
        await page.getByRole('button', { name: locale === 'es' ? 'Crear' : 'Create', exact: true }).click();
        await expect(date).toHaveAttribute('aria-invalid', 'true');
        await page.keyboard.press('Escape');
        await check(where('with its error'));
        await shot(`date-field-error-${locale}-${width}`);
        // A day typed right: the error goes, and the clear button stands beside the calendar's.
        await date.fill(locale === 'es' ? '31/12/2030' : '12/31/2030');
        await expect(date).not.toHaveAttribute('aria-invalid', 'true');
        await page.keyboard.press('Escape');
        await expect(page.getByRole('button', { name: locale === 'es' ? 'Borrar la fecha' : 'Clear the date' })).toBeVisible();
        await check(where('with a day and its clear button'));
        await shot(`date-field-filled-${locale}-${width}`);
      }
    }
  } finally {
    await context.close();
  }
  expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
});

// The lists' bulk actions (issue 11 §8), which the route walk never opens: rows selected with the
// bulk bar, its confirmation (a delete's with what cascades) and a row switch's. Nothing is
// confirmed, so the walk's records keep their state.
test('axe finds no violation in the lists\' bulk bar and confirmations, es and en, 1280 and 375 px', async ({ browser }) => {
  test.setTimeout(180_000);
  const found: string[] = [];
  const context = await browser.newContext({ baseURL: MAIN_URL, storageState: sessions.get('owner') });
  const page = await context.newPage();
  const dialog = page.getByRole('dialog');
  const check = async (where: string) => {
    await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
    found.push(...describeViolations(where, await axeViolations(page)));
  };
  const close = async () => {
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  };
  try {
    for (const [width, viewport] of WIDTHS) {
      await page.setViewportSize(viewport);
      for (const locale of LOCALES) {
        for (const [path, action] of [['/catalog/product', 'delete'], ['/catalog/review', 'approve']] as const) {
          const url = localized(path, locale);
          await openInApp(page, url);
          await page.getByTestId('select-all').check();
          await expect(page.getByTestId('bulk-bar')).toBeVisible();
          await check(`${url} bulk bar [${locale}, ${width}px]`);
          await page.getByTestId(`bulk-${action}`).click();
          await expect(dialog).toBeVisible();
          await expect(dialog.getByTestId('confirm')).toBeEnabled();
          await check(`${url} bulk ${action} dialog [${locale}, ${width}px]`);
          await close();
        }
        const products = localized('/catalog/product', locale);
        await openInApp(page, products);
        await page.getByRole('switch').first().click();
        await expect(dialog).toBeVisible();
        await check(`${products} row switch dialog [${locale}, ${width}px]`);
        await close();
      }
    }
  } finally {
    await context.close();
  }
  expect(found, `axe-core violations:\n${found.join('\n')}`).toEqual([]);
});

/** Opens the page and waits for it to be hydrated; `axeViolations` waits for it to be still (fonts, transitions). */
async function open(page: Page, url: string, role: Role, status: number) {
  const response = await page.goto(url, { waitUntil: 'load' });
  // A page must answer as itself: a login redirect for a logged-in role means the session is gone.
  if (role !== 'anonymous') expect(new URL(page.url()).pathname, `${url} kept the session`).not.toMatch(/\/user\/login$/);
  expect(response?.status(), `${url} answered`).toBe(status);
  await waitHydrated(page);
}
