import { describe, expect, it } from 'vitest';
import { readSlipIds } from './schemas/order-papers.ts';
import { whatsappNumber, whatsappUrl } from './whatsapp.ts';

describe('whatsappNumber', () => {
  it('reads an Ecuadorian phone the ways people write it into the international digits wa.me takes', () => {
    for (const phone of ['0998877665', '099 887 7665', '099-887-7665', '998877665', '+593 99 887 7665', '+593998877665', '00593998877665', ' (099) 887 7665 ']) expect(whatsappNumber(phone), phone).toBe('593998877665');
    // A landline keeps its area code without the trunk 0.
    expect(whatsappNumber('02 234 5678')).toBe('59322345678');
    // Another country's number, written with its code, stays as it is.
    expect(whatsappNumber('+1 305 555 0142')).toBe('13055550142');
  });

  it('gives null for what cannot be a number', () => {
    for (const phone of ['', '12', 'no tengo', '0000000000', '+0 99 887 7665']) expect(whatsappNumber(phone), phone).toBeNull();
  });

  it('builds the link with the message encoded', () => {
    expect(whatsappUrl('0998877665', 'Hola María, tu pedido #12 & más')).toBe('https://wa.me/593998877665?text=Hola%20Mar%C3%ADa%2C%20tu%20pedido%20%2312%20%26%20m%C3%A1s');
    expect(whatsappUrl('', 'x')).toBeNull();
  });
});

describe('readSlipIds', () => {
  it('takes ids once each, in the order given, up to 100', () => {
    expect(readSlipIds('3, 1,3,2')).toEqual({ ok: true, ids: [3, 1, 2] });
    expect(readSlipIds(Array.from({ length: 100 }, (_, index) => index + 1).join(','))).toMatchObject({ ok: true });
    expect(readSlipIds(Array.from({ length: 101 }, (_, index) => index + 1).join(','))).toEqual({ ok: false, error: 'orderPapers.slip.tooMany' });
  });

  it('refuses none, a word, zero, a negative or a huge id', () => {
    for (const text of [null, '', ',', '1,a', '0', '-1', '1.5', '12345678901']) expect(readSlipIds(text), String(text)).toEqual({ ok: false, error: 'orderPapers.slip.noIds' });
  });
});
