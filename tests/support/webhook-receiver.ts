import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

// An integrator's server for the webhook tests and the benchmark: a real HTTP server on 127.0.0.1
// that verifies each delivery's signature with the `standardwebhooks` library, as the docs tell
// integrators to (docs/webhooks.md), and answers as each path is told to.

export type Received = { path: string; headers: Record<string, string>; body: string; at: number; verified: true | string };
export type Answer = (request: http.IncomingMessage, response: http.ServerResponse, received: Received) => void;

export type Receiver = {
  origin: string;
  port: number;
  received: Received[];
  /** How a path answers; 204 when not told. */
  answer(path: string, answer: Answer): void;
  /** The secret a path's deliveries are verified with. */
  secret(path: string, secret: string): void;
  on(path: string): Received[];
  close(): Promise<void>;
};

export const status =
  (code: number, body = '') =>
  (_request: http.IncomingMessage, response: http.ServerResponse) =>
    response.writeHead(code, { 'content-type': 'text/plain' }).end(body);

export async function startReceiver(): Promise<Receiver> {
  const answers = new Map<string, Answer>();
  const secrets = new Map<string, string>();
  const received: Received[] = [];
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = (request.url ?? '/').split('?')[0]!;
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)]));
      let verified: true | string = 'no secret';
      const secret = secrets.get(path);
      if (secret) {
        try {
          new Webhook(secret).verify(body, headers);
          verified = true;
        } catch (error) {
          verified = (error as Error).message;
        }
      }
      const entry: Received = { path, headers, body, at: performance.now(), verified };
      received.push(entry);
      (answers.get(path) ?? status(204))(request, response, entry);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    received,
    answer: (path, answer) => void answers.set(path, answer),
    secret: (path, secret) => void secrets.set(path, secret),
    on: (path) => received.filter((entry) => entry.path === path),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
