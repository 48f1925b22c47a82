import { data, type MiddlewareFunction, redirect } from 'react-router';
import { appContext } from '#app-context';
import { localeFromPath, localizePath } from '#common/locale.ts';

/** Login-required screens: a visitor goes to the login page of the same language, and back after. */
export const requireUser: MiddlewareFunction = ({ request, params, context }) => {
  if (context.get(appContext).user) return;
  // The unknown-path route (`*`) lives in the dashboard layout only to keep its menu for a
  // logged-in user; a visitor gets the plain 404 screen (root ErrorBoundary), not the login page.
  if (params['*'] !== undefined) throw data(null, { status: 404 });
  const url = new URL(request.url);
  const login = localizePath('/user/login', localeFromPath(url.pathname));
  throw redirect(`${login}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
};
