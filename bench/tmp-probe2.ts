import { fixedRate } from './lib/fixed-rate.ts';
import { PAGE_HEADERS } from './lib/settings.ts';
const headers = { ...PAGE_HEADERS, 'accept-encoding': 'br, gzip' };
for (const p of (process.env.PATHS ?? '/healthz').split(',')) {
  const r = await fixedRate(`${process.env.BASE}${p}`, headers, Number(process.env.RATE ?? 1000), 5);
  console.log(p, JSON.stringify(r));
}
