import { subscribe } from 'node:diagnostics_channel';
import { writeSync } from 'node:fs';

// Preloaded (`node --import`) into a server started by a test, and into its workers: adds
// `GET /test/block?ms=…`, whose handler holds the event loop for that long, as a CPU-bound
// request does (issue 21: a CSV preview that kept a worker at 100 % for half an hour). Fastify
// announces each new instance on this channel before any plugin or route is added; the app's own
// code is not touched. Only for tests: nothing in the app loads this file.
subscribe('fastify.initialization', (message) => {
  const { fastify } = message as { fastify: { get(path: string, handler: (request: { query: { ms?: string } }) => unknown): void } };
  fastify.get('/test/block', (request) => {
    // Said before the loop stops, on stderr at once: the request log comes only when an answer is sent.
    writeSync(2, `${JSON.stringify({ pid: process.pid, msg: 'blocking the event loop' })}\n`);
    const until = Date.now() + Math.min(Number(request.query.ms) || 0, 120_000);
    while (Date.now() < until) {
      // busy: no await, no timer, no I/O gets a turn
    }
    return { blocked: true };
  });
});
