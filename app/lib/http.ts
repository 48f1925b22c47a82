import { FetchError, ofetch } from 'ofetch';

// seed §7: no retry for POST/PUT/PATCH/DELETE; one retry for GET on these statuses.
export const RETRY_STATUSES = [408, 409, 425, 429, 500, 502, 503, 504];
const PAYLOAD_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The message key a failed call shows: the network one when no answer arrived at all. */
export function failureMessageKey(error: unknown): 'error.network' | 'error.generic' {
  return error instanceof FetchError && error.response === undefined ? 'error.network' : 'error.generic';
}

export function createHttpClient(baseURL = '') {
  const client = ofetch.create({ baseURL, retryStatusCodes: RETRY_STATUSES, retryDelay: 250 });
  return <T>(url: string, options: { method?: HttpMethod; body?: Record<string, unknown> | FormData; query?: Record<string, string> } = {}) => {
    const method = options.method ?? 'GET';
    return client<T>(url, { ...options, method, retry: PAYLOAD_METHODS.has(method) ? 0 : 1 });
  };
}

export const http = createHttpClient();
