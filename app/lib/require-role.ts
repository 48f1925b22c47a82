import { data, type MiddlewareFunction } from 'react-router';
import { appContext, type SessionUser } from '#app-context';

/**
 * Back-office guard, once for every screen under it: anyone but these roles gets the same 404 as
 * an unknown page (the screens are not admitted to exist), for GET and POST alike.
 */
export const requireRole =
  (roles: SessionUser['role'][]): MiddlewareFunction =>
  ({ context }) => {
    const user = context.get(appContext).user;
    if (!user || !roles.includes(user.role)) throw data(null, { status: 404 });
  };
