import { describe, expect, it } from 'vitest';
import { messages, translator } from './all-languages.ts';
import { withEveryPluralForm } from './i18n.ts';
import type { Locale } from '../locale.ts';

// Issue 20 §9, §10 and §14: counted messages take the plural form the language's rules
// (Intl.PluralRules) choose, numbers inside messages are written the page's way, and English
// messages spell the American way.

const t = (locale: Locale) => translator(locale) as unknown as (key: string, params?: object) => string;
const COUNTS = [0, 1, 2] as const;

/** Each affected message, with what it says for 0, 1 and 2 in each language. */
const COUNTED: Array<[string, (count: number) => object, Record<Locale, [string, string, string]>]> = [
  ['bulk.cascade.variants', (count) => ({ count }), { es: ['0 variantes', '1 variante', '2 variantes'], en: ['0 variants', '1 variant', '2 variants'] }],
  ['productCsv.created', (count) => ({ count }), { es: ['0 productos creados', '1 producto creado', '2 productos creados'], en: ['0 products created', '1 product created', '2 products created'] }],
  ['productCsv.productCount', (count) => ({ count }), { es: ['0 productos', '1 producto', '2 productos'], en: ['0 products', '1 product', '2 products'] }],
  ['productCsv.variantCount', (count) => ({ count }), { es: ['0 variantes', '1 variante', '2 variantes'], en: ['0 variants', '1 variant', '2 variants'] }],
  ['catalog.coupon.usedNoLimit', (count) => ({ count }), { es: ['0 usos', '1 uso', '2 usos'], en: ['0 uses', '1 use', '2 uses'] }],
  ['catalog.coupon.used', (count) => ({ count, used: 0 }), { es: ['0 de 0 usos', '0 de 1 uso', '0 de 2 usos'], en: ['0 of 0 uses', '0 of 1 use', '0 of 2 uses'] }],
  ['webhook.eventCount', (count) => ({ count }), { es: ['0 eventos', '1 evento', '2 eventos'], en: ['0 events', '1 event', '2 events'] }],
  ['plan.limitCount.pages', (count) => ({ count }), { es: ['0 páginas', '1 página', '2 páginas'], en: ['0 pages', '1 page', '2 pages'] }],
  ['plan.limitCount.products', (count) => ({ count }), { es: ['0 productos', '1 producto', '2 productos'], en: ['0 products', '1 product', '2 products'] }],
  [
    'catalog.product.gallery.tooMany',
    (count) => ({ count, max: 10 }),
    { es: ['0 quedaron fuera', '1 quedó fuera', '2 quedaron fuera'], en: ['0 were left out', '1 was left out', '2 were left out'] },
  ],
];

describe('plural forms (issue 20 §9)', () => {
  for (const locale of ['es', 'en'] as const) {
    it.each(COUNTED)(`%s with 0, 1 and 2 (${locale})`, (key, params, expected) => {
      COUNTS.forEach((count, index) => expect(t(locale)(key, params(count))).toContain(expected[locale][index]));
    });
  }

  it('builds the composed messages from counted parts: never "1 variantes" nor "1 productos"', () => {
    const es = t('es');
    const en = t('en');
    const counted = (locale: Locale, key: string, count: number) => t(locale)(key, { count });
    for (const count of COUNTS) {
      const confirm = es('productCsv.confirmText', { create: counted('es', 'productCsv.productCount', count), createVariants: counted('es', 'productCsv.variantCount', 1), update: counted('es', 'productCsv.productCount', 1), updateVariants: counted('es', 'productCsv.variantCount', 0) });
      expect(confirm).toBe(`Se crearán ${['0 productos', '1 producto', '2 productos'][count]} y 1 variante, y se actualizarán 1 producto y 0 variantes.`);
      const english = en('productCsv.done', { created: counted('en', 'productCsv.created', count), updated: counted('en', 'productCsv.updated', 1) });
      expect(english).toBe(`Catalog imported: ${['0 products created', '1 product created', '2 products created'][count]} and 1 updated.`);
      const category = es('catalog.category.deleteMessage', Object.fromEntries(['subcategories', 'products', 'variants', 'reviews', 'images'].map((kind) => [kind, counted('es', `bulk.cascade.${kind}`, count)])));
      expect(category).toContain(['0 subcategorías y 0 productos', '1 subcategoría y 1 producto', '2 subcategorías y 2 productos'][count]);
      expect(es('catalog.product.totalStock', { stock: '5', variants: counted('es', 'bulk.cascade.variants', count) })).toBe(`5 en total (${['0 variantes', '1 variante', '2 variantes'][count]})`);
      expect(en('catalog.product.totalStock', { stock: '5', variants: counted('en', 'bulk.cascade.variants', count) })).toBe(`5 in all (${['0 variants', '1 variant', '2 variants'][count]})`);
    }
  });

  it('gives Spanish its "many" form (1.000.000) from the "other" words, not the bare key', () => {
    expect(t('es')('bulk.cascade.products', { count: 1_000_000 })).toBe('1.000.000 productos');
    expect(t('es')('bulk.selected', { count: 2_000_000 })).toBe('2.000.000 registros seleccionados');
    expect(withEveryPluralForm({ a: { x_one: 'uno', x_other: 'otros' } }, 'es')).toEqual({ a: { x_one: 'uno', x_other: 'otros', x_many: 'otros' } });
  });
});

