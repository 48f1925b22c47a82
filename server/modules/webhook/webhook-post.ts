import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { addressAllowed, guardedLookup, hostOf, RefusedAddressError, refusedAddress } from './webhook-address.ts';

// One POST of a delivery (issue 38 §5): to the address the SSRF guard let through, with a deadline
// for the whole exchange, never following a redirect, and keeping at most 1 KB of the answer.

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const SNIPPET_BYTES = 1024;

export type PostResult = { status: number | null; snippet: string; error: string | null; durationMs: number };

export type PostOptions = { allowLoopback: boolean; timeoutMs?: number };

export function postWebhook(url: URL, headers: Record<string, string>, body: string, options: PostOptions): Promise<PostResult> {
  const started = performance.now();
  const done = (status: number | null, snippet: string, error: string | null): PostResult => ({ status, snippet, error: error?.replaceAll('\0', '').slice(0, 300) ?? null, durationMs: Math.round(performance.now() - started) });
  const host = hostOf(url);
  // A literal address is not looked up, so it is checked here; a name is checked by the lookup.
  if (net.isIP(host) && !addressAllowed(host, options.allowLoopback)) return Promise.resolve(done(null, '', new RefusedAddressError(host, host, refusedAddress(host)!).message));
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowLoopback)) return Promise.resolve(done(null, '', `refused scheme ${url.protocol}`));
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const payload = Buffer.from(body, 'utf8');

  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: PostResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(result);
    };
    const request = (url.protocol === 'https:' ? https : http).request({
      protocol: url.protocol,
      hostname: host,
      port: url.port || undefined,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': String(payload.length), 'user-agent': 'Tiendabox-Webhooks/1.0' },
      lookup: guardedLookup(options.allowLoopback) as never,
      // A fresh connection per try: no pooled socket outlives the check of its address.
      agent: false,
    });
    const timer = setTimeout(() => {
      request.destroy(new Error(`timed out after ${timeoutMs / 1000} s`));
    }, timeoutMs);
    request.on('error', (error) => finish(done(null, '', error.message)));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const end = () => {
        // PostgreSQL's text takes no NUL; a binary answer keeps what reads as text.
        const snippet = Buffer.concat(chunks).subarray(0, SNIPPET_BYTES).toString('utf8').replace(/\uFFFD+$/, '').replaceAll('\0', '');
        const status = response.statusCode ?? null;
        // A redirect is an answer, not a success: its Location is never followed (SSRF).
        const error = status !== null && status >= 300 && status < 400 ? `redirect not followed${response.headers.location ? ` (to ${String(response.headers.location).slice(0, 200)})` : ''}` : null;
        finish(done(status, snippet, error));
        response.destroy();
      };
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        size += chunk.length;
        if (size >= SNIPPET_BYTES) end();
      });
      response.on('end', end);
      response.on('error', end);
      response.on('close', end);
    });
    request.end(payload);
  });
}
