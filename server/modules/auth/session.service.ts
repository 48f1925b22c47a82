import type { SessionUser } from '#app-context';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/database.ts';
import { serializeCookie } from '#server/plugins/cookies.ts';
import { newToken, tokenHash } from './tokens.ts';

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
export async function createSession(db: Db, userId: number, now = Date.now()): Promise<string> {
  const token = newToken();
  await db
    .insertInto('session')
    .values({
      id: tokenHash(token),
      userId: userId,
      expiresAt: new Date(now + SESSION_TTL_MS).toISOString(),
      createdAt: new Date(now).toISOString(),
    })
    .execute();
  return token;
}

export async function findSessionUser(db: Db, token: string | undefined, now = Date.now()): Promise<SessionUser | null> {
  if (!token || token.length > 100) return null;
  const id = tokenHash(token);
  const row = await db
    .selectFrom('session')
    .innerJoin('user', 'user.id', 'session.userId')
    .select(['session.expiresAt', 'user.id', 'user.email', 'user.name', 'user.role', 'user.enabled'])
    .where('session.id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const expiresAt = Date.parse(row.expiresAt);
  if (expiresAt <= now || row.enabled !== 1) {
    await db.deleteFrom('session').where('id', '=', id).execute();
    return null;
  }
  if (expiresAt - now < REFRESH_WHEN_LEFT_MS) {
    await db.updateTable('session').set({ expiresAt: new Date(now + SESSION_TTL_MS).toISOString() }).where('id', '=', id).execute();
  }
  return { id: row.id, email: row.email, name: row.name, role: row.role };
}

export async function deleteSession(db: Db, token: string | undefined): Promise<void> {
  if (token) await db.deleteFrom('session').where('id', '=', tokenHash(token)).execute();
}

/** Password change, disable and delete end every session of the user. */
export async function deleteUserSessions(db: Db, userId: number): Promise<void> {
  await db.deleteFrom('session').where('userId', '=', userId).execute();
}
