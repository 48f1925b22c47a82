import { Writable } from 'node:stream';

/**
 * The app's log as it writes it (pino's JSON lines), read back: pass `stream` as the test app's
 * `logStream`, and read `lines`, each a parsed JSON line, in order.
 */
export function capturedLog(): { stream: Writable; lines: Record<string, unknown>[] } {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      for (const line of String(chunk).split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      callback();
    },
  });
  return { stream, lines };
}
