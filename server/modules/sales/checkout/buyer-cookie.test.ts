import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyerCookieName, forgetBuyerHeaders, readBuyer, rememberBuyerHeaders } from './buyer-cookie.ts';
import { emptyCheckout } from './checkout-form.ts';

// The checkout's remembered details (issue 40 §4): sealed with the server's key for one store,
// written for the store's two paths, and read back only where and as they were written.
const keys = { secret: 'a-secret-of-this-server-0123456789', certificateKey: undefined };
const store = { id: 7, slug: 'tienda-maria' };
const values = { ...emptyCheckout(), name: 'Ana Pérez', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito', notes: 'Tocar el timbre', paymentMethod: 'bank_transfer' };
const cookieOf = (header: string) => header.split(';')[0]!;

describe('the remembered details’ cookie', () => {
  it('reads back the contact and address, never the notes or the payment', () => {
    const [es, en] = rememberBuyerHeaders(keys, values, store, false);
    expect(readBuyer(keys, cookieOf(es!), store.id)).toEqual({ name: 'Ana Pérez', email: 'ana@example.com', phone: '0991234567', documentType: 'cedula', documentNumber: '1710034065', address: 'Av. Amazonas N34-12', city: 'Quito', province: 'Pichincha', canton: 'Quito' });
    expect(cookieOf(en!)).toBe(cookieOf(es!));
  });

  it('is HttpOnly, SameSite=Lax, of the store’s two paths, and Secure on https', () => {
    for (const secure of [false, true]) {
      const headers = rememberBuyerHeaders(keys, values, store, secure);
      expect(headers.map((header) => /Path=([^;]+)/.exec(header)![1])).toEqual(['/shop/tienda-maria', '/en/shop/tienda-maria']);
      for (const header of [...headers, ...forgetBuyerHeaders(store, secure)]) {
        expect(header.startsWith(`${buyerCookieName(store.id)}=`)).toBe(true);
        expect(header).toContain('HttpOnly');
        expect(header).toContain('SameSite=Lax');
        expect(header.includes('Secure')).toBe(secure);
      }
    }
  });

  it('opens for no other store, no other key, and no byte changed', () => {
    const [header] = rememberBuyerHeaders(keys, values, store, false);
    const value = cookieOf(header!).split('=')[1]!;
    expect(readBuyer(keys, `${buyerCookieName(8)}=${value}`, 8)).toBeNull();
    expect(readBuyer({ ...keys, secret: 'another-secret-of-another-server-00' }, cookieOf(header!), store.id)).toBeNull();
    const flipped = value.slice(0, 30) + (value[30] === 'A' ? 'B' : 'A') + value.slice(31);
    expect(readBuyer(keys, `${buyerCookieName(store.id)}=${flipped}`, store.id)).toBeNull();
  });

  it('reads anything else as nothing, never as an error', () => {
    fc.assert(fc.property(fc.string({ maxLength: 5000 }), (junk) => {
      expect(readBuyer(keys, `${buyerCookieName(store.id)}=${encodeURIComponent(junk)}`, store.id)).toBeNull();
    }), { numRuns: 200 });
    expect(readBuyer(keys, `${buyerCookieName(store.id)}=${randomBytes(600).toString('base64url')}`, store.id)).toBeNull();
    expect(readBuyer(keys, undefined, store.id)).toBeNull();
  });

  it('fits in a browser’s cookie at every field’s longest', () => {
    const longest = { ...values, name: 'ñ'.repeat(160), email: `${'a'.repeat(240)}@example.com`, phone: '9'.repeat(20), documentNumber: '9'.repeat(20), address: 'é'.repeat(300), city: 'ó'.repeat(80), province: 'ú'.repeat(80), canton: 'í'.repeat(80) };
    const [header] = rememberBuyerHeaders(keys, longest, store, true);
    expect(header!.length).toBeLessThan(4096);
    expect(readBuyer(keys, cookieOf(header!), store.id)?.address).toBe('é'.repeat(300));
  });
});
