import type { FastifyInstance } from 'fastify';
import createClient from 'openapi-fetch';
import type { paths } from './api-types.ts';

export type Credentials = { cookie?: string; token?: string; lang?: string };

/**
 * A client typed by the served OpenAPI document (api-types.ts, `npm run api:types`): a route that
 * drifts from its document fails the type check or the call. Its requests go through the real
 * app's `inject()` — no port, same hooks (CSRF, auth, rate limits) as a real caller.
 */
export function apiClient(app: FastifyInstance, credentials: Credentials = {}) {
  return createClient<paths>({
    baseUrl: 'http://localhost',
    fetch: async (request) => {
      const url = new URL(request.url);
      const headers: Record<string, string> = Object.fromEntries(request.headers);
      if (credentials.cookie) headers.cookie = credentials.cookie;
      if (credentials.token) headers.authorization = `Bearer ${credentials.token}`;
      headers['accept-language'] = credentials.lang ?? 'es';
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
      const response = await app.inject({ method: request.method as 'GET', url: url.pathname + url.search, headers, ...(body ? { payload: body } : {}) });
      const responseHeaders = new Headers();
      for (const [name, value] of Object.entries(response.headers)) {
        for (const one of [value].flat()) if (one !== undefined) responseHeaders.append(name, String(one));
      }
      const empty = response.statusCode === 204 || response.statusCode === 304;
      return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers: responseHeaders });
    },
  });
}

export type ApiClient = ReturnType<typeof apiClient>;
