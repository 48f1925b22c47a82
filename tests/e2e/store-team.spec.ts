import { randomBytes } from 'node:crypto';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { login, newBrowser } from './support/casillero.ts';
import { gotoHydrated, journeyLanguages, localized, saveScreens } from './support/helpers.ts';
import { MAIN_URL, SMTP_CAPTURE_URL } from './support/servers.ts';
import { type CliUser, createUser } from './support/users.ts';

// A store run by a team (issue 38 §2): the owner invites an orders clerk, who accepts from the
// e-mail, works an order and cannot open the products; the owner removes the clerk, whose next
// click is refused. Both languages, as the issue asks: the invitation's e-mail and link, and every
// refusal, speak the page's language. The rules (the matrix for every role and screen, expiry,
// races) are Vitest's (tests/integration/permission-matrix.test.ts, server/modules/staff/). The webhook
// journey is webhooks.spec.ts. SQLite only.

test.describe.configure({ timeout: 150_000 });

const TEXT = {
  es: { refused: 'Tu rol en esta tienda no permite', removed: 'Ya no eres miembro de esta tienda', paid: 'Pagado', joinConfirm: 'Sí, unirme' },
  en: { refused: 'Your role in this store does not allow', removed: 'You are no longer a member of this store', paid: 'Paid', joinConfirm: 'Yes, join' },
} as const;

type Shop = { slug: string; productId: number };

async function post(request: APIRequestContext, url: string, data: object, method: 'post' | 'put' = 'post') {
  const response = await request[method](url, { data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { id: number };
}

/** A published store with one product, opened by its owner through the API. */
async function openShop(page: Page, tag: string): Promise<Shop> {
  const slug = `e2e-${tag}-${randomBytes(3).toString('hex')}`;
  await post(page.request, '/api/v1/store', { name: `Tienda ${tag}`, slug, section: 'clothing' });
  await post(page.request, '/api/v1/store/settings', { published: true, section: 'clothing', name: `Tienda ${tag}`, description: 'Ropa de lana.' }, 'put');
  const { id: category } = await post(page.request, '/api/v1/categories', { name: 'Ropa', enabled: true });
  const { id: productId } = await post(page.request, '/api/v1/products', { name: 'Chompa de lana', categoryId: category, priceCents: 2500, ivaCode: '0', stock: 5, enabled: true });
  return { slug, productId };
}

/** A shopper orders through the storefront's own forms, as a browser without JavaScript posts them. */
async function shopperOrders(browser: Browser, shop: Shop) {
  const context = await browser.newContext({ baseURL: MAIN_URL });
  try {
    const cart = await context.request.post(`/shop/${shop.slug}/cart`, { form: { intent: 'add', product: String(shop.productId), variant: '', quantity: '1' }, maxRedirects: 0 });
    expect(cart.status(), await cart.text()).toBe(303);
    const placed = await context.request.post(`/shop/${shop.slug}/checkout`, {
      form: { name: 'Ana Compradora', email: `${randomBytes(4).toString('hex')}@example.com`, phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' },
      maxRedirects: 0,
    });
    expect(placed.status(), await placed.text()).toBe(303);
  } finally {
    await context.close();
  }
}

/** The newest e-mail to `to` that a link in it matches, once it has arrived. */
async function linkInMail(request: APIRequestContext, to: string, pattern: RegExp): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get(`${SMTP_CAPTURE_URL}/messages?to=${encodeURIComponent(to)}`)).json()) as { links: string[] }[];
      link = messages.flatMap((message) => message.links).findLast((candidate) => pattern.test(candidate));
      return link;
    }, { timeout: 20_000 })
    .toBeTruthy();
  return link!;
}

