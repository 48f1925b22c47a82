import type { Locale } from '#common/locale.ts';
import { localizePath } from '#common/locale.ts';
import type { RegisterInput } from '#common/schemas/user.ts';
import { AppError } from '#server/errors.ts';
import type { Mail } from '#server/mail/mailer.ts';
import { passwordResetMail, welcomeMail } from '#server/mail/templates.ts';
import { enqueueJob } from '#server/modules/job/job.service.ts';
import { clearAttempts, LIMITS, refundAttempt, takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import { decoyHash, hashPassword, verifyPassword } from '#server/modules/auth/password.ts';
import { createSession, deleteUserSessions } from '#server/modules/auth/session.service.ts';
import { newToken, tokenHash } from '#server/modules/auth/tokens.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import * as resets from './password-reset.repository.ts';
import { createUser, findLogin, setPasswordHash } from './user.service.ts';

// Signing up, signing in and resetting a password: an account's ways in. They sit with the account
// (user/) above the credentials and sessions they use (auth/), which the tenancy layer reads: in
// auth/ they made the loop auth → user → upload → tenancy → auth.

/**
 * Queued, not sent (decision 024): a mail server that is down or slow neither undoes the work nor,
 * through a slower answer, tells that an account exists. A direct enqueue, not an event's
 * subscriber (issue 38 §3): a reset mail carries its secret token, which must never sit in an
 * event's row or reach a subscriber (a webhook).
 */
async function sendQuietly(deps: ServiceDeps, mail: Mail) {
  await enqueueJob(deps, { kind: 'mail', payload: mail });
}
const RESET_TTL_MS = 60 * 60 * 1000;

/** Every registration attempt from an address counts, valid or not (bots rarely send valid forms). */
export async function guardRegistration(deps: ServiceDeps, ip: string) {
  await takeAttempt(deps, `register:ip:${ip}`, LIMITS.registerPerIp);
}

/**
 * Registration's first step asks, before the bot check, whether the e-mail is free (issue 9 §9), so
 * a taken address is said at once instead of after the proof of work and the second step.
 *
 * Trade-off: the answer tells whether an account exists, which registration itself already tells
 * ("User already registered"). So that it is no easier to enumerate addresses this way, every
 * question spends the same per-address allowance as a registration attempt (`register:ip`, 30 an
 * hour): a bot gets no more answers per hour than by posting the registration form. What it does
 * skip is the proof of work, which only slows each try by seconds, not the hourly count.
 */
export async function assertEmailFree(deps: ServiceDeps, email: string, ip: string) {
  await guardRegistration(deps, ip);
  if (await findLogin(deps, email)) throw new AppError('auth.duplicate', 409, { field: 'email' });
}

/** Registration after the guard and the bot check: account, welcome e-mail in the user's language, session. */
export async function register(deps: ServiceDeps, input: RegisterInput, context: { locale: Locale }) {
  const { id, lockerCode } = await createUser(deps, input, { locale: context.locale });
  await sendQuietly(
    deps,
    welcomeMail(context.locale, input.email, { name: input.name, lockerCode, loginUrl: `${deps.config.publicUrl}${localizePath('/user/login', context.locale)}` }),
  );
  return { userId: id, lockerCode, token: await createSession(deps, id) };
}

/**
 * Same message and similar time for a wrong e-mail or a wrong password (no enumeration);
 * "User not enabled" only once the password is right.
 */
export async function login(deps: ServiceDeps, input: { email: string; password: string }, context: { ip: string }) {
  // Three counters (decision 046): the account from this address (a person's tries), the account
  // from everywhere (a guess spread over many addresses), the address over every account (one
  // password sprayed over many). The first is the tight one: people behind one carrier NAT share
  // an address, and one of them failing 30 times locked every other out (issue 21).
  const pairKey = `login:account-ip:${input.email}:${context.ip}`;
  const accountKey = `login:account:${input.email}`;
  const ipKey = `login:ip:${context.ip}`;
  // Every attempt is counted before the password is checked, so parallel guesses cannot all get
  // past the limit; a right password takes its attempt back below.
  await takeAttempt(deps, pairKey, LIMITS.loginPerAccountAndIp);
  await takeAttempt(deps, accountKey, LIMITS.loginPerAccount);
  await takeAttempt(deps, ipKey, LIMITS.loginPerIp);
  const user = await findLogin(deps, input.email);
  const valid = await verifyPassword(input.password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) throw new AppError('auth.badLogin', 401);
  if (user.enabled !== 1) throw new AppError('auth.disabled', 403);
  // The person who knows the password starts afresh from here; elsewhere the account's and the
  // address's other failures still count (an attacker's tries are not wiped by the owner's login).
  await clearAttempts(deps, pairKey);
  await refundAttempt(deps, accountKey);
  await refundAttempt(deps, ipKey);
  return { userId: user.id, token: await createSession(deps, user.id) };
}

/** Always answers the same; an existing account gets a single-use link valid for one hour. */
export async function requestPasswordReset(deps: ServiceDeps, email: string, context: { locale: Locale; ip: string }) {
  await takeAttempt(deps, `reset:ip:${context.ip}`, LIMITS.resetPerIp);
  const user = await findLogin(deps, email);
  if (!user || user.enabled !== 1) return;
  const accountKey = `reset:account:${email}`;
  try {
    await takeAttempt(deps, accountKey, LIMITS.resetPerAccount);
  } catch {
    return; // silently: the answer must not reveal that the account exists
  }
  const token = newToken();
  const now = deps.clock.now().getTime();
  await resets.insertPasswordReset(deps.db, { id: tokenHash(token), userId: user.id, expiresAt: new Date(now + RESET_TTL_MS).toISOString(), usedAt: null, createdAt: new Date(now).toISOString() });
  const link = `${deps.config.publicUrl}${localizePath('/user/reset/confirm', context.locale)}?token=${token}`;
  await sendQuietly(deps, passwordResetMail(context.locale, user.email, { name: user.name, link }));
}

async function findUsableReset({ db, clock }: ServiceDeps, token: string) {
  const row = await resets.findPasswordReset(db, tokenHash(token));
  if (!row) return { status: 'invalid' as const };
  if (row.usedAt) return { status: 'used' as const };
  if (Date.parse(row.expiresAt) <= clock.now().getTime()) return { status: 'expired' as const };
  return { status: 'valid' as const, row };
}

export async function checkResetToken(deps: ServiceDeps, token: string) {
  return (await findUsableReset(deps, token)).status;
}

/** Sets the new password, spends the link and ends every session of the user. */
export async function resetPassword(deps: ServiceDeps, input: { token: string; password: string }) {
  const found = await findUsableReset(deps, input.token);
  if (found.status !== 'valid') throw new AppError(`auth.reset.${found.status}`, 400);
  if (!(await resets.spendPasswordReset(deps.db, found.row.id, deps.clock.now().toISOString()))) throw new AppError('auth.reset.used', 400); // a concurrent use won
  await setPasswordHash(deps, { userId: found.row.userId }, await hashPassword(input.password, deps.config));
  await deleteUserSessions(deps, found.row.userId);
}
