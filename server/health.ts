import type { FastifyInstance } from 'fastify';
import { databaseIsUp, type Db } from '#server/db/database.ts';

export async function healthRoutes(app: FastifyInstance, options: { db: Db }) {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    const up = await databaseIsUp(options.db);
    return reply.code(up ? 200 : 503).send({ status: up ? 'ok' : 'unavailable', database: up ? 'ok' : 'down' });
  });
}
