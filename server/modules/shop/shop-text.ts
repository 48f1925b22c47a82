import { shop as en } from '#common/i18n/en/shop.ts';
import { shop as es } from '#common/i18n/es/shop.ts';
import type { Locale } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';

// The storefront's words in the page's language: `{name}` values filled in, `one`/`other` chosen
// by the language's plural rules, numbers and money written the language's way.

export type ShopTexts = typeof en;
type Plural = { one: string; other: string };

const CATALOGS: Record<Locale, ShopTexts> = { es, en };
const PLURALS: Record<Locale, Intl.PluralRules> = { es: new Intl.PluralRules('es-EC'), en: new Intl.PluralRules('en-US') };
const NUMBERS: Record<Locale, Intl.NumberFormat> = { es: new Intl.NumberFormat('es-EC', { maximumFractionDigits: 1 }), en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }) };
const DATES: Record<Locale, Intl.DateTimeFormat> = { es: new Intl.DateTimeFormat('es-EC', { dateStyle: 'long', timeZone: 'America/Guayaquil' }), en: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'America/Guayaquil' }) };
/** A moment with its time, in Ecuador's: the steps of an order's timeline. */
const MOMENTS: Record<Locale, Intl.DateTimeFormat> = { es: new Intl.DateTimeFormat('es-EC', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Guayaquil' }), en: new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'America/Guayaquil' }) };

function fill(text: string, values: Record<string, string | number>, locale: Locale): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? NUMBERS[locale].format(value) : value;
  });
}

export type Translate = {
  locale: Locale;
  texts: ShopTexts;
  t: (text: string, values?: Record<string, string | number>) => string;
  plural: (forms: Plural, count: number, values?: Record<string, string | number>) => string;
  money: (cents: number) => string;
  number: (value: number) => string;
  date: (iso: string) => string;
  dateTime: (iso: string) => string;
};

export function translate(locale: Locale): Translate {
  return {
    locale,
    texts: CATALOGS[locale],
    t: (text, values = {}) => fill(text, values, locale),
    plural: (forms, count, values = {}) => fill(PLURALS[locale].select(count) === 'one' ? forms.one : forms.other, { count, ...values }, locale),
    money: (cents) => formatMoney(cents, locale),
    number: (value) => NUMBERS[locale].format(value),
    date: (iso) => DATES[locale].format(new Date(iso)),
    dateTime: (iso) => MOMENTS[locale].format(new Date(iso)),
  };
}
