import i18next, { type i18n, type TFunction } from 'i18next';
import type { Locale } from '#common/locale.ts';
import { en } from './en.ts';
import { es } from './es.ts';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof es };
  }
}

const resources = { es: { translation: es }, en: { translation: en } };

/** A synchronous, isolated i18next instance: one per render, so requests never share a language. */
export function createI18n(locale: Locale): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'es',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false }, // React escapes
  });
  return instance;
}

const translators = new Map<Locale, TFunction>();

/** A translate function for code outside React (meta tags, e-mails, server messages). */
export function translator(locale: Locale): TFunction {
  let t = translators.get(locale);
  if (!t) {
    t = createI18n(locale).t;
    translators.set(locale, t);
  }
  return t;
}
