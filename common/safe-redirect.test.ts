import { describe, expect, it } from 'vitest';
import { safeRedirect, sameSitePath } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it.each(['/', '/alert', '/en/alert/show?id=5', '/ticket?page=2#top', '/search?q=%2F%2Fevil.com'])('keeps the same-site path %s', (path) => {
    expect(safeRedirect(path)).toBe(path);
  });

  it.each([
    'https://evil.com',
    'http://evil.com/alert',
    '//evil.com',
    '//evil.com/alert',
    '/\\evil.com',
    '\\\\evil.com',
    '/\\/evil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\t/evil.com',
    '/\n/evil.com',
    '\u0000/alert',
    'alert',
    '',
    '%2F%2Fevil.com',
    '/..//evil.example/phish',
    '/.//evil.example',
    '/a/../..//evil.example',
    `/${'a'.repeat(3000)}`,
  ])('falls back to / for %j', (target) => {
    expect(safeRedirect(target)).toBe('/');
  });

  it('refuses values that are not strings', () => {
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect(['/alert'])).toBe('/');
    expect(safeRedirect({ toString: () => '/alert' })).toBe('/');
  });

  it('uses the fallback it is given', () => {
    expect(safeRedirect('//evil.com', '/en')).toBe('/en');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirect('/a/../../b')).toBe('/b');
    expect(safeRedirect('/./alert')).toBe('/alert');
  });
});

describe('sameSitePath', () => {
  it.each([
    ['//evil.example', '/evil.example'],
    ['///evil.example/a?b=1', '/evil.example/a?b=1'],
    ['/\\evil.example', '/evil.example'],
    ['\\\\evil.example', '/evil.example'],
    ['/\t/evil.example', '/evil.example'],
    ['/\n\r//evil.example', '/evil.example'],
    ['/en//evil.example', '/en//evil.example'],
    ['/alert/show?id=7', '/alert/show?id=7'],
  ])('collapses the leading slashes of %j to one', (path, expected) => {
    expect(sameSitePath(path)).toBe(expected);
  });

  it('falls back where the rest is no path of this site', () => {
    expect(sameSitePath('https://evil.example', '/en')).toBe('/en');
    expect(sameSitePath('//a/../..//evil.example', '/en')).toBe('/en');
  });
});
