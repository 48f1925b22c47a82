import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

// The HTTP server of a third party's protocol double (PayPhone's, PayPal's): its handler's failures
// answered 500, and a way to be down — connections refused, those open cut — and up again on the
// same port, as a gateway that goes away and comes back.

export type DoubleServer = {
  /** `http://host:port`, fixed for the double's life. */
  origin: string;
  down(): Promise<void>;
  up(): Promise<void>;
  close(): Promise<void>;
};

export async function startDoubleServer(handle: (request: IncomingMessage, response: ServerResponse) => Promise<unknown>, options: { host?: string; port?: number; onStop?: () => void } = {}): Promise<DoubleServer> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => {
    handle(request, response).catch((failure: unknown) => {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain' }).end(String(failure));
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  const listen = (port: number) => new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, host, () => resolve()));
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      options.onStop?.();
      server.close(() => resolve());
    });
  await listen(options.port ?? 0);
  const { port } = server.address() as AddressInfo;
  let listening = true;
  const down = async () => {
    if (listening) await stop();
    listening = false;
  };
  return {
    origin: `http://${host}:${port}`,
    down,
    async up() {
      if (!listening) await listen(port);
      listening = true;
    },
    close: down,
  };
}
