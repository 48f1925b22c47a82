import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { type Browser, type BrowserContext, expect } from '@playwright/test';
import { login, tracking } from './casillero.ts';
import { DESKTOP } from './helpers.ts';
import { MAIN_URL } from './servers.ts';
import type { CliUser } from './users.ts';

// The records the axe walk (accessibility.spec.ts) opens its pages with, made once per worker
// through the API and the storefront's own forms, as their users make them.

/** The records the pages show, made once per worker through the API. */
export type Seed = { storeSlug: string; alertId: number; packageId: number; consolidationId: number; ticketId: number; pageId: number; bannerId: number; lockerCode: string; clientId: number; storeId: number; orderCode: string; orderId: number; customerId: number; invoiceId: number; webhookId: number; shippingZoneId: number; catalog: Record<'color' | 'brand' | 'category' | 'subcategory' | 'size' | 'product' | 'variant' | 'coupon' | 'review', number> };

/** A logged-in browser's cookies and storage, for the walk's contexts of that role. */
export type Session = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * The records, and the sessions of the two browsers that made them (the client's and staff's): the
 * walk opens its pages with these, where logging in again after the seed cost a worker 4 s.
 */
export async function seedRecords(browser: Browser, client: CliUser, staff: CliUser): Promise<{ seed: Seed; sessions: { client: Session; admin: Session } }> {
  const api = async (context: BrowserContext, url: string, data: object) => {
    const response = await context.request.post(url, { data });
    expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
    return (await response.json()) as { id: number };
  };
  const { context: clientContext } = await loggedIn(browser, client);
  const { context: staffContext, page: staffPage } = await loggedIn(browser, staff);
  try {
    const alertTracking = tracking('A11Y');
    const { id: alertId } = await api(clientContext, '/api/v1/alerts', { trackingNumber: alertTracking, carrier: 'UPS', store: 'Amazon', content: 'Audífonos', declaredValue: 120 });
    const parcel = (trackingNumber: string) => ({ lockerCode: client.lockerCode, trackingNumber, carrier: 'UPS', store: 'Amazon', description: 'Audífonos', weightLb: 2.5, lengthCm: 30, widthCm: 20, heightCm: 15, declaredValue: 120 });
    const { id: packageId } = await api(staffContext, '/api/v1/admin/packages', parcel(alertTracking));
    const { id: secondId } = await api(staffContext, '/api/v1/admin/packages', parcel(tracking('A11Y')));
    // A second record of each list keeps the other package free for the consolidation screen.
    await api(staffContext, '/api/v1/admin/packages', parcel(tracking('A11Y')));
    const { id: consolidationId } = await api(clientContext, '/api/v1/consolidations', { packageIds: [packageId, secondId], deliveryAddress: 'Av. Amazonas N34-12, Quito' });
    const { id: ticketId } = await api(clientContext, '/api/v1/tickets', { subject: 'Paquete retrasado', category: 'package', message: '¿Cuándo llega mi paquete?' });
    const slug = `a11y-${randomBytes(4).toString('hex')}`;
    const { id: storeId } = await api(clientContext, '/api/v1/store', { name: 'Tienda accesible', slug, section: 'other' });
    const created = await clientContext.request.post('/catalog/color/new', { form: { name: 'Azul', hex: '#1144aa', slug: '', enabled: 'on' }, maxRedirects: 0 });
    const colorId = Number(new URL(created.headers().location ?? '', MAIN_URL).searchParams.get('id'));
    expect(colorId, `a colour was created: ${created.status()} ${created.headers().location}`).toBeGreaterThan(0);
    // One record of each catalog resource, through the API, for their screens.
    const { id: category } = await api(clientContext, '/api/v1/categories', { name: 'Ropa', enabled: true });
    const { id: subcategory } = await api(clientContext, '/api/v1/subcategories', { categoryId: category, name: 'Camisetas', enabled: true });
    const { id: brand } = await api(clientContext, '/api/v1/brands', { name: 'Andina', enabled: true });
    const { id: size } = await api(clientContext, '/api/v1/sizes', { name: 'M', sortOrder: 2, enabled: true });
    const { id: product } = await api(clientContext, '/api/v1/products', { name: 'Camiseta Quito', categoryId: category, subcategoryId: subcategory, brandId: brand, colorId, sizeId: size, priceCents: 1999, stock: 5, enabled: true, featured: true });
    const { id: variant } = await api(clientContext, '/api/v1/variants', { productId: product, name: 'Azul M', colorId, sizeId: size, priceCents: 1999, stock: 3, enabled: true });
    const { id: review } = await api(clientContext, '/api/v1/reviews', { productId: product, authorName: 'Lucía', email: 'lucia@example.com', rating: 4, comment: 'Muy buena tela.', status: 'pending' });
    const { id: coupon } = await api(clientContext, '/api/v1/coupons', { code: 'HOLA10', discountType: 'percentage', discount: 1000, minimumCents: 2000, expiresOn: '2030-12-31', usageLimit: 100, enabled: true });
    const { id: pageId } = await api(clientContext, '/api/v1/pages', { title: 'Sobre nosotros', content: '<p>Somos una tienda <strong>accesible</strong>.</p>', published: true });
    // Published, with contact and WhatsApp, for the storefront's pages (SHOP_REACH below).
    const settings = await clientContext.request.put('/api/v1/store/settings', { data: { published: true, section: 'other', name: 'Tienda accesible', description: 'Ropa y accesorios para todos.' } });
    expect(settings.status(), await settings.text()).toBe(200);
    const marketing = await clientContext.request.put('/api/v1/store/marketing', { data: { instagram: 'https://instagram.com/accesible', whatsapp: '+593991234567' } });
    expect(marketing.status(), await marketing.text()).toBe(200);
    const image = await sharp({ create: { width: 1920, height: 768, channels: 3, background: '#1c9283' } }).png().toBuffer();
    const upload = await clientContext.request.post('/api/v1/uploads', { multipart: { purpose: 'banner', file: { name: 'banner.png', mimeType: 'image/png', buffer: image } } });
    expect(upload.status(), await upload.text()).toBe(201);
    const { id: bannerId } = await api(clientContext, '/api/v1/banners', { imageId: (await upload.json()).id, buttonName: 'Ver ofertas', link: '/catalog', enabled: true });
    // An order, placed as a shopper does (the storefront's cart and checkout forms), for the sales screens.
    // Its code is the shopper's key to the order page; its id and customer the owner's screens'.
    const shopper = await browser.newContext({ baseURL: MAIN_URL });
    let orderCode = '';
    try {
      const cart = await shopper.request.post(`/shop/${slug}/cart`, { form: { intent: 'add', product: String(product), variant: String(variant), quantity: '1' }, maxRedirects: 0 });
      expect(cart.status(), await cart.text()).toBe(303);
      const placed = await shopper.request.post(`/shop/${slug}/checkout`, {
        form: { name: 'Lucía Compradora', email: 'lucia.compra@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-120', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' },
        maxRedirects: 0,
      });
      expect(placed.status(), await placed.text()).toBe(303);
      orderCode = new URL(placed.headers().location ?? '', MAIN_URL).searchParams.get('code') ?? '';
    } finally {
      await shopper.close();
    }
    const orders = await clientContext.request.get('/api/v1/orders');
    const { id: orderId, customerId } = ((await orders.json()) as { rows: { id: number; customerId: number }[] }).rows[0]!;
    // Its invoice, once the store has the tax data an invoice needs.
    const taxData = await clientContext.request.put('/api/v1/store/sales', { data: { ruc: '1710034065001', businessName: 'Tienda Accesible', headOfficeAddress: 'Av. Amazonas N24-03, Quito', establishmentAddress: 'Av. Amazonas N24-03, Quito', accountingObligated: 'no' } });
    expect(taxData.status(), await taxData.text()).toBe(200);
    const { id: invoiceId } = await api(clientContext, '/api/v1/invoices', { orderId });
    // A credit note of one unit (issue 37 §7), issued from the order page's dialog as the owner does,
    // so the page shows its notes with their SRI state and downloads.
    const ownerPage = await clientContext.newPage();
    try {
      await ownerPage.goto(`/sales/order/show?id=${orderId}`);
      await ownerPage.getByTestId('open-credit-note').click();
      const dialog = ownerPage.getByRole('dialog');
      await dialog.getByRole('textbox').first().fill('1');
      await dialog.getByRole('textbox', { name: 'Motivo' }).fill('Devolución: talla equivocada');
      await dialog.getByTestId('issue-credit-note').click();
      await expect(ownerPage.getByTestId('credit-note-sri')).toHaveCount(1);
    } finally {
      await ownerPage.close();
    }
    // A webhook endpoint (issue 38 §5), off: its page without a delivery ever leaving the machine.
    const { endpoint: webhook } = (await api(clientContext, '/api/v1/webhooks', { url: 'https://93.184.215.14/webhooks/tiendabox', events: ['order.created', 'order.paid'], enabled: false })) as unknown as { endpoint: { id: number } };
    // A shipping zone (issue 40 §1), after the order: its rate form is reached through it.
    const shippingZone = (await api(clientContext, '/api/v1/store/shipping/zones', { name: 'Galápagos', places: [{ province: 'W', cantons: [] }] })) as unknown as { id: number };
    // The client's user id, as staff find it: the locker code's link in the back-office client list.
    await staffPage.goto(`/admin/client?q=${encodeURIComponent(client.email)}`);
    const href = await staffPage.getByRole('link', { name: client.lockerCode }).first().getAttribute('href');
    const clientId = Number(new URL(href ?? '', MAIN_URL).searchParams.get('id'));
    expect(clientId, `the client list links the client: ${href}`).toBeGreaterThan(0);
    const seed: Seed = { storeSlug: slug, alertId, packageId, consolidationId, ticketId, pageId, bannerId, lockerCode: client.lockerCode, clientId, storeId, orderCode, orderId, customerId, invoiceId, webhookId: webhook.id, shippingZoneId: shippingZone.id, catalog: { color: colorId, brand, category, subcategory, size, product, variant, coupon, review } };
    return { seed, sessions: { client: await clientContext.storageState(), admin: await staffContext.storageState() } };
  } finally {
    await clientContext.close();
    await staffContext.close();
  }
}

/** A browser logged in as the user (Spanish login form), for the API calls and its storage state. */
export async function loggedIn(browser: Browser, user: CliUser) {
  const context = await browser.newContext({ baseURL: MAIN_URL, viewport: DESKTOP, locale: 'es-EC' });
  const page = await context.newPage();
  await login(page, 'es', user);
  return { context, page };
}
