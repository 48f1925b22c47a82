import type { Db } from '#server/db/database.ts';
import type { InvitableRole, StoreRole } from '#common/store-permissions.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// A store's members and invitations (issue 38 §2). Every query names the scope's store, so the
// store guard (decision 042) pins each one to it — the invitation's landing included, whose token
// names its store (staff.service.ts).

/** The store's members, the owner first, then by name. */
export async function listMembers(db: Db, scope: StoreScope) {
  const rows = await db
    .selectFrom('storeMember')
    .innerJoin('user', 'user.id', 'storeMember.userId')
    .select(['storeMember.userId', 'storeMember.role', 'storeMember.createdAt', 'user.name', 'user.lastname', 'user.email'])
    .where('storeMember.storeId', '=', scope.storeId)
    .orderBy('user.name')
    .orderBy('user.lastname')
    .orderBy('storeMember.userId')
    .execute();
  return rows.sort((a, b) => Number(b.role === 'owner') - Number(a.role === 'owner'));
}

export async function findMember(db: Db, scope: StoreScope, userId: number) {
  return db
    .selectFrom('storeMember')
    .innerJoin('user', 'user.id', 'storeMember.userId')
    .select(['storeMember.userId', 'storeMember.role', 'user.name', 'user.lastname', 'user.email'])
    .where('storeMember.storeId', '=', scope.storeId)
    .where('storeMember.userId', '=', userId)
    .executeTakeFirst();
}

/** Whether an account with this e-mail (compared in lower case) is a member already. */
export async function memberWithEmail(db: Db, scope: StoreScope, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('storeMember')
    .innerJoin('user', 'user.id', 'storeMember.userId')
    .select('storeMember.userId')
    .where('storeMember.storeId', '=', scope.storeId)
    .where((eb) => eb(eb.fn('lower', ['user.email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** A member's new role; never makes or unmakes the owner (a handover does, below). False when no such non-owner member. */
export async function updateMemberRole(db: Db, scope: StoreScope, userId: number, role: InvitableRole): Promise<boolean> {
  const result = await db.updateTable('storeMember').set({ role }).where('storeId', '=', scope.storeId).where('userId', '=', userId).where('role', '<>', 'owner').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** One side of a handover: the owner's row and the new owner's, in the handover's transaction. */
export async function setMemberRole(db: Db, scope: StoreScope, userId: number, role: StoreRole): Promise<boolean> {
  const result = await db.updateTable('storeMember').set({ role }).where('storeId', '=', scope.storeId).where('userId', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Removes a member who is not the owner; false when there is none. */
export async function deleteMember(db: Db, scope: StoreScope, userId: number): Promise<boolean> {
  const result = await db.deleteFrom('storeMember').where('storeId', '=', scope.storeId).where('userId', '=', userId).where('role', '<>', 'owner').executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** A removed member's access tokens made for this store: they stop at once, not at their next refusal. */
export async function deleteMemberTokens(db: Db, scope: StoreScope, userId: number): Promise<number> {
  const result = await db.deleteFrom('accessToken').where('userId', '=', userId).where('actingStoreId', '=', scope.storeId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The store's `user_id` follows its owner (the plan, the renewal e-mails, the account's deletion). */
export async function setStoreOwner(db: Db, scope: StoreScope, userId: number): Promise<void> {
  await db.updateTable('store').set({ userId }).where('id', '=', scope.storeId).execute();
}

export async function storeName(db: Db, scope: StoreScope): Promise<string> {
  const row = await db.selectFrom('store').select('name').where('id', '=', scope.storeId).executeTakeFirstOrThrow();
  return row.name;
}

const INVITATION_COLUMNS = ['storeInvitation.id', 'storeInvitation.email', 'storeInvitation.role', 'storeInvitation.createdAt', 'storeInvitation.expiresAt', 'storeInvitation.usedAt', 'storeInvitation.withdrawnAt'] as const;

/** Invitations not yet accepted nor withdrawn (expired ones too: the owner may send them again), newest first. */
export async function listPendingInvitations(db: Db, scope: StoreScope) {
  return db
    .selectFrom('storeInvitation')
    .leftJoin('user as inviter', 'inviter.id', 'storeInvitation.invitedBy')
    .select([...INVITATION_COLUMNS, 'inviter.name as inviterName', 'inviter.lastname as inviterLastname'])
    .where('storeInvitation.storeId', '=', scope.storeId)
    .where('storeInvitation.usedAt', 'is', null)
    .orderBy('storeInvitation.createdAt', 'desc')
    .orderBy('storeInvitation.id', 'desc')
    .execute();
}

export async function findPendingInvitation(db: Db, scope: StoreScope, id: number) {
  return db
    .selectFrom('storeInvitation')
    .select(INVITATION_COLUMNS)
    .where('storeInvitation.storeId', '=', scope.storeId)
    .where('storeInvitation.id', '=', id)
    .where('storeInvitation.usedAt', 'is', null)
    .executeTakeFirst();
}

/** An unspent invitation to this e-mail, if any: a person has one invitation to a store at a time. */
export async function pendingInvitationTo(db: Db, scope: StoreScope, email: string) {
  return db
    .selectFrom('storeInvitation')
    .select('id')
    .where('storeId', '=', scope.storeId)
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .where('usedAt', 'is', null)
    .executeTakeFirst();
}

/** The invitation behind a link's hash, with its store and who sent it, spent or not. */
export async function findInvitationByHash(db: Db, scope: StoreScope, tokenHash: string) {
  return db
    .selectFrom('storeInvitation')
    .innerJoin('store', 'store.id', 'storeInvitation.storeId')
    .leftJoin('user as inviter', 'inviter.id', 'storeInvitation.invitedBy')
    .select([...INVITATION_COLUMNS, 'store.name as storeName', 'inviter.name as inviterName', 'inviter.lastname as inviterLastname'])
    .where('storeInvitation.storeId', '=', scope.storeId)
    .where('storeInvitation.tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function insertInvitation(
  db: Db,
  scope: StoreScope,
  row: { email: string; role: InvitableRole; tokenHash: string; invitedBy: number; createdAt: string; expiresAt: string },
): Promise<number> {
  const inserted = await db
    .insertInto('storeInvitation')
    .values({ storeId: scope.storeId, ...row, usedAt: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/**
 * Spends an unspent invitation — accepted, or withdrawn when `withdrawn` — in one conditional
 * update: of two acceptances (or an acceptance and a withdrawal) racing, exactly one gets `true`.
 */
export async function spendInvitation(db: Db, scope: StoreScope, id: number, at: string, withdrawn = false): Promise<boolean> {
  const result = await db
    .updateTable('storeInvitation')
    .set({ usedAt: at, ...(withdrawn ? { withdrawnAt: at } : {}) })
    .where('storeId', '=', scope.storeId)
    .where('id', '=', id)
    .where('usedAt', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Sends an unspent invitation again: a new link (the old one stops working) and a new expiry. */
export async function renewInvitation(db: Db, scope: StoreScope, id: number, fresh: { tokenHash: string; createdAt: string; expiresAt: string; invitedBy: number }): Promise<boolean> {
  const result = await db.updateTable('storeInvitation').set(fresh).where('storeId', '=', scope.storeId).where('id', '=', id).where('usedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
