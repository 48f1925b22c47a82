import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { MaintenanceState } from '#server/modules/setting/setting.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the site is in maintenance for this request, and whose (read once, in onRequest). */
    maintenance: MaintenanceState;
  }
}

// Pages get their 503 from React Router (root middleware renders the maintenance screen, or lets an
// admin through the back office's switch); this gate answers the machine-facing paths that never
// reach React Router, and reads the state once per request for both.
const MACHINE_PATHS = /^\/api\//;

export const maintenanceGate = fp(async (app: FastifyInstance, options: { state: () => Promise<MaintenanceState> }) => {
  app.decorateRequest('maintenance', 'off');
  // Tell clients and crawlers when to come back, whoever produced the 503.
  app.addHook('onSend', async (request, reply) => {
    if (reply.statusCode === 503 && request.maintenance !== 'off') reply.header('retry-after', '300');
  });
  app.addHook('onRequest', async (request, reply) => {
    // /healthz answers the same in maintenance, and must not wait here on a database that hangs
    // (the state is read from it): its own checks are bounded (decision 098).
    if (request.routeOptions.url === '/healthz') return;
    request.maintenance = await options.state();
    if (request.maintenance === 'off') return;
    const path = request.url.split('?')[0] ?? '/';
    if (!MACHINE_PATHS.test(path)) return;
    return reply.code(503).send({ error: 'maintenance' });
  });
});