for (const locale of journeyLanguages('both')) {
  test(`an owner invites an orders clerk, who works an order, cannot open the products, and is refused once removed (${locale})`, async ({ browser }, testInfo) => {
    const t = TEXT[locale];
    const owner: CliUser = createUser('client', `team-owner-${locale}`, 'Olga', 'Dueña');
    const clerk: CliUser = createUser('client', `team-clerk-${locale}`, 'Pedro', 'Pedidos');
    const ownerSide = await newBrowser(browser, locale);
    const clerkSide = await newBrowser(browser, locale);
    try {
      await login(ownerSide.page, locale, owner);
      const shop = await openShop(ownerSide.page, `equipo-${locale}`);
      await shopperOrders(browser, shop);

      await test.step('the owner invites the clerk by e-mail with the orders role', async () => {
        const page = ownerSide.page;
        await gotoHydrated(page, localized('/store/staff', locale));
        await page.getByTestId('invite-email').fill(clerk.email);
        await page.getByTestId('invite-role').selectOption('orders');
        await page.getByTestId('invite-submit').click();
        await expect(page.getByText(clerk.email).first()).toBeVisible();
        await saveScreens(page, testInfo, `team-invited-${locale}`);
      });

      await test.step('the clerk opens the e-mail link signed in, and joins after a confirmation', async () => {
        const page = clerkSide.page;
        await login(page, locale, clerk);
        const link = await linkInMail(page.request, clerk.email, /\/user\/invitation\?token=/);
        expect(link).toContain(localized('/user/invitation', locale));
        await gotoHydrated(page, link.replace(/^https?:\/\/[^/]+/, ''));
        await expect(page.getByTestId('invitation')).toBeVisible();
        await saveScreens(page, testInfo, `team-invitation-${locale}`);
        await page.getByTestId('join').click();
        await page.getByRole('dialog').getByRole('button', { name: t.joinConfirm }).click();
        await expect(page).toHaveURL(new RegExp(`${localized('/store', locale)}(\\?|$)`));
      });

      await test.step('the clerk marks the order paid, sees no products in the menu, and is refused them', async () => {
        const page = clerkSide.page;
        await gotoHydrated(page, localized('/sales/order', locale));
        await page.getByRole('link', { name: /#1\b/ }).first().click();
        await page.getByTestId('order-to-paid').click();
        await page.getByRole('dialog').getByTestId('confirm').click();
        await expect(page.getByText(t.paid, { exact: true }).first()).toBeVisible();
        await saveScreens(page, testInfo, `team-clerk-order-${locale}`);
        await expect(page.getByRole('navigation').locator(`a[href="${localized('/catalog/product', locale)}"]`)).toHaveCount(0);
        await gotoHydrated(page, localized('/catalog/product', locale));
        await expect(page.getByTestId('store-refused')).toContainText(t.refused);
        await saveScreens(page, testInfo, `team-clerk-refused-${locale}`);
      });

      await test.step("the owner removes the clerk after a confirmation; the clerk's next click is refused", async () => {
        const page = ownerSide.page;
        await gotoHydrated(page, localized('/store/staff', locale));
        const row = page.getByTestId(/^member-/).filter({ hasText: clerk.email });
        await row.getByTestId(/^remove-/).click();
        await page.getByRole('dialog').getByTestId('confirm').click();
        await expect(page.getByTestId(/^member-/).filter({ hasText: clerk.email })).toHaveCount(0);

        await clerkSide.page.reload();
        await expect(clerkSide.page.getByTestId('store-refused')).toContainText(t.removed);
        await gotoHydrated(clerkSide.page, localized('/sales/order', locale));
        await expect(clerkSide.page.getByTestId('store-refused')).toContainText(t.removed);
        await saveScreens(clerkSide.page, testInfo, `team-clerk-removed-${locale}`);
        // Going on without it: the clerk, who has no store of their own, is offered to open one.
        await clerkSide.page.getByTestId('leave-store').click();
        await expect(clerkSide.page).toHaveURL(new RegExp(`${localized('/store', locale)}$`));
        await expect(clerkSide.page.getByTestId('slug-input')).toBeVisible();
      });
    } finally {
      await ownerSide.context.close();
      await clerkSide.context.close();
    }
  });
}
