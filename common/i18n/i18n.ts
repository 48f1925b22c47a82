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

function createI18n(locale: Locale): i18n {
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

const instances = new Map<Locale, i18n>();

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
