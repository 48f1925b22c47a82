// Lighthouse over the merchant's product list (issue 20 §24): `npm run build && npm run bench:catalog-lighthouse`.
//
// Starts the built app on a throw-away database with the demo data (María's store and catalog),
// logs in as María by request (the login form's own POST, as the end-to-end tests do), and runs
// Lighthouse 12 — mobile, its default simulated throttling (slow 4G, a 4× slower CPU) — with
// Debian's Chromium (/usr/bin/chromium, headless; nothing leaves 127.0.0.1) over `/catalog/product`
// with her session, in Spanish (and English with BENCH_LOCALES=es,en). Prints the four scores, the
// metrics, the bytes by kind and the audits that failed. Marks: performance ≥ 90 (the issue's);
// accessibility, best practices and SEO 100. Exits 1 when one is missed. BENCH_RUNS repeats each
// page (Lighthouse's performance score moves a few points between runs on a shared machine).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import { DEMO_CLIENT } from '#server/demo/demo-data.ts';
import { fail, freePort, killChildren, removeOnExit, serveArguments, startChild, stopChild, waitUntilReady } from './lib/processes.ts';
import { NODE_ENV, ROOT } from './lib/settings.ts';
import { runLighthouse } from './lib/lighthouse.ts';
import { reportMarks } from './lib/marks.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const MARKS: Record<(typeof CATEGORIES)[number], number> = { performance: 90, accessibility: 100, 'best-practices': 100, seo: 100 };
const LOCALES = (process.env.BENCH_LOCALES ?? 'es').split(',').filter((locale) => locale === 'es' || locale === 'en');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? 1) || 1);
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift', 'speed-index'];

/** María's session cookie, from the login form's answer (302 and a Set-Cookie). */
async function logIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: 'lang=es' },
    body: new URLSearchParams({ email: DEMO_CLIENT.email, password: DEMO_CLIENT.password }),
    redirect: 'manual',
  });
  const session = answer.headers.getSetCookie().map((cookie) => cookie.split(';')[0] ?? '').find((pair) => pair.includes('session='));
  if (answer.status !== 302 || !session) fail(`login of ${DEMO_CLIENT.email}: ${answer.status}, no session cookie`);
  return session;
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'tiendabox-bench-catalog-lighthouse-'));
  removeOnExit(dataDir);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startChild('app server', serveArguments(), { NODE_ENV, APP_SECRET: 'bench-lighthouse-secret-0123456789abcdef', HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', DEMO_DATA: '1', MAINTENANCE_MODE: '0', WEB_CONCURRENCY: '1' });
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium', chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  try {
    // The demo data (its pictures resized by sharp) is loaded before the server listens.
    await waitUntilReady(app, `${base}/healthz`, 180_000);
    const session = await logIn(base);
    const results = [];
    for (const locale of LOCALES) {
      const pagePath = locale === 'es' ? '/catalog/product' : '/en/catalog/product';
      const cookie = `${session}; lang=${locale}`;
      const check = await fetch(`${base}${pagePath}`, { headers: { cookie }, redirect: 'manual' });
      if (check.status !== 200) fail(`${pagePath} answered ${check.status} with María's session`);
      for (let run = 1; run <= RUNS; run += 1) {
        const { lhr } = await runLighthouse(`${base}${pagePath}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES], extraHeaders: { cookie } });
        if (lhr.finalDisplayedUrl && new URL(lhr.finalDisplayedUrl).pathname !== pagePath) fail(`lighthouse ended on ${lhr.finalDisplayedUrl}, not ${pagePath}: the session did not hold`);
        const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)])) as Record<(typeof CATEGORIES)[number], number>;
        const failing = Object.values(lhr.audits)
          .filter((audit) => audit.score !== null && audit.score < 1 && (audit.scoreDisplayMode === 'binary' || audit.scoreDisplayMode === 'metricSavings'))
          .map((audit) => `${audit.id}${audit.displayValue ? ` (${audit.displayValue})` : ''}`);
        const metrics = METRICS.map((id) => `${id} ${lhr.audits[id]?.displayValue ?? '?'}`);
        // What the page transferred, by kind (Lighthouse's resource summary: bytes over the wire).
        const summary = (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number; requestCount: number }[] } | undefined)?.items ?? [];
        const bytes = summary.map((item) => `${item.resourceType} ${Math.round(item.transferSize / 1024)} KiB/${item.requestCount}`);
        console.log(`${pagePath} (run ${run})\n  ${CATEGORIES.map((c) => `${c} ${scores[c]}`).join(' · ')}\n  ${metrics.join(' · ')}\n  transferred: ${bytes.join(', ')}${failing.length ? `\n  audits not passed: ${failing.join(', ')}` : ''}`);
        results.push({ path: pagePath, run, scores, metrics, bytes, failing });
        // The whole report, to read an audit's items (bench/results/ is not committed).
        mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
        writeFileSync(path.join(ROOT, 'bench', 'results', `catalog-lighthouse-${locale}-${run}.json`), JSON.stringify(lhr));
      }
    }
    const marks = results.flatMap((result) => CATEGORIES.map((category) => ({ name: `${result.path} run ${result.run} ${category} ≥ ${MARKS[category]}`, value: result.scores[category], ok: result.scores[category] >= MARKS[category] })));
    reportMarks('catalog-lighthouse', marks, { results });
  } finally {
    chrome.kill();
    await stopChild(app);
    killChildren('SIGKILL');
  }
}

main().catch((error: unknown) => fail(String((error as Error)?.stack ?? error)));
