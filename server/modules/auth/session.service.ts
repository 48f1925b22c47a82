import type { SessionUser } from '#server/modules/auth/session-user.ts';
import type { Config } from '#server/config.ts';
import { serializeCookie } from '#server/plugins/cookies.ts';
import * as sessions from './session.repository.ts';
import { newToken, tokenHash } from './tokens.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

const DAY = 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * DAY;
// Sliding expiry, written at most once a day per session rather than on every request.
const REFRESH_WHEN_LEFT_MS = SESSION_TTL_MS - DAY;

export function sessionCookieName(config: Pick<Config, 'secure'>): string {
  // __Host- binds the cookie to this exact host over HTTPS, with no Domain attribute.
  return config.secure ? '__Host-tiendabox_session' : 'tiendabox_session';
}

export function sessionCookie(config: Pick<Config, 'secure'>, token: string): string {
  return serializeCookie(sessionCookieName(config), token, {
    httpOnly: true,
    secure: config.secure,
    maxAge: SESSION_TTL_MS / 1000,
  });
}

export function clearedSessionCookie(config: Pick<Config, 'secure'>): string {
  return serializeCookie(sessionCookieName(config), '', { httpOnly: true, secure: config.secure, maxAge: 0 });
}

/** A brand-new token at every login: an id from before login is never reused. */
export async function createSession(deps: ServiceDeps, userId: number): Promise<string> {
  const { db } = deps;
  const now = deps.clock.now().getTime();
  const token = newToken();
  await sessions.insertSession(db, { id: tokenHash(token), userId, expiresAt: new Date(now + SESSION_TTL_MS).toISOString(), createdAt: new Date(now).toISOString() });
  return token;
}

export async function findSessionUser(deps: ServiceDeps, token: string | undefined): Promise<SessionUser | null> {
  const { db } = deps;
  const now = deps.clock.now().getTime();
  if (!token || token.length > 100) return null;
  const id = tokenHash(token);
  const row = await sessions.findSessionWithUser(db, id);
  if (!row) return null;
  const expiresAt = Date.parse(row.expiresAt);
  if (expiresAt <= now || row.enabled !== 1) {
    await sessions.deleteSession(db, id);
    return null;
  }
  if (expiresAt - now < REFRESH_WHEN_LEFT_MS) {
    await sessions.extendSession(db, id, new Date(now + SESSION_TTL_MS).toISOString());
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role, entry: { kind: 'session', actingStoreId: row.actingStoreId } };
}

export async function deleteSession(deps: ServiceDeps, token: string | undefined): Promise<void> {
  const { db } = deps;
  if (token) await sessions.deleteSession(db, tokenHash(token));
}

/** Password change, disable and delete end every session of the user. */
export async function deleteUserSessions(deps: ServiceDeps, userId: number): Promise<void> {
  const { db } = deps;
  await sessions.deleteUserSessions(db, userId);
}
