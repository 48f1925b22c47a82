import type { Locale } from '#common/locale.ts';
import { NOTIFICATION_KINDS, type NotificationKind } from '#common/enums/accounts.ts';
import type { ProfileInput, RegisterInput } from '#common/schemas/user.ts';
import type { Db } from '#server/db/database.ts';
import type { Role } from '#server/db/schema.ts';
import { AppError } from '#server/errors.ts';
import { hashPassword, verifyPassword } from '#server/modules/auth/password.ts';
import { deleteUserSessions } from '#server/modules/auth/session.service.ts';
import * as users from './user.repository.ts';

const now = () => new Date().toISOString();

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

/** Creates an account; the e-mail is already lower-cased and trimmed by the schema. */
export async function createUser(db: Db, input: Omit<RegisterInput, 'passwordRepeat' | 'terms'>, options: { locale: Locale; role?: Role }) {
  if (await users.emailExists(db, input.email)) throw new AppError('auth.duplicate', 409, { field: 'email' });
  const time = now();
  try {
    return await users.insertUser(db, {
      email: input.email,
      passwordHash: await hashPassword(input.password),
      ...profileColumns(input),
      role: options.role ?? 'client',
      enabled: 1,
      locale: options.locale,
      emailNotifications: JSON.stringify(NOTIFICATION_KINDS),
      createdAt: time,
      updatedAt: time,
    });
  } catch (error) {
    // Two registrations racing for one e-mail: the unique index decides.
    if (await users.emailExists(db, input.email)) throw new AppError('auth.duplicate', 409, { field: 'email' });
    throw error;
  }
}

export async function getProfile(db: Db, { userId }: { userId: number }) {
  const profile = await users.findProfile(db, { userId });
  if (!profile) throw new AppError('error.generic', 404);
  return { ...profile, emailNotifications: parseKinds(profile.emailNotifications) };
}

export async function updateProfile(db: Db, { userId }: { userId: number }, input: ProfileInput) {
  await users.updateUser(db, { userId }, { ...profileColumns(input), updatedAt: now() });
}

async function assertPassword(db: Db, userId: number, password: string) {
  const hash = await users.findPasswordHash(db, { userId });
  if (!hash || !(await verifyPassword(password, hash))) throw new AppError('auth.currentPasswordWrong', 400, { field: 'currentPassword' });
}

/** Ends every session of the user, this one included: they log in again with the new password. */
export async function changePassword(db: Db, { userId }: { userId: number }, input: { currentPassword: string; password: string }) {
  await assertPassword(db, userId, input.currentPassword);
  await users.updateUser(db, { userId }, { passwordHash: await hashPassword(input.password), updatedAt: now() });
  await deleteUserSessions(db, userId);
}

/** seed §4: deleting an account removes all the user's records (foreign keys cascade). */
export async function deleteAccount(db: Db, { userId }: { userId: number }, password: string) {
  try {
    await assertPassword(db, userId, password);
  } catch {
    throw new AppError('auth.passwordWrong', 400, { field: 'password' });
  }
  await users.deleteUser(db, { userId });
}

export async function setEnabled(db: Db, { userId }: { userId: number }, enabled: boolean) {
  const profile = await users.findProfile(db, { userId });
  if (!profile) throw new AppError('error.generic', 404);
  await users.updateUser(db, { userId }, { enabled: enabled ? 1 : 0, updatedAt: now() });
  if (!enabled) await deleteUserSessions(db, userId);
}

function parseKinds(value: string): NotificationKind[] {
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? NOTIFICATION_KINDS.filter((kind) => parsed.includes(kind)) : [];
  } catch {
    return [];
  }
}

export async function setEmailNotifications(db: Db, { userId }: { userId: number }, kinds: NotificationKind[]) {
  await users.updateUser(db, { userId }, { emailNotifications: JSON.stringify(NOTIFICATION_KINDS.filter((k) => kinds.includes(k))), updatedAt: now() });
}

export const listUsers = users.listUsers;
