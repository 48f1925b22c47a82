import { describe, expect, it } from 'vitest';
import { localeFromPath, localizePath, preferredLocale, stripLocale } from './locale.ts';

describe('locale paths', () => {
  it('reads the language from the prefix', () => {
    expect(localeFromPath('/')).toBe('es');
    expect(localeFromPath('/alert')).toBe('es');
    expect(localeFromPath('/en')).toBe('en');
    expect(localeFromPath('/en/alert')).toBe('en');
    expect(localeFromPath('/english')).toBe('es');
  });

  it('moves a path between languages', () => {
    expect(stripLocale('/en/alert/show')).toBe('/alert/show');
    expect(stripLocale('/en')).toBe('/');
    expect(localizePath('/alert', 'en')).toBe('/en/alert');
    expect(localizePath('/', 'en')).toBe('/en');
    expect(localizePath('/en/alert', 'es')).toBe('/alert');
    expect(localizePath('/en', 'es')).toBe('/');
  });
});

describe('preferredLocale', () => {
  it.each([
    [undefined, 'es'],
    ['', 'es'],
    ['en-US,en;q=0.9', 'en'],
    ['es-EC,es;q=0.9,en;q=0.8', 'es'],
    ['fr-FR,en;q=0.5,es;q=0.4', 'en'],
    ['de-DE,fr;q=0.8', 'es'],
    ['en;q=0,es;q=0.1', 'es'],
    ['en;q=abc', 'es'],
  ])('%s → %s', (header, expected) => {
    expect(preferredLocale(header)).toBe(expected);
  });
});
