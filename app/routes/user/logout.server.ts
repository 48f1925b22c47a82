import { data, type LoaderFunctionArgs } from 'react-router';
import { appContext } from '#app-context';
import { clearedSessionCookie } from '#server/modules/auth/session.service.ts';

/** Ends the session on the server and forgets the cookie; a link from another site cannot. */
export async function logoutLoader({ request, context }: LoaderFunctionArgs) {
  const { services, config, sessionToken } = context.get(appContext);
  if (request.headers.get('sec-fetch-site') === 'cross-site') return data({ loggedOut: false });
  await services.sessions.deleteSession(sessionToken);
  return data({ loggedOut: true }, { headers: { 'Set-Cookie': clearedSessionCookie(config), 'Cache-Control': 'no-store' } });
}
