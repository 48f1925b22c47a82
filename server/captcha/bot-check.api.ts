import type { FastifyInstance } from 'fastify';
import { BOT_CHECK_CHALLENGE_PATH, type BotCheck } from './bot-check.ts';

export async function botCheckRoutes(app: FastifyInstance, options: { botCheck: BotCheck }) {
  app.get(BOT_CHECK_CHALLENGE_PATH, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (options.botCheck.kind !== 'altcha') return reply.code(404).send({ error: 'not_found' });
    return options.botCheck.challenge();
  });
}
