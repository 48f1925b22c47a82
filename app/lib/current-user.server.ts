import { data, type RouterContextProvider } from 'react-router';
import { appContext, type SessionUser } from '#app-context';

/** The logged-in user of a default-layout route (its middleware already let only them in). */
export function currentUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(appContext).user;
  if (!user) throw data(null, { status: 404 });
  return user;
}

/** Back-office screens: anyone else gets the same 404 as an unknown page. */
export function currentStaff(context: Readonly<RouterContextProvider>, roles: SessionUser['role'][] = ['staff', 'admin']): SessionUser {
  const user = currentUser(context);
  if (!roles.includes(user.role)) throw data(null, { status: 404 });
  return user;
}
