import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Issue 22 §7: every page's HTML leaves compressed. Brotli where the browser takes it (every
// current one over HTTPS and on localhost), gzip otherwise. Dynamic pages use brotli's quality 4 —
// about gzip's speed at a smaller size — and a stream flushes each chunk, so React's streamed
// HTML still reaches the browser as it is written. Static files are precompressed at build time
// (scripts/compress-assets.ts); JSON answers are small and left alone.

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const BROTLI_OPTIONS = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT } };
const GZIP_OPTIONS = { level: 6 };
/** Below this, compressing saves less than a packet. */
const MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/** Accept-Encoding headers already read: browsers send a handful of them, the same on every request. */
const negotiated = new Map<string, Encoding | null>();
const MAX_NEGOTIATED = 64;

/** The encoding to answer with, from an Accept-Encoding header: br, else gzip, else none (q=0 refuses). */
export function negotiateEncoding(header: string | string[] | undefined): Encoding | null {
  const text = String(header ?? '');
  const known = negotiated.get(text);
  if (known !== undefined) return known;
  const accepted = new Map<string, number>();
  for (const part of text.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number.parseFloat(q.slice(2)) || 0 : 1);
  }
  const weight = (name: Encoding) => accepted.get(name) ?? (accepted.has('*') ? accepted.get('*')! : 0);
  const encoding = weight('br') > 0 ? 'br' : weight('gzip') > 0 ? 'gzip' : null;
  // Any client may send any header: the memory is kept small, and long headers are not kept at all.
  if (text.length <= 200) {
    if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
    negotiated.set(text, encoding);
  }
  return encoding;
}

/**
 * zlib's output chunk for a whole page. Node 24's default is 64 KiB, allocated for every call and
 * garbage once the answer is sent: ~64 KiB of ArrayBuffer per rendered storefront page, for a 3–9 kB
 * answer, which V8 frees only at its next collection (decision 101). 16 KiB comes from Node's shared
 * buffer pool; a larger answer takes several chunks, joined.
 */
const CHUNK_BYTES = 16 * 1024;

export function compressBuffer(body: Buffer, encoding: Encoding): Promise<Buffer> {
  return encoding === 'br' ? brotli(body, { ...BROTLI_OPTIONS, chunkSize: CHUNK_BYTES }) : gzip(body, { ...GZIP_OPTIONS, chunkSize: CHUNK_BYTES });
}

/**
 * One page's UTF-8 bytes, written here and compressed before anything else runs: a rendered
 * storefront page (~20–40 kB) would otherwise be a new ArrayBuffer, garbage once compressed, ~11 MiB
 * a second under bench:shop-memory's load, which V8 frees only at its next collection (decision 101).
 */
const scratch = Buffer.allocUnsafeSlow(256 * 1024);
/** A stored page's output chunk: most compressed pages are 3–9 kB; a larger one takes several, joined. */
const PAGE_CHUNK_BYTES = 8 * 1024;

/**
 * A page compressed on the event loop, from one reused buffer (issue 41 §6): ~1 ms of brotli's
 * quality 4 for a 30 kB page, the same CPU as on the thread pool, without the page's bytes and
 * a 16 KiB output chunk per page waiting there as garbage. The answer may be a view of a shared
 * block: a cache copies it (`ownBuffer`).
 */
export function compressPage(html: string, encoding: Encoding): Buffer {
  const length = Buffer.byteLength(html);
  // A page larger than the scratch is rare: its own buffer then.
  const body = length <= scratch.length ? scratch.subarray(0, scratch.write(html)) : Buffer.from(html);
  return encoding === 'br' ? zlib.brotliCompressSync(body, { ...BROTLI_OPTIONS, chunkSize: PAGE_CHUNK_BYTES }) : zlib.gzipSync(body, { ...GZIP_OPTIONS, chunkSize: PAGE_CHUNK_BYTES });
}

/**
 * React Router's route discovery (`/__manifest?paths=…`), which a dashboard page asks for once it is
 * live, for the routes of every link it shows: 60–70 kB of JSON on the product list, more than the
 * page itself (issue 20 §24). Compressed like a page; other JSON answers stay as they are.
 */
const compressible = (type: string, url: string) => type.startsWith('text/html') || (url.startsWith('/__manifest') && type.startsWith('application/json'));

export const compressHtml = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (!compressible(type, request.url) || reply.getHeader('content-encoding')) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    const encoding = negotiateEncoding(request.headers['accept-encoding']);
    if (!encoding || request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
    if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < MIN_BYTES) return payload;
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressBuffer(body, encoding);
    }
    if (payload instanceof Readable) {
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      const compressor =
        encoding === 'br'
          ? zlib.createBrotliCompress({ ...BROTLI_OPTIONS, flush: zlib.constants.BROTLI_OPERATION_FLUSH })
          : zlib.createGzip({ ...GZIP_OPTIONS, flush: zlib.constants.Z_SYNC_FLUSH });
      payload.on('error', (error) => compressor.destroy(error));
      return payload.pipe(compressor);
    }
    return payload;
  });
});
