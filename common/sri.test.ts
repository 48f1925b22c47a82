import { describe, expect, it } from 'vitest';
import { accessKey, accessKeyCheckDigit, invoiceNumber, isValidAccessKey } from './sri.ts';

// The RUC's table of real numbers is in identification.test.ts, with the other identifications.

// Keys and RUCs of invoices that SRI authorised, as published in their XML (third-party files).
const AUTHORISED = [
  { key: '0312202201019007200200120029020004874985766297216', issuedOn: '2022-12-03', ruc: '0190072002001', establishment: '002', emissionPoint: '902', sequence: 487498, numericCode: '57662972' },
  { key: '0110201401099126726300120010010002742492823013317', issuedOn: '2014-10-01', ruc: '0991267263001', establishment: '001', emissionPoint: '001', sequence: 274249, numericCode: '28230133' },
  { key: '1811202301179001691900120721260002540020711013510', issuedOn: '2023-11-18', ruc: '1790016919001', establishment: '072', emissionPoint: '126', sequence: 254002, numericCode: '07110135' },
] as const;

describe('SRI access key', () => {
  it.each(AUTHORISED)('spells $key from its invoice', ({ key, ...parts }) => {
    expect(accessKey({ ...parts, documentType: '01', environment: 2 })).toBe(key);
    expect(isValidAccessKey(key)).toBe(true);
  });

  it('maps a check of 11 to 0 and of 10 to 1', () => {
    // Weights 2–7 from the right. All zeros: remainder 0, 11 − 0 = 11 → 0. A last 6 weighs 12:
    // remainder 1, 11 − 1 = 10 → 1. A last 1 weighs 2: 11 − 2 = 9.
    expect(accessKeyCheckDigit('0'.repeat(48))).toBe(0);
    expect(accessKeyCheckDigit(`${'0'.repeat(47)}6`)).toBe(1);
    expect(accessKeyCheckDigit(`${'0'.repeat(47)}1`)).toBe(9);
    // The seventh digit from the right weighs 2 again: the weights cycle.
    expect(accessKeyCheckDigit(`${'0'.repeat(41)}1${'0'.repeat(6)}`)).toBe(9);
  });

  it('refuses a key whose check digit is wrong or that is not 49 digits', () => {
    const good = AUTHORISED[0].key;
    expect(isValidAccessKey(`${good.slice(0, 48)}${(Number(good[48]) + 1) % 10}`)).toBe(false);
    expect(isValidAccessKey(good.slice(1))).toBe(false);
    expect(isValidAccessKey(`${good.slice(0, 48)}A`)).toBe(false);
  });

  it('refuses parts it cannot spell', () => {
    const parts = { ...AUTHORISED[0], documentType: '01', environment: 1 } as const;
    expect(() => accessKey({ ...parts, issuedOn: '03/12/2022' })).toThrow(RangeError);
    expect(() => accessKey({ ...parts, numericCode: '123' })).toThrow(RangeError);
    expect(() => accessKey({ ...parts, sequence: 0 })).toThrow(RangeError);
  });
});

describe('invoice number', () => {
  it('is establishment, emission point and a nine-digit sequence', () => {
    expect(invoiceNumber('001', '001', 123)).toBe('001-001-000000123');
    expect(invoiceNumber('002', '902', 999_999_999)).toBe('002-902-999999999');
  });
  it('refuses codes and sequences outside their range', () => {
    expect(() => invoiceNumber('000', '001', 1)).toThrow(RangeError);
    expect(() => invoiceNumber('1', '001', 1)).toThrow(RangeError);
    expect(() => invoiceNumber('001', '001', 1_000_000_000)).toThrow(RangeError);
    expect(() => invoiceNumber('001', '001', 1.5)).toThrow(RangeError);
  });
});
