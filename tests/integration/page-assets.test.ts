import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeUser } from '../support/factories.ts';
import { createTestApp, pageHeaders, type TestApp } from '../support/test-app.ts';

// What a page asks the browser to load — its messages, its scripts and stylesheets, in which order
// and at which priority — and how those files are served. The built app (npm run build) on a
// fresh database, through inject().
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.dispose());

const { es, en } = pageHeaders;

describe('messages in the browser', () => {
  it.each([
    ['/user/login', 'es', 'en'],
    ['/en/user/login', 'en', 'es'],
  ] as const)('%s preloads the %s messages only, and the file is served', async (path, mine, other) => {
    const { catalogs } = JSON.parse(readFileSync('build/build-info.json', 'utf8')) as { catalogs: Record<string, string> };
    const page = await t.app.inject({ url: path, headers: mine === 'es' ? es : en });
    expect(page.body).toContain(`<link rel="modulepreload" href="${catalogs[mine]}" fetchPriority="low"/>`);
    expect(page.body).not.toContain(catalogs[other]);
    const file = await t.app.inject(catalogs[mine] ?? '');
    expect(file.statusCode).toBe(200);
    expect(file.body).toContain(mine === 'es' ? 'Contraseña' : 'Password');
    // the public page needs no dashboard messages: neither preloaded nor asked for at hydration
    expect(page.body).not.toContain(`<link rel="modulepreload" href="${catalogs[`${mine}-dashboard`]}"`);
    expect(page.body).toContain('data-messages="base"');
  });

  it.each([
    ['/', 'es', 'Tu tienda estará en'],
    ['/en/store', 'en', 'Your store will be at'],
  ] as const)('the logged-in page %s preloads the %s base and dashboard messages', async (path, mine, storeText) => {
    const { catalogs } = JSON.parse(readFileSync('build/build-info.json', 'utf8')) as { catalogs: Record<string, string> };
    const user = await makeUser(t);
    const page = await t.app.inject({ url: path, headers: { ...(mine === 'es' ? es : en), cookie: `${user.cookie}; lang=${mine}` } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<link rel="modulepreload" href="${catalogs[mine]}" fetchPriority="low"/>`);
    expect(page.body).toContain(`<link rel="modulepreload" href="${catalogs[`${mine}-dashboard`]}" fetchPriority="low"/>`);
    expect(page.body).toContain('data-messages="base dashboard"');
    // the store's texts live in the dashboard part, not in the base one every page loads
    const [base, dashboard] = await Promise.all([t.app.inject(catalogs[mine] ?? ''), t.app.inject(catalogs[`${mine}-dashboard`] ?? '')]);
    expect(dashboard.body).toContain(storeText);
    expect(base.body).not.toContain(storeText);
  });
});

describe('static assets', () => {
  it('are cached as immutable and served compressed', async () => {
    const page = await t.app.inject({ url: '/user/login', headers: es });
    // React's chunk (vite.config.ts): a file big enough to be stored compressed.
    const asset = /href="(\/assets\/react-[^"]+\.js)"/.exec(page.body)?.[1];
    expect(asset).toBeTruthy();
    const response = await t.app.inject({ url: asset!, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toMatch(/^(br|gzip)$/);
  });
});

// A phone on a mobile network paints the server-rendered page as soon as its CSS is in; the
// JavaScript that makes it interactive comes after, in a few files (decision 072, issue 20 §24).
describe('what a dashboard page asks for first', () => {
  it('its stylesheets before any script, its modules at low priority and in few files, the theme in a stylesheet', async () => {
    const user = await makeUser(t);
    const page = await t.app.inject({ url: '/', headers: { ...es, cookie: `${user.cookie}; lang=es` } });
    expect(page.statusCode).toBe(200);
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    const links = [...head.matchAll(/<link [^>]*>/g)].map((match) => match[0]);
    const sheets = links.filter((link) => link.includes('rel="stylesheet"'));
    const preloads = links.filter((link) => link.includes('rel="modulepreload"'));
    expect(sheets.length).toBeGreaterThan(0);
    expect(preloads.length).toBeGreaterThan(0);
    expect(links.indexOf(sheets.at(-1)!)).toBeLessThan(links.indexOf(preloads[0]!));
    for (const preload of preloads) expect(preload).toContain('fetchPriority="low"');
    // 114 files before Mantine's, React's and the app's shared modules were grouped
    expect(preloads.length).toBeLessThanOrEqual(20);
    expect(head).not.toContain('<style');
    const css = await Promise.all(sheets.map(async (sheet) => (await t.app.inject(/href="([^"#]+)/.exec(sheet)![1]!)).body));
    expect(css.join('\n')).toMatch(/--mantine-color-brand-7: ?#1c9283/);
  });
});

// The login page loads React and the shell's file (what the public pages need of Mantine and the
// app's shared modules), not the dashboard's Mantine, shared code and zod: the login JavaScript
// mark (< 200 kB gzipped, bench/README.md) went to 305 kB when it loaded them (decisions 072, 074).
describe('what the public pages load', () => {
  const chunks = (body: string) => [...body.matchAll(/<link rel="modulepreload" href="\/assets\/([a-z-]+)-[\w-]+\.js"/g)].map((match) => match[1]);

  it('the login page: the shell, no file of the dashboard', async () => {
    const page = await t.app.inject({ url: '/user/login', headers: es });
    expect(page.statusCode).toBe(200);
    expect(chunks(page.body)).toEqual(expect.arrayContaining(['react', 'shell', 'login']));
    expect(chunks(page.body).filter((name) => ['mantine', 'app', 'zod'].includes(name!))).toEqual([]);
  });

  it('a dashboard page: the shell and the dashboard\'s files', async () => {
    const user = await makeUser(t);
    const page = await t.app.inject({ url: '/', headers: { ...es, cookie: `${user.cookie}; lang=es` } });
    expect(page.statusCode).toBe(200);
    expect(chunks(page.body)).toEqual(expect.arrayContaining(['react', 'shell', 'mantine', 'app', 'zod']));
  });
});
