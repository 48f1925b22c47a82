import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm } from '../../../../tests/support/forms.ts';
import { cookieJar, type PublishedStore, publishedStore } from '../../../../tests/support/shops.ts';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';

// Issue 40, defect 3 (decision 096): "$21,74 × 3 = $65,21". A line's amount is the unit price it
// shows times the quantity, on the cart, the checkout's summary and the order page, in both
// languages: lines show the catalogue's prices before IVA (as the invoice does), and the IVA,
// reckoned on each line's base, is its own line of the totals.
let t: TestApp;
let shop: PublishedStore;

beforeAll(async () => {
  t = await createTestApp();
  shop = await publishedStore(t);
  const category = await shop.create('/api/v1/categories', { name: 'Ropa', enabled: true });
  // 18.90 + 15 % is 21.735: one unit with IVA is 21.74, three are 65.21 (IVA on 56.70 is 8.505 → 8.51).
  await shop.create('/api/v1/products', { name: 'Camiseta', slug: 'camiseta', categoryId: category, priceCents: 1890, ivaCode: '4', stock: 10, enabled: true });
  // 9.99 less 10 %, with 5 % IVA: another line whose rounded unit would not multiply out.
  await shop.create('/api/v1/products', { name: 'Taza', slug: 'taza', categoryId: category, priceCents: 999, discountBp: 1000, ivaCode: '5', stock: 10, enabled: true });
}, 120_000);
afterAll(() => t.dispose());

const text = (body: string) => body.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
const cents = (money: string) => Number(money.replace(/[^\d]/g, ''));

/** Every cart line's shown unit price, quantity and amount, read from the page. */
function cartLines(body: string) {
  return [...body.matchAll(/<li class="cart-line">([\s\S]*?)<\/li>/g)].map(([, line]) => ({
    unit: cents(/class="cart-line-price">[\s\S]*?<\/span>\s*([^<]+)</.exec(line!)![1]!),
    quantity: Number(/name="quantity"[^>]*value="(\d+)"/.exec(line!)![1]),
    amount: cents(/class="cart-line-total">[\s\S]*?<strong>([^<]+)</.exec(line!)![1]!),
  }));
}

describe('a line’s amount', () => {
  for (const locale of ['es', 'en'] as const) {
    it(`is its unit price times its quantity on the cart, the checkout and the order page (${locale})`, async () => {
      const { cookie, keep } = cookieJar({ lang: locale });
      const base = `${locale === 'en' ? '/en' : ''}/shop/${shop.store.slug}`;
      const get = async (rest: string) => keep(await t.app.inject({ url: `${base}${rest}`, headers: { cookie: cookie(), accept: 'text/html' } }));
      const post = async (rest: string, fields: Record<string, string>) => keep(await postForm(t.app, `${base}${rest}`, fields, { cookie: cookie() }));
      for (const slug of ['camiseta', 'taza']) {
        const page = (await get(`/product/${slug}`)).body;
        const product = /name="product" value="(\d+)"/.exec(page)![1]!;
        expect((await post('/cart', { intent: 'add', product, variant: '', quantity: '3' })).statusCode).toBe(303);
      }

      const cart = (await get('/cart')).body;
      const lines = cartLines(cart);
      expect(lines).toEqual([
        { unit: 1890, quantity: 3, amount: 5670 },
        { unit: 999, quantity: 3, amount: 2997 },
      ]);
      for (const line of lines) expect(line.amount).toBe(line.unit * line.quantity);
      // The totals add up from the lines: subtotal 86.67, discount 3.00 (10 % of 29.97), IVA 8.51 + 1.35, total 93.53.
      const money = (value: number) => (locale === 'es' ? `$${(value / 100).toFixed(2).replace('.', ',')}` : `$${(value / 100).toFixed(2)}`);
      for (const amount of [8667, 300, 986, 9353]) expect(text(cart), money(amount)).toContain(money(amount));
      expect(text(cart)).not.toContain(money(6521)); // the old line with IVA, 3 × 21.74 ≠ 65.21

      const checkout = (await get('/checkout')).body;
      const summary = [...checkout.matchAll(/<li><span>(\d+) × [^<]*<\/span> <span>([^<]+)<\/span><\/li>/g)].map((m) => ({ quantity: Number(m[1]), amount: cents(m[2]!) }));
      expect(summary).toEqual([{ quantity: 3, amount: 5670 }, { quantity: 3, amount: 2997 }]);

      const placed = await post('/checkout', { name: 'Ana Pérez', email: `ana-${locale}@example.com`, phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: '', paymentMethod: 'cash_on_delivery' });
      expect(placed.statusCode, placed.body).toBe(303);
      const order = (await get(placed.headers.location!.slice(base.length))).body;
      const orderLines = [...order.matchAll(/<li class="cart-line order-line">([\s\S]*?)<\/li>/g)].map(([, line]) => ({
        unit: cents(/class="cart-line-price">[\s\S]*?<\/span>\s*([^<]+)</.exec(line!)![1]!),
        quantity: Number(/class="cart-line-quantity">[\s\S]*?<\/span>\s*(\d+)/.exec(line!)![1]),
        amount: cents(/class="cart-line-total">[\s\S]*?<strong>([^<]+)</.exec(line!)![1]!),
      }));
      expect(orderLines).toEqual([
        { unit: 1890, quantity: 3, amount: 5670 },
        { unit: 999, quantity: 3, amount: 2997 },
      ]);
      expect(text(order)).toContain(money(9353));
    });
  }
});
