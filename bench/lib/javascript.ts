// The JavaScript the login page loads: every script it names or preloads, and their static imports.
import { gzipSync } from 'node:zlib';
import { fail } from './processes.ts';
import { PAGE_HEADERS } from './settings.ts';

type Script = { url: string; via: string; bytes: number; gzipBytes: number; servedBytes: number; servedEncoding: string };

const SCRIPT_SRC = /<script\b[^>]*\bsrc=["']([^"']+)["'][^>]*>/gi;
const LINK_TAG = /<link\b[^>]*>/gi;
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
// Static imports only (`import … from "x"`, `import "x"`, `export … from "x"`): what loads with the
// page. Dynamic `import("x")` loads later, on demand, and is not counted.
const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["']([^"']+)["']/g;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\b${name}=["']([^"']*)["']`, 'i').exec(tag)?.[1];
}

export async function loginJavaScript(base: string) {
  const response = await fetch(`${base}/user/login`, { headers: PAGE_HEADERS, redirect: 'manual' });
  const html = await response.text();
  if (response.status !== 200 || !String(response.headers.get('content-type')).startsWith('text/html')) {
    fail(`/user/login answered ${response.status} ${response.headers.get('content-type')}, expected 200 text/html`);
  }

  const found = new Map<string, string>(); // absolute url → how it was found
  /** Records a script once; returns its absolute url when it is new. */
  const add = (specifier: string, via: string, from: string): string | undefined => {
    const url = new URL(specifier, from);
    if (url.origin !== new URL(base).origin) return undefined; // third-party scripts: none today
    if (found.has(url.href)) return undefined;
    found.set(url.href, via);
    return url.href;
  };
  const page = `${base}/user/login`;
  for (const match of html.matchAll(SCRIPT_SRC)) add(match[1] ?? '', 'script src', page);
  for (const [tag] of html.matchAll(LINK_TAG)) {
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel')?.toLowerCase() === 'modulepreload') add(href, 'modulepreload', page);
  }
  let inlineBytes = 0;
  let inlineGzipBytes = 0;
  let inlineCount = 0;
  for (const [, attributes = '', code = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\bsrc=/i.test(attributes) || !code.trim()) continue;
    if (/type=["']application\/(ld\+)?json["']/i.test(attributes)) continue;
    inlineCount += 1;
    inlineBytes += Buffer.byteLength(code);
    inlineGzipBytes += gzipSync(code, { level: 9 }).length;
    if (/type=["']module["']/i.test(attributes)) {
      for (const match of code.matchAll(STATIC_IMPORT)) add(match[1] ?? '', 'inline import', page);
    }
  }

  // Follow every static import of every file: the closure is what the browser must load.
  const scripts: Script[] = [];
  const queue = [...found.keys()];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    const raw = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    const body = Buffer.from(await raw.arrayBuffer());
    if (raw.status !== 200) fail(`${url} (found by ${found.get(url)}) answered ${raw.status}`);
    // What a browser actually receives (brotli or gzip, pre-compressed at build when present).
    const served = await fetch(url, { method: 'HEAD', headers: { 'accept-encoding': 'br, gzip' } });
    const servedEncoding = served.headers.get('content-encoding') ?? 'identity';
    const servedBytes = Number(served.headers.get('content-length') ?? body.length);
    scripts.push({
      url: new URL(url).pathname,
      via: found.get(url) ?? '',
      bytes: body.length,
      gzipBytes: gzipSync(body, { level: 9 }).length,
      servedBytes: Number.isFinite(servedBytes) ? servedBytes : body.length,
      servedEncoding,
    });
    for (const match of body.toString('utf8').matchAll(STATIC_IMPORT)) {
      const specifier = match[1] ?? '';
      if (!/\.m?js(\?|$)/.test(specifier)) continue;
      const added = add(specifier, 'static import', url);
      if (added) queue.push(added);
    }
  }

  const sum = (pick: (script: Script) => number) => scripts.reduce((total, script) => total + pick(script), 0);
  return {
    files: scripts.length,
    bytes: sum((script) => script.bytes),
    gzipBytes: sum((script) => script.gzipBytes),
    servedBytes: sum((script) => script.servedBytes),
    notPreloaded: scripts.filter((script) => script.via === 'static import').map((script) => script.url),
    inline: { scripts: inlineCount, bytes: inlineBytes, gzipBytes: inlineGzipBytes },
    html: { bytes: Buffer.byteLength(html), gzipBytes: gzipSync(html, { level: 9 }).length },
    scripts: scripts.sort((a, b) => b.gzipBytes - a.gzipBytes),
  };
}

