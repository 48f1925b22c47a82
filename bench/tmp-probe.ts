import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixedRate } from './lib/fixed-rate.ts';
import { killChildren, startAppAndBare } from './lib/processes.ts';
import { PAGE_HEADERS } from './lib/settings.ts';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'probe-'));
const { app, appBase, bareBase } = await startAppAndBare(dataDir, { DEMO_DATA: '1', WEB_CONCURRENCY: '1', ...JSON.parse(process.env.XENV ?? '{}') });
const headers = { ...PAGE_HEADERS, 'accept-encoding': 'br, gzip' };
for (const [name, url] of [['bare', `${bareBase}/`], ['healthz', `${appBase}/healthz`], ['shop home', `${appBase}/shop/${process.env.SLUG ?? 'maria'}`]]) {
  const r = await fixedRate(url!, headers, 1000, 5);
  console.log(name, JSON.stringify(r));
}
console.log(app.output().split('\n').filter((l) => /Mark-Compact|Scavenge/.test(l)).slice(-40).join('\n'));
killChildren('SIGKILL');
process.exit(0);
