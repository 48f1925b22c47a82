import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Pages get their 503 from React Router (root middleware renders the maintenance screen);
// this gate answers the machine-facing paths that never reach React Router.
const MACHINE_PATHS = /^\/api\//;

export const maintenanceGate = fp(async (app: FastifyInstance, options: { enabled: () => boolean }) => {
  // Tell clients and crawlers when to come back, whoever produced the 503.
  app.addHook('onSend', async (_request, reply) => {
    if (reply.statusCode === 503 && options.enabled()) reply.header('retry-after', '300');
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!options.enabled()) return;
    const path = request.url.split('?')[0] ?? '/';
    if (!MACHINE_PATHS.test(path)) return;
    return reply.code(503).send({ error: 'maintenance' });
  });
});
