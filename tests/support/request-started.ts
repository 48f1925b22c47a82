import { subscribe } from 'node:diagnostics_channel';
import { writeSync } from 'node:fs';

// Preloaded (`node --import`) into a server started by a test: says on stderr when a request's
// headers have arrived, before any route runs (node:http's own diagnostics channel), so that a test
// can act while that request is in flight. The server's request log comes only with the answer.
// Only for tests: nothing in the app loads this file.
subscribe('http.server.request.start', (message) => {
  const { request } = message as { request: { method?: string; url?: string } };
  writeSync(2, `${JSON.stringify({ pid: process.pid, msg: 'request started', method: request.method, url: request.url })}\n`);
});
