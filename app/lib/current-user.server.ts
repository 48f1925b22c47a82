import { data, type RouterContextProvider } from 'react-router';
import { appContext, type SessionUser } from '#app-context';

/** The logged-in user of a default-layout route (its middleware already let only them in). */
export function currentUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(appContext).user;
  if (!user) throw data(null, { status: 404 });
  return user;
}
