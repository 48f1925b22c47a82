// The ceiling: a bare Fastify route in its own process (same Node as the app), no plugins, no
// logger, so the figure is what this Node + Fastify + machine can do at best.
import { fastify } from 'fastify';

const port = Number(process.env.PORT ?? 0);
const app = fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
process.on('SIGINT', () => void app.close().then(() => process.exit(0)));

await app.listen({ host: '127.0.0.1', port });
