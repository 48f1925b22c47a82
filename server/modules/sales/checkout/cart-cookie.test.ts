import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartCount, hasCartCookie, readCart } from './cart-cookie.ts';

// Issue 36 §7: the storefront cache's "this shopper has a cart" and the cart's read parse one
// header; when they parsed apart, a page drawn with "Carrito 999" was kept for every shopper.
const cart = encodeURIComponent(JSON.stringify({ l: [[7, 0, 999]] }));

describe('hasCartCookie', () => {
  it.each([
    `tb_cart_3= ${cart}`,
    `tb_cart_3=\t${cart}`,
    `tb_cart_3 =${cart}`,
    `tb_cart_3\t=${cart}`,
    `a=1;tb_cart_3=${cart}`,
    `tb_cart_3=${cart}; tb_cart_3=`,
  ])('sees the cart readCart reads in %j', (header) => {
    expect(cartCount(readCart(header, 3))).toBe(999);
    expect(hasCartCookie(header)).toBe(true);
  });

  it('agrees with readCart on any header made of spaces, tabs, duplicates and broken values', () => {
    const space = fc.constantFrom('', ' ', '\t', '  ', ' \t');
    const value = fc.constantFrom(cart, '', '%E0%A4%A', '{', JSON.stringify({ l: [[7, 0, 2]] }), 'x'.repeat(5000));
    const name = fc.constantFrom('tb_cart_3', 'tb_cart_4', 'tb_cart_03', 'lang', 'tb_cart_');
    const part = fc.tuple(space, name, space, space, value, space).map(([a, n, b, c, v, d]) => `${a}${n}${b}=${c}${v}${d}`);
    fc.assert(
      fc.property(fc.array(part, { maxLength: 5 }), fc.constantFrom(';', '; ', ';\t'), (parts, separator) => {
        const header = parts.join(separator);
        for (const store of [3, 4]) if (cartCount(readCart(header, store)) > 0) expect(hasCartCookie(header), header).toBe(true);
      }),
      { numRuns: 500, seed: 36 },
    );
  });
});
