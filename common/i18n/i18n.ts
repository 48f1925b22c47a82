import i18next, { type FormatterModule, type i18n, type TFunction } from 'i18next';
import type { Locale } from '#common/locale.ts';
import { formatMessageValue } from '#common/number-format.ts';
import type { MessagePart, SourceMessages } from './messages.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: SourceMessages };
  }
}

// The message catalogs present in this process, per language and part. The server has both
// languages whole (./all-languages.ts); a browser loads only the language of the page, and of it
// only the parts its screens need (./load-catalog.ts), so no page ships messages it cannot show.
const catalogs = new Map<Locale, Map<MessagePart, object>>();
const instances = new Map<Locale, i18n>();

export function addCatalog(locale: Locale, part: MessagePart, messages: object) {
  let parts = catalogs.get(locale);
  if (!parts) catalogs.set(locale, (parts = new Map()));
  if (parts.has(part)) return;
  parts.set(part, messages);
  // A part that arrives after the language's instance was made (the dashboard's, on the first
  // navigation into it) joins that instance: each part has top-level keys of its own.
  instances.get(locale)?.addResourceBundle(locale, 'translation', withEveryPluralForm(messages, locale), true, false);
}

export function hasCatalog(locale: Locale, part: MessagePart): boolean {
  return catalogs.get(locale)?.has(part) ?? false;
}

function createI18n(locale: Locale): i18n {
  const parts = catalogs.get(locale);
  if (!parts?.has('base')) throw new Error(`The ${locale} messages are not loaded: import #common/i18n/all-languages.ts (server) or await loadCatalog (browser) first.`);
  const instance = i18next.createInstance();
  instance.use(localeNumbers(locale));
  void instance.init({
    lng: locale,
    // en.ts is type-checked complete against es.ts: nothing to fall back to.
    fallbackLng: false,
    resources: { [locale]: { translation: withEveryPluralForm(Object.assign({}, ...parts.values()), locale) } },
    initAsync: false,
    // A number in a message ("{{kg}} kg", "{{count}} productos") is written the language's way
    // ("2,9", "1.000" in Spanish): every interpolated value passes through the formatter below.
    interpolation: { escapeValue: false, alwaysFormat: true }, // React escapes
  });
  return instance;
}

/**
 * Counted messages are written with `_one` and `_other` (and `_zero` where a language wants it);
 * i18next picks the form with Intl.PluralRules. Spanish also has a "many" form (CLDR: 1.000.000,
 * 2.000.000…), the same words as "other": without a `_many` key, "1.000.000 productos" would show
 * the bare key. Every form a language's rules can choose falls back to `_other` here.
 */
export function withEveryPluralForm<T extends object>(messages: T, locale: Locale): T {
  const forms = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  const fill = (node: Record<string, unknown>): Record<string, unknown> => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(node)) {
      out[key] = value !== null && typeof value === 'object' ? fill(value as Record<string, unknown>) : value;
      if (key.endsWith('_other')) for (const form of forms) out[`${key.slice(0, -'_other'.length)}_${form}`] ??= node[`${key.slice(0, -'_other'.length)}_${form}`] ?? value;
    }
    return out;
  };
  return fill(messages as Record<string, unknown>) as T;
}

/** i18next's formatter, replaced: our messages use no named formats, only the locale's numbers. */
function localeNumbers(locale: Locale): FormatterModule {
  return {
    type: 'formatter',
    init() {},
    add() {},
    addCached() {},
    format: (value: unknown, _format, _lng, options) => formatMessageValue(value, locale, (options as { interpolationkey?: string } | undefined)?.interpolationkey) as string,
  };
}

/**
 * The i18next instance of a language, made once and shared by every render in it: an instance
 * never changes language (switching language is a navigation to the other locale's path, which
 * takes the other instance), so requests in different languages never share one.
 */
export function i18nFor(locale: Locale): i18n {
  let instance = instances.get(locale);
  if (!instance) {
    instance = createI18n(locale);
    instances.set(locale, instance);
  }
  return instance;
}

/** A translate function for code outside React (meta tags, e-mails, server messages). */
export function translator(locale: Locale): TFunction {
  return i18nFor(locale).t;
}
