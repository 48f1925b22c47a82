import { describe, expect, it } from 'vitest';
import { internationalPhone } from './phone.ts';
import { StoreMarketingSchema } from './schemas/store.ts';

// Issue 40 (defect 4): a WhatsApp number written the national way is Ecuador's, stored as +593.
describe('internationalPhone', () => {
  it.each([
    ['0998877665', '+593998877665'],
    ['099 887 7665', '+593998877665'],
    ['099-887-7665', '+593998877665'],
    ['(02) 600-0000', '+59326000000'],
    ['+593 99 887 7665', '+593998877665'],
    ['+1 (415) 555-0100', '+14155550100'],
    ['998877665', '998877665'], // no trunk 0, no country: left for the check to refuse
    ['0098877665', '0098877665'],
    ['09988776655', '09988776655'],
  ])('%j → %j', (typed, expected) => {
    expect(internationalPhone(typed)).toBe(expected);
  });
});

describe('the store’s WhatsApp number', () => {
  const whatsapp = (value: string) => StoreMarketingSchema.safeParse({ whatsapp: value });
  it('takes Ecuador’s national form and keeps it as +593', () => {
    expect(whatsapp('0998877665').data?.whatsapp).toBe('+593998877665');
    expect(whatsapp(' 099 887 7665 ').data?.whatsapp).toBe('+593998877665');
    expect(whatsapp('+593998877665').data?.whatsapp).toBe('+593998877665');
    expect(whatsapp('').data?.whatsapp).toBe('');
  });
  it('still refuses what is no number', () => {
    for (const value of ['998877665', '12345', 'hola', '+0998877665']) expect(whatsapp(value).error?.issues[0]?.message, value).toBe('store.whatsappFormat');
  });
});
