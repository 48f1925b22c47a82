import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, pingDatabase } from '#server/db/database.ts';
import type { Storage } from '#server/storage/storage.ts';

// `/healthz` is the balancer's question "may I send you requests?" (decision 098): 200 when this
// process reaches its database and its storage; 503 naming the part that is down; 503
// `{"status":"stopping"}` from the moment the process was told to stop.

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's readiness: `stop()` turns /healthz into 503 at once (main.ts, on SIGTERM/SIGINT). */
    readiness: Readiness;
  }
}

export type Readiness = { readonly stopping: boolean; stop(): void };

/** A check that has not answered by then counts as down: a hung database must not hang the probe. */
export const CHECK_TIMEOUT_MS = 2000;
/**
 * How long a storage answer stands. /healthz is public and unauthenticated: on S3 every probe
 * would otherwise be a request to the bucket (HeadBucket), so a flood of probes would be a flood
 * on the bucket, billed per request. A balancer probing each second sees a failure at most one
 * probe late. The local disk's check is two system calls, but one rule for every backend.
 */
export const STORAGE_CHECK_TTL_MS = 1000;

type Part = 'ok' | 'down';

/** Runs `check` at most once at a time: callers meanwhile share its answer (no pile of hung queries). */
function singleFlight(check: () => Promise<Part>, ttlMs = 0): () => Promise<Part> {
  let running: Promise<Part> | undefined;
  let last: { part: Part; at: number } | undefined;
  return () => {
    if (last && performance.now() - last.at < ttlMs) return Promise.resolve(last.part);
    running ??= check()
      .then((part) => {
        last = { part, at: performance.now() };
        return part;
      })
      .finally(() => (running = undefined));
    return running;
  };
}

/** `work` as 'ok' or 'down', 'down' too when it has not settled within CHECK_TIMEOUT_MS (it may go on; its answer is dropped). */
async function probe(name: string, work: () => Promise<unknown>, log: FastifyBaseLogger, state: { was: Part }): Promise<Part> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  let part: Part;
  try {
    await Promise.race([work(), timeout]);
    part = 'ok';
  } catch (error) {
    part = 'down';
    // Logged when it goes down, not on every probe of an outage.
    if (state.was === 'ok') log.error({ err: error, part: name }, `readiness: ${name} down`);
  } finally {
    clearTimeout(timer);
  }
  if (part === 'ok' && state.was === 'down') log.info({ part: name }, `readiness: ${name} back`);
  state.was = part;
  return part;
}

export const healthRoutes = fp(async (app: FastifyInstance, options: { db: Db; storage: Storage }) => {
  let stopping = false;
  app.decorate('readiness', {
    get stopping() {
      return stopping;
    },
    stop() {
      stopping = true;
    },
  } satisfies Readiness);
  // Whoever closes the app (a signal in main.ts, a worker's lost primary, a test) stops it too.
  app.addHook('preClose', async () => app.readiness.stop());
  // Requests that still arrive while stopping (on a connection kept alive from before) are served,
  // so a balancer that had not noticed yet loses nothing, but the connection is closed after the
  // answer: the client's next request opens a new one, through the balancer, to another process.
  // (Fastify's own return503OnClosing would answer them, /healthz too, with a bare 503: off in app.ts.)
  app.addHook('onRequest', async (_request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });

  const database = { was: 'ok' as Part };
  const storage = { was: 'ok' as Part };
  const checkDatabase = singleFlight(() => probe('database', () => pingDatabase(options.db), app.log, database));
  const checkStorage = singleFlight(() => probe('storage', async () => options.storage.check?.(), app.log, storage), STORAGE_CHECK_TTL_MS);

  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    if (stopping) return reply.code(503).send({ status: 'stopping' });
    const [databasePart, storagePart] = await Promise.all([checkDatabase(), checkStorage()]);
    // Told to stop while the checks ran: that answer wins.
    if (stopping) return reply.code(503).send({ status: 'stopping' });
    const ok = databasePart === 'ok' && storagePart === 'ok';
    return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', database: databasePart, storage: storagePart });
  });
});
