// What every part of the benchmark shares: the knobs (environment), the request a page load sends.
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

/** A positive number from the environment, or `fallback`. */
export function envNumber(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

export const DURATION = envNumber('BENCH_DURATION', 10); // seconds measured per target
export const WARMUP = envNumber('BENCH_WARMUP', 2); // seconds of discarded load before each window
export const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 10);
// Production is what the marks are about (React's production build, React Router production mode).
export const NODE_ENV = process.env.BENCH_NODE_ENV ?? 'production';

// Not redirected (a stored language, a browser's Accept) and the real page: 200 text/html. A
// browser's user agent, so the page is streamed as browsers get it (isbot() sends bots the whole
// document at once; "tiendabox-bench" would count as a bot).
export const PAGE_HEADERS = {
  cookie: 'lang=es',
  accept: 'text/html',
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
};

export const round = (value: number, digits = 1) => Math.round(value * 10 ** digits) / 10 ** digits;
