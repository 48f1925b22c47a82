import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { axeViolations, describeViolations } from './support/axe.ts';
import { DESKTOP, gotoHydrated, journeyLanguages, type Locale, localized, PHONE, saveScreens } from './support/helpers.ts';
import { createUser } from './support/users.ts';

// /store/domain as an owner lives it (issue 41 §5, decision 100): a bad host refused in the page's
// words, a domain added and its two DNS records shown, the check asked for (the TXT record is not
// there: said so), the domain removed after the confirmation. The verification against a real DNS
// server, the storefront on the host and the 301 are Vitest's (server/modules/domain/domain.test.ts).
// SQLite only, in Spanish. Screens: test-results/screenshots/store-domain-*.png.

test.describe.configure({ timeout: 120_000 });

const TEXT = {
  es: { title: 'Dominio propio', field: 'Dominio', add: 'Agregar dominio', invalid: 'Escribe un dominio válido', pending: 'Pendiente de verificación', verify: 'Verificar', notYet: 'Aún no encontramos el registro TXT', remove: 'Quitar dominio', removed: 'Dominio quitado.' },
  en: { title: 'Custom domain', field: 'Domain', add: 'Add domain', invalid: 'Enter a valid domain', pending: 'Waiting for verification', verify: 'Verify', notYet: 'We have not found the TXT record', remove: 'Remove domain', removed: 'Domain removed.' },
} as const;

/** axe-core on the page as it is, at 1280 and 375 px: the records' state is not the one REACH's visit sees. */
async function expectAxeClean(page: Page, where: string) {
  for (const [width, size] of [[1280, DESKTOP], [375, PHONE]] as const) {
    await page.setViewportSize(size);
    expect(describeViolations(`${where} at ${width}px`, await axeViolations(page))).toEqual([]);
  }
  await page.setViewportSize(DESKTOP);
}

/** One language (tests/README.md): the words change, not what the owner does; the walk (REACH) and domain.test.ts see the page in both. */
const LANGUAGE: Locale = 'es';

for (const locale of journeyLanguages(LANGUAGE)) {
  test(`an owner adds a domain, sees the DNS records to make, asks for the check and removes it (${locale})`, async ({ browser }, testInfo) => {
    const t = TEXT[locale];
    const tag = `domain-${locale}`;
    const owner = createUser('client', tag, 'Rosa', 'Andrade');
    const { context, page } = await newBrowser(browser, locale);
    await login(page, locale, owner);
    const opened = await page.request.post('/api/v1/store', { data: { name: `Tienda ${tag}`, slug: `e2e-${tag}-${randomBytes(3).toString('hex')}`, section: 'crafts' } });
    expect(opened.status(), await opened.text()).toBe(201);
    await gotoHydrated(page, localized('/store/domain', locale));
    await expect(page.getByRole('heading', { level: 1, name: t.title })).toBeVisible();

    const field = page.getByRole('textbox', { name: t.field });
    await field.fill('http://mi tienda');
    await page.getByRole('button', { name: t.add }).click();
    await expect(page.getByText(t.invalid)).toBeVisible();
    await expectAxeClean(page, `/store/domain with a refused host (${locale})`);

    const host = `www.${tag}-${randomBytes(3).toString('hex')}.example`;
    await field.fill(host.toUpperCase());
    await page.getByRole('button', { name: t.add }).click();
    await expect(page.getByTestId('domain-host')).toHaveText(host);
    await expect(page.getByTestId('domain-state')).toHaveText(t.pending);
    // The CNAME of a www. host names the platform; the TXT record carries the store's token.
    await expect(page.getByTestId('domain-pointer')).toContainText('CNAME');
    await expect(page.getByTestId('domain-pointer')).toContainText('localhost');
    await expect(page.getByTestId('domain-verification')).toContainText(`_tiendabox.${host}`);
    await expect(page.getByTestId('domain-verification')).toContainText(/tiendabox-verify=[0-9a-f]{32}/);
    await saveScreens(page, testInfo, `store-domain-records-${locale}`);
    await expectAxeClean(page, `/store/domain with its records (${locale})`);

    await page.getByRole('button', { name: t.verify }).click();
    await expect(page.getByTestId('form-error')).toContainText(t.notYet);
    await expect(page.getByTestId('domain-state')).toHaveText(t.pending);

    await page.getByTestId('domain-remove').click();
    await page.getByTestId('confirm').click();
    await expect(page.getByTestId('form-notice')).toHaveText(t.removed);
    await expect(page.getByRole('textbox', { name: t.field })).toBeVisible();
    await context.close();
  });
}
