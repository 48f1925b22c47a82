import type { Locale } from '#common/locale.ts';
import { localizePath } from '#common/locale.ts';
import type { RegisterInput } from '#common/schemas/user.ts';
import type { Db } from '#server/db/database.ts';
import { AppError } from '#server/errors.ts';
import type { Mail, Mailer } from '#server/mail/mailer.ts';
import { passwordResetMail, welcomeMail } from '#server/mail/templates.ts';
import { enqueueJob } from '#server/modules/job/job.service.ts';
import { assertUnderLimit, clearAttempts, countAttempt, LIMITS } from '#server/modules/rate-limit/rate-limit.service.ts';
import { findLoginByEmail, updateUser } from '#server/modules/user/user.repository.ts';
import { createUser } from '#server/modules/user/user.service.ts';
import { systemClock } from '#server/service-deps.ts';
import { decoyHash, hashPassword, verifyPassword } from './password.ts';
import { createSession, deleteUserSessions } from './session.service.ts';
import { newToken, tokenHash } from './tokens.ts';

export type AuthDeps = { db: Db; mailer: Mailer; publicUrl: string; log?: { error: (obj: object, msg: string) => void } };

/**
 * Queued, not sent (decision 024): a mail server that is down or slow neither undoes the work nor,
 * through a slower answer, tells that an account exists.
 */
async function sendQuietly(deps: AuthDeps, mail: Mail) {
  await enqueueJob({ db: deps.db, clock: systemClock }, { kind: 'mail', payload: mail });
}
const RESET_TTL_MS = 60 * 60 * 1000;

/** Every registration attempt from an address counts, valid or not (bots rarely send valid forms). */
export async function guardRegistration(db: Db, ip: string) {
  await assertUnderLimit(db, `register:ip:${ip}`, LIMITS.registerPerIp);
  await countAttempt(db, `register:ip:${ip}`, LIMITS.registerPerIp);
}

/** Registration after the guard and the bot check: account, welcome e-mail in the user's language, session. */
export async function register(deps: AuthDeps, input: RegisterInput, context: { locale: Locale }) {
  const { id, lockerCode } = await createUser(deps.db, input, { locale: context.locale });
  await sendQuietly(
    deps,
    welcomeMail(context.locale, input.email, { name: input.name, lockerCode, loginUrl: `${deps.publicUrl}${localizePath('/user/login', context.locale)}` }),
  );
  return { userId: id, lockerCode, token: await createSession(deps.db, id) };
}

/**
 * Same message and similar time for a wrong e-mail or a wrong password (no enumeration);
 * "User not enabled" only once the password is right.
 */
export async function login(db: Db, input: { email: string; password: string }, context: { ip: string }) {
  const ipKey = `login:ip:${context.ip}`;
  const accountKey = `login:account:${input.email}`;
  await assertUnderLimit(db, ipKey, LIMITS.loginPerIp);
  await assertUnderLimit(db, accountKey, LIMITS.loginPerAccount);
  const user = await findLoginByEmail(db, input.email);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) {
    await countAttempt(db, ipKey, LIMITS.loginPerIp);
    await countAttempt(db, accountKey, LIMITS.loginPerAccount);
    throw new AppError('auth.badLogin', 401);
  }
  if (user.enabled !== 1) throw new AppError('auth.disabled', 403);
  await clearAttempts(db, accountKey);
  return { userId: user.id, token: await createSession(db, user.id) };
}

/** Always answers the same; an existing account gets a single-use link valid for one hour. */
export async function requestPasswordReset(deps: AuthDeps, email: string, context: { locale: Locale; ip: string }) {
  await assertUnderLimit(deps.db, `reset:ip:${context.ip}`, LIMITS.resetPerIp);
  await countAttempt(deps.db, `reset:ip:${context.ip}`, LIMITS.resetPerIp);
  const user = await findLoginByEmail(deps.db, email);
  if (!user || user.enabled !== 1) return;
  const accountKey = `reset:account:${email}`;
  try {
    await assertUnderLimit(deps.db, accountKey, LIMITS.resetPerAccount);
  } catch {
    return; // silently: the answer must not reveal that the account exists
  }
  await countAttempt(deps.db, accountKey, LIMITS.resetPerAccount);
  const token = newToken();
  const now = Date.now();
  await deps.db
    .insertInto('passwordReset')
    .values({ id: tokenHash(token), userId: user.id, expiresAt: new Date(now + RESET_TTL_MS).toISOString(), usedAt: null, createdAt: new Date(now).toISOString() })
    .execute();
  const link = `${deps.publicUrl}${localizePath('/user/reset/confirm', context.locale)}?token=${token}`;
  await sendQuietly(deps, passwordResetMail(context.locale, user.email, { name: user.name, link }));
}

async function findUsableReset(db: Db, token: string) {
  const row = await db.selectFrom('passwordReset').select(['id', 'userId', 'expiresAt', 'usedAt']).where('id', '=', tokenHash(token)).executeTakeFirst();
  if (!row) return { status: 'invalid' as const };
  if (row.usedAt) return { status: 'used' as const };
  if (Date.parse(row.expiresAt) <= Date.now()) return { status: 'expired' as const };
  return { status: 'valid' as const, row };
}

export async function checkResetToken(db: Db, token: string) {
  return (await findUsableReset(db, token)).status;
}

/** Sets the new password, spends the link and ends every session of the user. */
export async function resetPassword(db: Db, input: { token: string; password: string }) {
  const found = await findUsableReset(db, input.token);
  if (found.status !== 'valid') throw new AppError(`auth.reset.${found.status}`, 400);
  const spent = await db
    .updateTable('passwordReset')
    .set({ usedAt: new Date().toISOString() })
    .where('id', '=', found.row.id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw new AppError('auth.reset.used', 400); // a concurrent use won
  await updateUser(db, { userId: found.row.userId }, { passwordHash: await hashPassword(input.password), updatedAt: new Date().toISOString() });
  await deleteUserSessions(db, found.row.userId);
}
