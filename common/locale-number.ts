import { numberFormat } from './intl-formats.ts';
import type { Locale } from './locale.ts';
import { INTL_LOCALE } from './number-format.ts';

// The one reader of a number a person typed on a page (issue 20 §1). It takes the page language's
// own symbols from CLDR through Intl — Spanish (es-EC) groups with "." and writes decimals with ",",
// English (en-US) the reverse — and reads only what is unambiguous in that language: digits,
// grouping separators only between groups of three ("1.234.567"), at most one decimal separator.
// Anything else is refused, never guessed: "199,99" on an English page is not 19999; "1.500" on a
// Spanish page is 1500. One exception, because nobody groups digits by one or two (decision 096):
// the other language's decimal separator followed by one or two digits at the end, with no digit
// group and none of the page's own separators, is a decimal separator — in a dollar country people
// type "12.50" on a Spanish page, and "12,50" on an English one. Three digits after it ("1.234")
// stay what the page's language means by them (a thousands group in Spanish).

type Symbols = { group: string; decimal: string };
const symbolsByLocale = new Map<Locale, Symbols>();

/** The grouping and decimal separators of the page's language, as Intl formats numbers in it. */
export function numberSymbols(locale: Locale): Symbols {
  let symbols = symbolsByLocale.get(locale);
  if (!symbols) {
    const parts = numberFormat(INTL_LOCALE[locale]).formatToParts(12345.6);
    symbols = { group: parts.find((part) => part.type === 'group')?.value ?? ',', decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.' };
    symbolsByLocale.set(locale, symbols);
  }
  return symbols;
}

const escape = (symbol: string) => symbol.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const patterns = new Map<Locale, RegExp>();
const foreignDecimals = new Map<Locale, RegExp>();

/** "12.50" on a Spanish page, "12,50" on an English one: the page's group symbol used as a decimal point. */
function foreignDecimalOf(locale: Locale): RegExp {
  let pattern = foreignDecimals.get(locale);
  if (!pattern) {
    pattern = new RegExp(`^(-?\\d+)${escape(numberSymbols(locale).group)}(\\d{1,2})$`);
    foreignDecimals.set(locale, pattern);
  }
  return pattern;
}

function patternOf(locale: Locale): RegExp {
  let pattern = patterns.get(locale);
  if (!pattern) {
    const { group, decimal } = numberSymbols(locale);
    const [g, d] = [escape(group), escape(decimal)];
    // sign, then either plain digits or 1–3 digits followed by groups of exactly three; then an
    // optional decimal part. ",5" / ".5" (no whole part) is read too: it is not ambiguous.
    pattern = new RegExp(`^(-?)(\\d+|\\d{1,3}(?:${g}\\d{3})+)?(?:${d}(\\d+))?$`);
    patterns.set(locale, pattern);
  }
  return pattern;
}

/**
 * The number in `raw` as the page's language writes it, or `null` when it is not written that way
 * (the caller refuses it with `validation.number`). Blank text is not a number either: the caller
 * decides whether blank means "required" or "none".
 */
export function readLocaleNumber(raw: string, locale: Locale): number | null {
  const text = raw.trim();
  const foreign = foreignDecimalOf(locale).exec(text);
  if (foreign) return Number(`${foreign[1]}.${foreign[2]}`);
  const match = patternOf(locale).exec(text);
  if (!match || (match[2] === undefined && match[3] === undefined)) return null;
  const [, sign, whole = '0', fraction] = match;
  const value = Number(`${sign}${whole.replaceAll(numberSymbols(locale).group, '')}${fraction === undefined ? '' : `.${fraction}`}`);
  return Number.isFinite(value) ? value : null;
}

/**
 * A stored number as the page's language writes it in an input: 1234.5 → "1234,5" on a Spanish
 * page (no grouping, so that editing a digit cannot break a group). Text is what the user typed
 * (a form sent back with an error): it is kept exactly as it was.
 */
export function formatLocaleNumber(value: string | number, locale: Locale): string {
  return typeof value === 'string' ? value : String(value).replace('.', numberSymbols(locale).decimal);
}

/**
 * An amount of money as the page's language writes it in an input: exactly two decimals, no
 * grouping (3.5 → "3,50" on a Spanish page, "3.50" on an English one).
 */
export function formatLocaleMoney(value: number, locale: Locale): string {
  return numberFormat(INTL_LOCALE[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: false }).format(value);
}

/**
 * What a money field shows once the user leaves it: the amount typed, with two decimals ("3,5" →
 * "3,50", "1.500" → "1500,00" on a Spanish page). Text it cannot read, or with more than two
 * decimals, stays exactly as typed: the schema refuses or rounds it as it always has, and nothing
 * the user wrote is silently changed into another amount.
 */
export function moneyText(typed: string, locale: Locale): string {
  const value = readLocaleNumber(typed, locale);
  if (value === null) return typed;
  const fraction = typed.trim().split(numberSymbols(locale).decimal)[1] ?? '';
  return fraction.length > 2 ? typed : formatLocaleMoney(value, locale);
}
