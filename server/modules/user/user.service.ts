import type { Locale } from '#common/locale.ts';
import { NOTIFICATION_KINDS, type NotificationKind, STAFF_NOTIFICATION_KINDS } from '#common/enums/accounts.ts';
import type { ProfileInput, RegisterInput } from '#common/schemas/user.ts';
import type { Db } from '#server/db/database.ts';
import type { Role } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { hashPassword, verifyPassword } from '#server/modules/auth/password.ts';
import { createSession, deleteUserSessions } from '#server/modules/auth/session.service.ts';
import * as users from './user.repository.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { clearAttempts, LIMITS, takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import { queueOwnedFiles, removeOwnedFiles } from '#server/modules/upload/file-removal.ts';
import { takeUserFiles } from '#server/modules/upload/upload.service.ts';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';

const now = (deps: ServiceDeps) => deps.clock.now().toISOString();

function profileColumns(input: ProfileInput) {
  return {
    name: input.name,
    lastname: input.lastname,
    documentType: input.documentType,
    documentNumber: input.documentNumber,
    phone: input.phone,
    address: input.address,
    country: input.country,
    state: input.state,
    city: input.city,
    zip: input.zip,
  };
}

const documentTaken = () => new AppError('auth.documentTaken', 409, { field: 'documentNumber' });
/** Whether this account's cédula is another's (an account with a passport never clashes). */
const cedulaTakenBy = (db: Db, input: Pick<ProfileInput, 'documentType' | 'documentNumber'>, exceptUserId?: number) =>
  input.documentType === 'cedula' ? users.cedulaTaken(db, input.documentNumber, exceptUserId) : Promise.resolve(false);

/** Creates an account; the e-mail is already lower-cased and trimmed by the schema. */
export async function createUser(deps: ServiceDeps, input: Omit<RegisterInput, 'passwordRepeat' | 'terms'>, options: { locale: Locale; role?: Role }) {
  const { db } = deps;
  if (await users.emailExists(db, input.email)) throw new AppError('auth.duplicate', 409, { field: 'email' });
  // One account per cédula (issue 40, defect 10): said on its field, not as a failure.
  if (await cedulaTakenBy(db, input)) throw documentTaken();
  const time = now(deps);
  const passwordHash = await hashPassword(input.password, deps.config);
  try {
    // The row and its locker code, from its id, in one transaction.
    return await inTransaction(deps, (tx) => users.insertUser(tx.db, {
      email: input.email,
      passwordHash,
      ...profileColumns(input),
      role: options.role ?? 'client',
      enabled: 1,
      locale: options.locale,
      // The back office's queues reach staff by e-mail only when they ask (profile → notifications);
      // the bell tells them either way, and a busy queue does not fill every staff inbox by default.
      emailNotifications: JSON.stringify(NOTIFICATION_KINDS.filter((kind) => !STAFF_NOTIFICATION_KINDS.includes(kind))),
      createdAt: time,
      updatedAt: time,
    }));
  } catch (error) {
    // Two registrations racing for one e-mail or one cédula: the unique indexes decide.
    if (await users.emailExists(db, input.email)) throw new AppError('auth.duplicate', 409, { field: 'email' });
    if (await cedulaTakenBy(db, input)) throw documentTaken();
    throw error;
  }
}

export async function getProfile(deps: ServiceDeps, { userId }: { userId: number }) {
  const { db } = deps;
  const profile = await users.findProfile(db, { userId });
  if (!profile) throw new AppError('error.generic', 404);
  return { ...profile, emailNotifications: parseKinds(profile.emailNotifications) };
}

/**
 * A cédula another account has is refused here too. One the account already had is kept (an account
 * that shared it before the rule can still change its address): only a new number is checked.
 */
export async function updateProfile(deps: ServiceDeps, { userId }: { userId: number }, input: ProfileInput) {
  const { db } = deps;
  const before = await users.findProfile(db, { userId });
  const changed = before?.documentType !== input.documentType || before.documentNumber !== input.documentNumber;
  if (changed && (await cedulaTakenBy(db, input, userId))) throw documentTaken();
  try {
    await users.updateUser(db, { userId }, { ...profileColumns(input), updatedAt: now(deps) });
  } catch (error) {
    // Two accounts taking one cédula at once: the unique index decides.
    if (changed && (await cedulaTakenBy(db, input, userId))) throw documentTaken();
    throw error;
  }
}

async function assertPassword(db: Db, userId: number, password: string) {
  const hash = await users.findPasswordHash(db, { userId });
  if (!hash || !(await verifyPassword(password, hash))) throw new AppError('auth.currentPasswordWrong', 400, { field: 'currentPassword' });
}

/** Ends every session of the user, this one included: they log in again with the new password. */
/**
 * Ends every session of the user (a stolen one included) and opens a new one for the browser that
 * made the change, so its user stays signed in on a fresh session id. Returns that session's token.
 */
export async function changePassword(deps: ServiceDeps, { userId }: { userId: number }, input: { currentPassword: string; password: string }): Promise<string> {
  const { db } = deps;
  await assertPassword(db, userId, input.currentPassword);
  await users.updateUser(db, { userId }, { passwordHash: await hashPassword(input.password, deps.config), updatedAt: now(deps) });
  await deleteUserSessions(deps, userId);
  return createSession(deps, userId);
}

