import type { HeadersFunction } from 'react-router';

/**
 * React Router sends a route's headers only through its `headers` export: this one forwards
 * what the action, the loader or a thrown response set (Set-Cookie, Retry-After, Cache-Control).
 */
export const forwardHeaders: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) => {
  const merged = new Headers(loaderHeaders);
  for (const source of [actionHeaders, errorHeaders]) source?.forEach((value, key) => merged.set(key, value));
  return merged;
};
