// Lighthouse over the storefront (issue 22 §8): `npm run build && npm run bench:shop-lighthouse`.
//
// Starts the built app on a throw-away database with the demo data (María's store: logo, banners,
// pictures, a category tree), runs Lighthouse 12 — mobile, its default simulated throttling — with
// Debian's Chromium (/usr/bin/chromium, headless, offline: nothing leaves 127.0.0.1) over the
// store's home, its first category and its first product, and prints the four scores. Marks:
// performance ≥ 95; accessibility, best practices and SEO 100. Exits 1 when one is missed.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { fail, freePort, killChildren, removeOnExit, serveArguments, startChild, stopChild, waitUntilReady } from './lib/processes.ts';
import { NODE_ENV } from './lib/settings.ts';
import { runLighthouse } from './lib/lighthouse.ts';
import { reportMarks } from './lib/marks.ts';

const STORE = 'tienda-de-maria';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MARKS: Record<(typeof CATEGORIES)[number], number> = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-lighthouse-'));
  removeOnExit(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startChild('app server', serveArguments(), { NODE_ENV, APP_SECRET: 'bench-lighthouse-secret-0123456789abcdef', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_DATA: '1', MAINTENANCE_MODE: '0' });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    // The demo data (its pictures resized by sharp) is loaded before the server listens.
    await waitUntilReady(app, `${base}/healthz`, 180_000);
    const home = `/shop/${STORE}`;
    const page = await (await fetch(`${base}${home}`, { headers: { cookie: 'lang=es' } })).text();
    const first = (kind: string) => page.match(new RegExp(`href="(/shop/${STORE}/${kind}/[^"?]+)`))?.[1] ?? fail(`no ${kind} link on ${home}`);
    const pages: [string, string][] = [['home', home], ['category', first('category')], ['product', first('product')]];
    const results = [];
    for (const [name, pagePath] of pages) {
      const run = await runLighthouse(`${base}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders: { cookie: 'lang=es' } });
      const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((run.lhr.categories[category]?.score ?? 0) * 100)])) as Record<(typeof CATEGORIES)[number], number>;
      const failing = Object.values(run.lhr.audits)
        .filter((audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary')
        .map((audit) => audit.id);
      const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'].map((id) => `${id} ${run.lhr.audits[id]?.displayValue ?? '?'}`);
      console.log(`${name.padEnd(9)} ${pagePath}\n  ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(' · ')}\n  ${metrics.join(' · ')}${failing.length ? `\n  failing audits: ${failing.join(', ')}` : ''}`);
      results.push({ name, path: pagePath, scores, metrics, failing });
    }
    const marks = results.flatMap((result) => CATEGORIES.map((category) => ({ name: `${result.name} ${category} ≥ ${MARKS[category]}`, value: result.scores[category], ok: result.scores[category] >= MARKS[category] })));
    reportMarks('shop-lighthouse', marks, { results });
  } finally {
    chrome.kill();
    await stopChild(app);
    killChildren('SIGKILL');
  }
}

main().catch((error: unknown) => fail(String((error as Error)?.stack ?? error)));
