import { type MiddlewareFunction, redirect } from 'react-router';
import { appContext } from '#app-context';
import { localeFromPath, localizePath } from '#common/locale.ts';

/** Login-required screens: a visitor goes to the login page of the same language, and back after. */
export const requireUser: MiddlewareFunction = ({ request, context }) => {
  if (context.get(appContext).user) return;
  const url = new URL(request.url);
  const login = localizePath('/user/login', localeFromPath(url.pathname));
  throw redirect(`${login}?redirect=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
};
