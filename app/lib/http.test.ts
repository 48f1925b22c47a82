import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createHttpClient, failureMessageKey, RETRY_STATUSES } from './http.ts';

// A real local server that counts attempts and answers with the status in the path.
let server: Server;
let base = '';
let attempts = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    attempts += 1;
    const status = Number(request.url?.split('/')[1] ?? 200);
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ ok: status < 400 }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  attempts = 0;
});

describe('http client retry policy (seed §7)', () => {
  const http = () => createHttpClient(base);

  it.each(RETRY_STATUSES)('retries a GET once on %i', async (status) => {
    await expect(http()(`/${status}`)).rejects.toThrow();
    expect(attempts).toBe(2);
  });

  it.each([400, 401, 403, 404, 422, 501])('does not retry a GET on %i', async (status) => {
    await expect(http()(`/${status}`)).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)('never retries %s', async (method) => {
    await expect(http()('/503', { method, body: { a: 1 } })).rejects.toThrow();
    expect(attempts).toBe(1);
  });

  it('returns the body on success with one attempt', async () => {
    await expect(http()('/200')).resolves.toEqual({ ok: true });
    expect(attempts).toBe(1);
  });

  it('maps a network failure to the connection message and a bad answer to the generic one', async () => {
    const closed = createHttpClient('http://127.0.0.1:9'); // discard port: nothing listens
    const networkError = await closed('/x').catch((error: unknown) => error);
    expect(failureMessageKey(networkError)).toBe('error.network');
    const answered = await http()('/500').catch((error: unknown) => error);
    expect(failureMessageKey(answered)).toBe('error.generic');
  });
});
