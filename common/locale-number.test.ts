import { describe, expect, it } from 'vitest';
import { isMoneyField, parseForm } from './form-parse.ts';
import { formatLocaleMoney, formatLocaleNumber, moneyText, numberSymbols, readLocaleNumber } from './locale-number.ts';
import { couponResource } from './resources/coupon.ts';
import type { Locale } from './locale.ts';
import { productResource, variantResource } from './resources/product.ts';
import { AlertInputSchema, PackageInputSchema } from './schemas/casillero.ts';
import { ConsolidationShipInputSchema } from './schemas/consolidation.ts';
import { PlanInputSchema } from './schemas/plan.ts';
import { SalesSettingsFormSchema } from './schemas/sales-settings.ts';
import { SettingsSchema } from './schemas/setting.ts';

// Issue 20 §1: a number typed on a page is read with the page language's own symbols, or refused
// — never guessed. `null` is a refusal (the form says "Escribe el número como 1.234,56").
const TABLE: Array<[Locale, string, number | null]> = [
  // Spanish (es-EC): "." groups in threes, "," is the decimal separator
  ['es', '1.500', 1500],
  ['es', '1500', 1500],
  ['es', '12,5', 12.5],
  ['es', '199,99', 199.99],
  ['es', '1.234,56', 1234.56],
  ['es', '1.234.567,8', 1234567.8],
  ['es', ' 89,99 ', 89.99],
  ['es', ',5', 0.5],
  ['es', '-3', -3],
  ['es', '0', 0],
  // Issue 40 (defect 4, decision 096): a dot followed by one or two digits is a decimal point —
  // nobody groups by one or two digits, and in a dollar country people type "12.50".
  ['es', '12.50', 12.5],
  ['es', '89.99', 89.99],
  ['es', '1.5', 1.5],
  ['es', '12.5', 12.5],
  ['es', '1234.5', 1234.5],
  ['es', '-3.25', -3.25],
  ['es', '1.234', 1234], // three digits after the dot: a thousands group, as Spanish writes it
  ['es', '12.505', 12505],
  ['es', '1.234.56', null], // groups, then a decimal point: neither language's way
  ['es', '1,234.5', null],
  ['es', '12.', null],
  ['es', '1,234.56', null],
  ['es', '1,2,3', null],
  ['es', '1.23.456', null],
  ['es', '1234.567', null], // a group after four digits
  ['es', '1.234,5,6', null],
  ['es', '1 234,5', null],
  ['es', '12,', null],
  ['es', '1e3', null],
  ['es', '+5', null],
  ['es', '$5', null],
  ['es', 'doce', null],
  ['es', ',', null],
  ['es', '', null],
  // English (en-US): "," groups in threes, "." is the decimal separator
  ['en', '1,500', 1500],
  ['en', '1500', 1500],
  ['en', '12.5', 12.5],
  ['en', '199.99', 199.99],
  ['en', '1,234.56', 1234.56],
  ['en', '1,234,567.8', 1234567.8],
  ['en', '.5', 0.5],
  ['en', '1.500', 1.5], // one decimal point: one and a half, as English writes it
  ['en', '199,99', 199.99], // a decimal comma (decision 096); never 19999 (issue 20 §1)
  ['en', '12,5', 12.5], // not 125
  ['en', '12,50', 12.5],
  ['en', '1,2', 1.2],
  ['en', '1,234', 1234], // three digits after the comma: a thousands group, as English writes it
  ['en', '1.234,56', null],
  ['en', '1,234,56', null],
  ['en', '12,34,567', null],
  ['en', '1.2.3', null],
  ['en', '12.', null],
  ['en', 'Infinity', null],
  ['en', '0x10', null],
  ['en', 'twelve', null],
];

describe('readLocaleNumber', () => {
  it.each(TABLE)('on a %s page reads %j as %s', (locale, typed, expected) => {
    expect(readLocaleNumber(typed, locale)).toBe(expected);
  });

  it('takes the separators from CLDR through Intl', () => {
    expect(numberSymbols('es')).toEqual({ group: '.', decimal: ',' });
    expect(numberSymbols('en')).toEqual({ group: ',', decimal: '.' });
  });

  it('writes a stored number back the way it reads it, and keeps typed text as typed', () => {
    for (const locale of ['es', 'en'] as const) for (const value of [0, 12, 12.5, 1234.56, 1500]) expect(readLocaleNumber(formatLocaleNumber(value, locale), locale)).toBe(value);
    expect(formatLocaleNumber(89.9, 'es')).toBe('89,9');
    expect(formatLocaleNumber(89.9, 'en')).toBe('89.9');
    expect(formatLocaleNumber('1.500', 'es')).toBe('1.500');
    expect(formatLocaleNumber('199,99', 'en')).toBe('199,99');
  });
});

