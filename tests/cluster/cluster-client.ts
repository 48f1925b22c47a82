// The cluster test's client side: requests as a browser without JavaScript makes them, a steady
// load of them, and what Caddy's log says about where each went.

export type Answer = { status: number; body: string; headers: Headers };

/** One request to `base` (Caddy or one process), its answer read whole; a network error is status 0. */
export async function answer(base: string, method: string, path: string, options: { cookie?: string; json?: object; form?: Record<string, string>; body?: Buffer; type?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { cookie: ['lang=es', options.cookie].filter(Boolean).join('; '), accept: options.json ? 'application/json' : 'text/html' };
  let body: string | Uint8Array<ArrayBuffer> | undefined = options.body ? new Uint8Array(options.body) : undefined;
  if (options.type) headers['content-type'] = options.type;
  if (options.json) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  }
  if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  }
  try {
    const response = await fetch(`${base}${path}`, { method, headers, body, redirect: 'manual', signal: AbortSignal.timeout(15_000) });
    return { status: response.status, body: await response.text(), headers: response.headers };
  } catch (error) {
    return { status: 0, body: String((error as Error).cause ?? error), headers: new Headers() };
  }
}

/**
 * `concurrency` clients, each sending `request(n)` (n counts all of them) one after another until
 * `stop()` holds (or two minutes passed); every answer, in the order they came.
 */
export async function loadUntil(stop: () => boolean, concurrency: number, request: (n: number) => Promise<Answer>): Promise<Answer[]> {
  const results: Answer[] = [];
  const deadline = Date.now() + 120_000;
  let sent = 0;
  const client = async () => {
    while (!stop() && Date.now() < deadline) results.push(await request(sent++));
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return results;
}

/** Caddy's "selected upstream" lines (its DEBUG log): which process each request was sent to, and when (ms). */
export function caddySelections(output: readonly string[]): { dial: string; at: number }[] {
  return output
    .join('')
    .split('\n')
    .filter((line) => line.includes('"selected upstream"'))
    .map((line) => JSON.parse(line) as { dial: string; ts: number })
    .map((entry) => ({ dial: entry.dial, at: entry.ts * 1000 }));
}