/** Every message of a language as [key, text]. */
function flatten(node: object, prefix = ''): Array<[string, string]> {
  return Object.entries(node).flatMap(([key, value]) => (typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : flatten(value as object, `${prefix}${key}.`)));
}

// A number written the other language's way: a decimal point (es) or comma (en) before one or two
// digits, or four or more digits ungrouped. Years, codes (#1c9283, EC-10001, +593…) and dates aside.
const FOREIGN_DECIMAL: Record<Locale, RegExp> = { es: /\d\.\d{1,2}(?!\d)/, en: /\d,\d{1,2}(?!\d)/ };
const UNGROUPED = /(?<![\w#+/-])\d{4,}(?![\w/])/g;
const isYear = (digits: string) => /^20\d\d$/.test(digits);

describe('numbers inside messages (issue 20 §10)', () => {
  for (const locale of ['es', 'en'] as const) {
    it(`are written the ${locale} way where a message has one of its own`, () => {
      for (const [key, text] of flatten(messages[locale])) {
        expect(text, key).not.toMatch(FOREIGN_DECIMAL[locale]);
        expect((text.match(UNGROUPED) ?? []).filter((digits) => !isYear(digits)), `${key}: ${text}`).toEqual([]);
      }
    });

    it(`are written the ${locale} way when put into a message`, () => {
      const [grouped, decimal] = locale === 'es' ? ['12.345', '1.234,5'] : ['12,345', '1,234.5'];
      for (const [key, text] of flatten(messages[locale])) {
        if (text.includes('$t(')) continue; // nested messages get a status name, not a number
        const names = [...text.matchAll(/\{\{\s*([\w]+)\s*\}\}/g)].map((match) => match[1]!).filter((name) => !['id', 'number', 'year'].includes(name));
        if (names.length === 0) continue;
        const base = key.replace(/_(zero|one|two|few|many|other)$/, '');
        const whole = t(locale)(base, Object.fromEntries(names.map((name) => [name, 12345])));
        expect(whole, key).toContain(grouped);
        expect(whole, key).not.toMatch(/12345/);
        const fraction = t(locale)(base, Object.fromEntries(names.map((name) => [name, 1234.5])));
        expect(fraction, key).toContain(decimal);
      }
      // identifiers and years stay as written
      expect(t(locale)('footer.rights', { year: 2026 })).toContain('2026');
      expect(t(locale)('ticket.number', { id: 10234 })).toContain('#10234');
    });
  }
});

describe('American spelling on English pages (issue 20 §14)', () => {
  it('has no British spelling in any English message', () => {
    const british = /\b(catalogue|colour|colours|coloured|favourite|recognise|organise|customise|centre|metre|licence|behaviour|cancelled|cancelling|labelled|grey)\b/i;
    for (const [key, text] of flatten(messages.en)) expect(text, key).not.toMatch(british);
  });
});