describe('every numeric field of a form is read this way', () => {
  const product = { name: 'Mochila', categoryId: '1', ivaCode: '4' };
  it.each(TABLE)('the product price on a %s page: %j → %s', (locale, typed, expected) => {
    const parsed = parseForm(productResource.input, { ...product, price: typed }, locale);
    if (typed === '') expect(parsed).toEqual({ ok: false, errors: { price: 'validation.required' } });
    else if (expected === null) expect(parsed).toEqual({ ok: false, errors: { price: 'validation.number' } });
    else if (expected < 0) expect(parsed).toMatchObject({ ok: false, errors: { price: 'validation.invalid' } });
    else if (expected > 1_000_000) expect(parsed).toMatchObject({ ok: false, errors: { price: 'validation.tooLarge' } }); // read, then over the price's bound
    else expect(parsed).toMatchObject({ ok: true, data: { price: expected } });
  });

  it('reads the whole-number and percentage fields too', () => {
    expect(parseForm(productResource.input, { ...product, price: '1', stock: '1.500', discount: '12,5' }, 'es')).toMatchObject({ ok: true, data: { stock: 1500, discount: 12.5 } });
    expect(parseForm(productResource.input, { ...product, price: '1', stock: '1,500', discount: '12.5' }, 'en')).toMatchObject({ ok: true, data: { stock: 1500, discount: 12.5 } });
    expect(parseForm(productResource.input, { ...product, price: '1', stock: '1,500' }, 'es')).toMatchObject({ ok: false, errors: { stock: 'validation.invalid' } }); // 1,5 is not whole
    expect(parseForm(productResource.input, { ...product, price: '1', stock: '1.500' }, 'en')).toMatchObject({ ok: false, errors: { stock: 'validation.invalid' } });
    expect(parseForm(AlertInputSchema, { trackingNumber: '1Z999AA10123456784', carrier: 'UPS', store: 'A', content: 'B', declaredValue: '89.99' }, 'es')).toMatchObject({ ok: true, data: { declaredValue: 8999 } }); // in cents
    expect(parseForm(AlertInputSchema, { trackingNumber: '1Z999AA10123456784', carrier: 'UPS', store: 'A', content: 'B', declaredValue: '89.9.9' }, 'es')).toEqual({ ok: false, errors: { declaredValue: 'validation.number' } });
  });

  it('the JSON API takes numbers, and text only in the machine form "1234.5"', () => {
    const json = { name: 'Mochila', categoryId: 1, ivaCode: '4' };
    expect(productResource.input.safeParse({ ...json, price: 19.99 }).data?.price).toBe(19.99);
    expect(productResource.input.safeParse({ ...json, price: '19.99' }).data?.price).toBe(19.99);
    for (const price of ['19,99', '1,500', '1.500,5', '1e3', ' ']) expect(productResource.input.safeParse({ ...json, price }).success, price).toBe(false);
  });
});

// Issue 23 (loose ends §1): a money field shows two decimals in the page's language — "3,50", not
// "3,5" — when it loads and when the user leaves it; what cannot be read stays as typed.
describe('money in an input', () => {
  it('is written with exactly two decimals, ungrouped, the page’s way', () => {
    expect(formatLocaleMoney(3.5, 'es')).toBe('3,50');
    expect(formatLocaleMoney(3.5, 'en')).toBe('3.50');
    expect(formatLocaleMoney(1234.5, 'es')).toBe('1234,50');
    expect(formatLocaleMoney(1234.5, 'en')).toBe('1234.50');
    expect(formatLocaleMoney(0, 'es')).toBe('0,00');
    expect(formatLocaleMoney(19.99, 'en')).toBe('19.99');
    for (const locale of ['es', 'en'] as const) for (const cents of [0, 1, 350, 1999, 123456]) expect(readLocaleNumber(formatLocaleMoney(cents / 100, locale), locale)).toBe(cents / 100);
  });

  it.each([
    ['es', '3,5', '3,50'],
    ['es', '3', '3,00'],
    ['es', ' 12,5 ', '12,50'],
    ['es', '1.500', '1500,00'],
    ['es', ',5', '0,50'],
    ['es', '19,99', '19,99'],
    ['es', '3.5', '3,50'], // a decimal point in a dollar country (decision 096)
    ['es', '12.50', '12,50'],
    ['es', '3.5.0', '3.5.0'], // unreadable on a Spanish page: kept, and the schema refuses it
    ['es', '3,505', '3,505'], // three decimals: never rounded into another amount here
    ['es', 'tres', 'tres'],
    ['es', '', ''],
    ['en', '3.5', '3.50'],
    ['en', '1,500', '1500.00'],
    ['en', '3,5', '3.50'],
    ['en', '3,5,0', '3,5,0'],
    ['en', '7', '7.00'],
  ] as const)('on a %s page, %j left is shown as %j', (locale, typed, shown) => {
    expect(moneyText(typed, locale)).toBe(shown);
  });

  it('is declared by the schema: every money field of the forms, and no other number', () => {
    const money: [string, Parameters<typeof isMoneyField>[0], string][] = [
      ['product', productResource.input, 'price'],
      ['product', productResource.input, 'compareAtPrice'],
      ['variant', variantResource.input, 'price'],
      ['coupon', couponResource.input, 'minimum'],
      ['payments', SalesSettingsFormSchema, 'shippingFee'],
      ['payments', SalesSettingsFormSchema, 'freeShippingFrom'],
      ['alert', AlertInputSchema, 'declaredValue'],
      ['package', PackageInputSchema, 'declaredValue'],
      ['plan', PlanInputSchema, 'price'],
      ['settings', SettingsSchema, 'ratePerLb'],
      ['shipping', ConsolidationShipInputSchema, 'finalCost'],
    ];
    for (const [form, schema, name] of money) expect(isMoneyField(schema, name), `${form}.${name}`).toBe(true);
    const notMoney: [Parameters<typeof isMoneyField>[0], string][] = [
      [productResource.input, 'stock'],
      [productResource.input, 'discount'],
      [productResource.input, 'ivaCode'],
      [productResource.input, 'name'],
      [couponResource.input, 'discount'], // a percentage or an amount: the coupon form says which
      [couponResource.input, 'usageLimit'],
      [SalesSettingsFormSchema, 'shippingIvaCode'],
      [PackageInputSchema, 'weightLb'],
    ];
    for (const [schema, name] of notMoney) expect(isMoneyField(schema, name), name).toBe(false);
  });
});
