import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressPage } from './compress-html.ts';

// compressPage writes every page into one reused buffer (issue 41 §6, decision 101): what it
// answers must be the page, whatever was compressed after it. No database here; the stored pages
// it makes are tested through the storefront in server/modules/shop/shop-cache.test.ts.
const decode = (body: Buffer, encoding: 'br' | 'gzip') => (encoding === 'br' ? zlib.brotliDecompressSync(body) : zlib.gunzipSync(body)).toString('utf8');

describe('compressPage', () => {
  for (const encoding of ['br', 'gzip'] as const) {
    it(`gives back each page in ${encoding}, accents and all, after others were compressed`, () => {
      const first = `<!doctype html><p>Poncho de vicuña — ¡único! ${'🧶 lana '.repeat(3_000)}</p>`;
      const second = `<!doctype html><p>${'Canasta tejida a mano. '.repeat(2_000)}</p>`;
      const a = compressPage(first, encoding);
      const b = compressPage(second, encoding);
      expect(decode(a, encoding)).toBe(first);
      expect(decode(b, encoding)).toBe(second);
    });

    it(`compresses a page larger than its buffer in ${encoding}`, () => {
      // 256 KiB is the reused buffer; a page over it has bytes of its own.
      const page = `<!doctype html>${Array.from({ length: 40_000 }, (_, i) => `<li>producto ${i}</li>`).join('')}`;
      expect(Buffer.byteLength(page)).toBeGreaterThan(256 * 1024);
      expect(decode(compressPage(page, encoding), encoding)).toBe(page);
    });
  }
});
