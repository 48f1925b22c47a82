import { PostgresAdapter } from 'kysely';
import type { ListQuery } from '#common/list-query.ts';
import type { Db } from '#server/db/database.ts';
import { matchesText, paginate } from '#server/db/paginate.ts';
import type { Role, UserTable } from '#server/db/schema.ts';

// Explicit columns: what leaves this module never includes the password hash by accident.
export const PROFILE_COLUMNS = [
  'id', 'email', 'name', 'lastname', 'documentType', 'documentNumber', 'phone', 'address', 'country', 'state', 'city', 'zip',
  'role', 'enabled', 'lockerCode', 'locale', 'emailNotifications', 'createdAt',
] as const;

export type NewUser = Omit<UserTable, 'id' | 'lockerCode'>;

export async function findLoginByEmail(db: Db, email: string) {
  return db.selectFrom('user').select(['id', 'email', 'name', 'role', 'enabled', 'passwordHash', 'locale']).where('email', '=', email).executeTakeFirst();
}

export async function findMailTarget(db: Db, { userId }: { userId: number }) {
  return db.selectFrom('user').select(['email', 'locale', 'emailNotifications']).where('id', '=', userId).executeTakeFirst();
}

export async function findIdByLockerCode(db: Db, lockerCode: string) {
  return (await db.selectFrom('user').select(['id']).where('lockerCode', '=', lockerCode).executeTakeFirst())?.id;
}

export async function findProfile(db: Db, { userId }: { userId: number }) {
  return db.selectFrom('user').select(PROFILE_COLUMNS).where('id', '=', userId).executeTakeFirst();
}

export async function findPasswordHash(db: Db, { userId }: { userId: number }) {
  return (await db.selectFrom('user').select('passwordHash').where('id', '=', userId).executeTakeFirst())?.passwordHash;
}

export async function emailExists(db: Db, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom('user').select('id').where('email', '=', email).executeTakeFirst());
}

/**
 * Whether another account has this cédula (one per person: decision 096). Only cédulas: passports of
 * different countries may share a number. `exceptUserId`: the account being edited.
 */
export async function cedulaTaken(db: Db, documentNumber: string, exceptUserId?: number): Promise<boolean> {
  let query = db.selectFrom('user').select('id').where('documentType', '=', 'cedula').where('documentNumber', '=', documentNumber);
  if (exceptUserId !== undefined) query = query.where('id', '<>', exceptUserId);
  return Boolean(await query.executeTakeFirst());
}

/** Inserts and gives the locker code from the id (unique and never reused): call it in a transaction, so both writes land or neither. */
export async function insertUser(db: Db, user: NewUser): Promise<{ id: number; lockerCode: string }> {
  const { id } = await db.insertInto('user').values(user).returning('id').executeTakeFirstOrThrow();
  const lockerCode = `EC-${10_000 + id}`;
  await db.updateTable('user').set({ lockerCode: lockerCode }).where('id', '=', id).execute();
  return { id, lockerCode };
}

export async function updateUser(db: Db, { userId }: { userId: number }, changes: Partial<Omit<UserTable, 'id'>>) {
  await db.updateTable('user').set(changes).where('id', '=', userId).execute();
}

export async function deleteUser(db: Db, { userId }: { userId: number }) {
  await db.deleteFrom('user').where('id', '=', userId).execute();
}

/** Admins' users list: every role, searchable by e-mail, name, locker code or document (wildcards taken literally). */
export async function listUsers(db: Db, query: ListQuery<'created' | 'name', 'role'>) {
  let select = db.selectFrom('user').select(['id', 'email', 'name', 'lastname', 'role', 'enabled', 'lockerCode', 'createdAt']);
  if (query.q) select = select.where(matchesText(['email', 'name', 'lastname', 'lockerCode', 'documentNumber'], query.q));
  if (query.filters.role) select = select.where('role', '=', query.filters.role as Role);
  return paginate(select.orderBy(query.sort === 'name' ? 'name' : 'id', query.dir).orderBy('id', 'desc'), query.page);
}

/** Back office: the clients, searchable by name, e-mail, locker code or document number. */
export async function listClients(db: Db, query: ListQuery<'created' | 'name', never>) {
  let select = db
    .selectFrom('user')
    .select(['id', 'name', 'lastname', 'email', 'lockerCode', 'documentType', 'documentNumber', 'phone', 'city', 'enabled', 'createdAt'])
    .where('role', '=', 'client');
  if (query.q) select = select.where(matchesText(['name', 'lastname', 'email', 'lockerCode', 'documentNumber'], query.q));
  return paginate(select.orderBy(query.sort === 'name' ? 'name' : 'id', query.dir), query.page);
}

/** Enabled staff and admins: who hears of a new ticket or consolidation request. */
export async function listStaffIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom('user').select('id').where('role', 'in', ['staff', 'admin']).where('enabled', '=', 1).orderBy('id').execute();
  return rows.map((row) => row.id);
}

export async function countUsers(db: Db): Promise<number> {
  const row = await db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * The enabled admins, locked until the transaction `db` belongs to ends on PostgreSQL (`for
 * update`), so two admins demoting each other at once cannot both see the other one remain;
 * SQLite runs one writing transaction at a time.
 */
export async function lockEnabledAdmins(db: Db): Promise<number[]> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const rows = await db
    .selectFrom('user')
    .select('id')
    .where('role', '=', 'admin')
    .where('enabled', '=', 1)
    .$if(postgres, (qb) => qb.forUpdate())
    .execute();
  return rows.map((row) => row.id);
}

export type { Role };