/**
 * The signed-in user's password, typed again to confirm a deletion (account, store): a wrong one
 * is an error on `password`. Counted like logins (5 tries per 15 minutes, then 429), so a stolen
 * session cannot guess it; a right one clears the count.
 */
export async function confirmPassword(deps: ServiceDeps, { userId }: { userId: number }, password: string) {
  const key = `confirm:account:${userId}`;
  await takeAttempt(deps, key, LIMITS.confirmPerAccount);
  try {
    await assertPassword(deps.db, userId, password);
  } catch {
    throw new AppError('auth.passwordWrong', 400, { field: 'password' });
  }
  await clearAttempts(deps, key);
}

/**
 * seed §4: deleting an account removes all the user's records — the foreign keys cascade, their
 * store and its records included — in one transaction, then the files those records used: the
 * user's uploads and their store's (decision 029).
 */
export async function deleteAccount(deps: ServiceDeps, { userId }: { userId: number }, password: string) {
  await confirmPassword(deps, { userId }, password);
  const { files, queued } = await inTransaction(deps, async (tx) => {
    // The store it owns goes by cascade: its receipts and kept RIDEs go with its uploads (issue 41 §1).
    const store = await ownStoreScope(tx, { userId });
    const files = { storeId: store?.storeId ?? null, storageKeys: await takeUserFiles(tx, { userId }) };
    await users.deleteUser(tx.db, { userId });
    return { files, queued: await queueOwnedFiles(tx, files) };
  });
  await removeOwnedFiles(deps, files, queued);
}

/**
 * An admin changes another user's account: enabled or not, and role. Nobody changes their own
 * (they would lock themselves out), and the last enabled admin can be neither disabled nor demoted:
 * the platform would be left without anyone able to run it. Checked in one transaction.
 */
async function changeAccount(deps: ServiceDeps, { userId, adminId }: { userId: number; adminId: number }, changes: { enabled?: 0 | 1; role?: Role }) {
  if (userId === adminId) throw new AppError('backOffice.users.notYourself', 409);
  await inTransaction(deps, async (tx) => {
    const admins = await users.lockEnabledAdmins(tx.db);
    const profile = await users.findProfile(tx.db, { userId });
    if (!profile) throw new AppError('error.generic', 404);
    const staysAdmin = (changes.role ?? profile.role) === 'admin' && (changes.enabled ?? profile.enabled) === 1;
    if (admins.includes(userId) && !staysAdmin && admins.length <= 1) throw new AppError('backOffice.users.lastAdmin', 409);
    await users.updateUser(tx.db, { userId }, { ...changes, updatedAt: now(deps) });
  });
}

/** Disabling also ends every open session of that user (PRODUCT §2). */
export async function setEnabled(deps: ServiceDeps, target: { userId: number; adminId: number }, enabled: boolean) {
  await changeAccount(deps, target, { enabled: enabled ? 1 : 0 });
  if (!enabled) await deleteUserSessions(deps, target.userId);
}

export async function setRole(deps: ServiceDeps, target: { userId: number; adminId: number }, role: Role) {
  await changeAccount(deps, target, { role });
}

function parseKinds(value: string): NotificationKind[] {
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? NOTIFICATION_KINDS.filter((kind) => parsed.includes(kind)) : [];
  } catch {
    return [];
  }
}

export async function setEmailNotifications(deps: ServiceDeps, { userId }: { userId: number }, kinds: NotificationKind[]) {
  const { db } = deps;
  await users.updateUser(db, { userId }, { emailNotifications: JSON.stringify(NOTIFICATION_KINDS.filter((k) => kinds.includes(k))), updatedAt: now(deps) });
}

export const listUsers = (deps: ServiceDeps, query: Parameters<typeof users.listUsers>[1]) => users.listUsers(deps.db, query);

export const listClients = (deps: ServiceDeps, query: Parameters<typeof users.listClients>[1]) => users.listClients(deps.db, query);

export const listStaffIds = (deps: ServiceDeps) => users.listStaffIds(deps.db);

export const countUsers = (deps: ServiceDeps) => users.countUsers(deps.db);

/** Where and how a user's notices are mailed: their address, language and chosen kinds. */
export async function findMailTarget(deps: ServiceDeps, owner: { userId: number }) {
  const user = await users.findMailTarget(deps.db, owner);
  return user && { email: user.email, locale: user.locale, emailNotifications: parseKinds(user.emailNotifications) };
}

export const findIdByLockerCode = (deps: ServiceDeps, lockerCode: string) => users.findIdByLockerCode(deps.db, lockerCode);

/** What login needs: the hash to verify and whether the account may log in. */
export const findLogin = (deps: ServiceDeps, email: string) => users.findLoginByEmail(deps.db, email);

export async function setPasswordHash(deps: ServiceDeps, { userId }: { userId: number }, passwordHash: string) {
  await users.updateUser(deps.db, { userId }, { passwordHash, updatedAt: now(deps) });
}
