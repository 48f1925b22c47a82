import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// One line per request, after the answer, carrying the request id every other line also has.
export const requestLog = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', async (request, reply) => {
    // A 5xx is always an error line, whichever handler answered it (issue 9: some were silent).
    const level = reply.statusCode >= 500 ? 'error' : 'info';
    request.log[level](
      {
        method: request.method,
        url: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
});
