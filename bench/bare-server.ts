// The ceiling: a bare Fastify route in its own process (same Node as the app), no plugins, no
// logger, so the figure is what this Node + Fastify + machine can do at best.
//
// With BARE_PAGE_FILE, `/page` also sends that file's bytes as a compressed HTML page
// (BARE_PAGE_ENCODING): bench:shop's latency floor, a page's answer with nothing of the app behind it.
import { readFileSync } from 'node:fs';
import { fastify } from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
if (process.env.BARE_PAGE_FILE) {
  const page = readFileSync(process.env.BARE_PAGE_FILE);
  const encoding = process.env.BARE_PAGE_ENCODING ?? 'identity';
  app.get('/page', (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').header('content-encoding', encoding).send(page));
}

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));

await app.listen({ host: '127.0.0.1', port });
