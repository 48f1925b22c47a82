import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Issue 36 §11: a request answered before its body was read (a 413 from its Content-Length, a body
// cut at its limit) ended as EPIPE or ECONNRESET instead of the 413. Node closes such a connection
// as soon as the answer is written; closing a socket with the client's bytes still unread sends a
// TCP reset, and a reset that arrives before the client has read the answer throws the answer away.
// The fix is the one web servers call a lingering close (nginx's `lingering_close`): send the
// answer and our FIN, keep reading and dropping what the client still sends, and close once it
// stops, or after LINGER_MS at most. The body is never parsed or kept, only drained (decision 084).

/** The longest a connection lingers after its answer, whatever the client keeps sending. */
export const LINGER_MS = 5_000;

const lingering = new WeakSet<Socket>();

function lingerBeforeClosing(socket: Socket) {
  if (lingering.has(socket)) return;
  lingering.add(socket);
  // Node's server calls destroySoon() once a `Connection: close` answer is written: end our side
  // then, and close only when the client is done (its FIN) or the time is up.
  const plain = socket.destroySoon;
  socket.destroySoon = function destroyAfterLingering(this: Socket) {
    // The client already finished sending: nothing is left unread, close as usual.
    if (this.readableEnded) return plain.call(this);
    this.end();
    const timer = setTimeout(() => this.destroy(), LINGER_MS);
    timer.unref();
    this.once('end', () => this.destroy());
    this.once('close', () => clearTimeout(timer));
  };
}

export const lingeringClose = fp(async (app: FastifyInstance) => {
  // Every answer passes here (the cached storefront pages too): a callback hook, so the usual case,
  // a body read whole, costs one property read and no promise.
  app.addHook('onSend', (request, reply, payload, done) => {
    // `complete` is false only for a real connection whose request body has not all arrived.
    const socket = request.raw.complete === false ? (request.raw.socket as Socket | null) : null;
    if (socket && typeof socket.destroySoon === 'function') {
      // This connection carries no further request: the rest of the body is dropped as it comes.
      reply.header('connection', 'close');
      request.raw.resume();
      lingerBeforeClosing(socket);
    }
    done(null, payload);
  });
});
