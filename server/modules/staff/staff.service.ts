import { localizePath, type Locale } from '#common/locale.ts';
import { type InvitableRole, roleCan, type StoreRole } from '#common/store-permissions.ts';
import { type HandoverInput, INVITATION_TOKEN, type InvitationAccountInput, type InviteInput, type RoleChangeInput } from '#common/schemas/staff.ts';
import { AppError, isUniqueViolation } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { guardRegistration, register } from '#server/modules/user/auth.service.ts';
import { newToken, tokenHash } from '#server/modules/auth/tokens.ts';
import { enqueueJob } from '#server/modules/job/job.service.ts';
import { confirmPassword, findLogin, getProfile } from '#server/modules/user/user.service.ts';
import { LIMITS, takeAttempt } from '#server/modules/rate-limit/rate-limit.service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { Actor } from '#server/tenancy/actor.ts';
import { invitationStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import * as tenancy from '#server/tenancy/tenancy.repository.ts';
import { invitationMail } from './staff-mail.ts';
import * as staff from './staff.repository.ts';

// A store's staff (issue 38 §2): the owner invites people by e-mail with a role, changes and removes
// members, and hands the store over; an invitation's link makes an account or joins one. Every
// change emits its event in its own transaction (§3). The screens and the API only reach these
// functions after the permission check of the store context (`roleCan`, area `staff`); each write
// checks again, here, that the one acting is the store's owner (defence in depth).

export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** Who acts on the staff screen or API: the signed-in member and their role in the scope's store. */
export type ActingMember = { userId: number; role: StoreRole };

const forbidden = () => new AppError('tenancy.forbidden', 403);
const fullName = (person: { name: string; lastname: string }) => `${person.name} ${person.lastname}`.trim();
/** How a member is named in the log: the person, and their e-mail (names repeat, addresses do not). */
const memberLabel = (person: { name: string; lastname: string; email: string }) => `${fullName(person)} (${person.email})`;

/** The acting member as the store has them now, or null when they are not one. */
export async function actingMember(deps: ServiceDeps, scope: StoreScope, userId: number): Promise<ActingMember | null> {
  const member = await staff.findMember(deps.db, scope, userId);
  return member ? { userId, role: member.role } : null;
}

/** Refuses anyone but the owner, by the role given and by the store's own row (read in `db`, the write's transaction). */
async function assertOwner(deps: ServiceDeps, scope: StoreScope, acting: ActingMember) {
  if (acting.role !== 'owner') throw forbidden();
  const member = await staff.findMember(deps.db, scope, acting.userId);
  if (member?.role !== 'owner') throw forbidden();
  return member;
}

/** The members as the staff screen and the API list them. */
export async function listMembers(deps: ServiceDeps, scope: StoreScope, acting: ActingMember) {
  if (!roleCan(acting.role, { area: 'staff', write: false })) throw forbidden();
  const rows = await staff.listMembers(deps.db, scope);
  return rows.map((row) => ({ userId: row.userId, name: fullName(row), email: row.email, role: row.role, since: row.createdAt, you: row.userId === acting.userId }));
}

/** `/store/staff`: the members, the invitations still open (expired ones marked), and whether the one looking may manage them. */
export async function staffPage(deps: ServiceDeps, scope: StoreScope, acting: ActingMember) {
  const members = await listMembers(deps, scope, acting);
  const now = deps.clock.now().getTime();
  const invitations = (await staff.listPendingInvitations(deps.db, scope)).map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    sentAt: row.createdAt,
    expiresAt: row.expiresAt,
    expired: Date.parse(row.expiresAt) <= now,
    invitedBy: row.inviterName === null ? null : fullName({ name: row.inviterName, lastname: row.inviterLastname ?? '' }),
  }));
  return { members, invitations, manage: acting.role === 'owner' };
}

// ---- invitations ---------------------------------------------------------------------------------

/** The link's token names its store (so its lookup is pinned to one store, as every query is) and holds 256 random bits. */
const invitationToken = (scope: StoreScope) => `${scope.storeId}.${newToken()}`;

function invitationLink(deps: ServiceDeps, token: string, locale: Locale) {
  return `${deps.config.publicUrl}${localizePath('/user/invitation', locale)}?token=${encodeURIComponent(token)}`;
}

/** Queues the invitation's e-mail in the caller's transaction: it leaves only if the change commits. */
async function queueInvitationMail(tx: ServiceDeps, scope: StoreScope, invitation: { email: string; role: InvitableRole; token: string; inviter: string }, locale: Locale) {
  const mail = invitationMail(locale, invitation.email, {
    storeName: await staff.storeName(tx.db, scope),
    inviterName: invitation.inviter,
    role: invitation.role,
    link: invitationLink(tx, invitation.token, locale),
  });
  await enqueueJob(tx, { kind: 'mail', payload: mail });
}

/** Every invitation e-mail a store sends counts against one limit, new or sent again. */
const invitationsKey = (scope: StoreScope) => `invitations:store:${scope.storeId}`;

/** The owner invites a person by e-mail: one open invitation per address, none to a member. The link is e-mailed, never stored. */
export async function inviteMember(deps: ServiceDeps, scope: StoreScope, acting: ActingMember, invite: InviteInput, context: { locale: Locale }): Promise<{ id: number }> {
  // Addresses are kept in lower case, as accounts keep theirs (the API's caller may send any case).
  const input = { ...invite, email: invite.email.trim().toLowerCase() };
  await takeAttempt(deps, invitationsKey(scope), LIMITS.invitationsPerStore);
  return inTransaction(deps, async (tx) => {
    const owner = await assertOwner(tx, scope, acting);
    if (await staff.memberWithEmail(tx.db, scope, input.email)) throw new AppError('staff.alreadyMember', 409, { field: 'email' });
    if (await staff.pendingInvitationTo(tx.db, scope, input.email)) throw new AppError('staff.alreadyInvited', 409, { field: 'email' });
    const token = invitationToken(scope);
    const now = tx.clock.now();
    const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
    const id = await staff.insertInvitation(tx.db, scope, { email: input.email, role: input.role, tokenHash: tokenHash(token), invitedBy: acting.userId, createdAt: now.toISOString(), expiresAt });
    await emit(tx, { type: 'member.invited', storeId: scope.storeId, resource: { kind: 'member', id: null, label: input.email }, data: { invitationId: id, email: input.email, role: input.role, expiresAt } });
    await queueInvitationMail(tx, scope, { email: input.email, role: input.role, token, inviter: fullName(owner) }, context.locale);
    return { id };
  });
}

/** Sends an open invitation again: a new link (the old one stops working) valid for 7 days from now. */
export async function resendInvitation(deps: ServiceDeps, scope: StoreScope, acting: ActingMember, id: number, context: { locale: Locale }): Promise<void> {
  await takeAttempt(deps, invitationsKey(scope), LIMITS.invitationsPerStore);
  await inTransaction(deps, async (tx) => {
    const owner = await assertOwner(tx, scope, acting);
    const invitation = await staff.findPendingInvitation(tx.db, scope, id);
    if (!invitation) throw new AppError('staff.invitationGone', 409);
    const token = invitationToken(scope);
    const now = tx.clock.now();
    const renewed = await staff.renewInvitation(tx.db, scope, id, { tokenHash: tokenHash(token), createdAt: now.toISOString(), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS).toISOString(), invitedBy: acting.userId });
    if (!renewed) throw new AppError('staff.invitationGone', 409);
    await queueInvitationMail(tx, scope, { email: invitation.email, role: invitation.role, token, inviter: fullName(owner) }, context.locale);
  });
}

/** Withdraws an open invitation: its link then says so. */
export async function withdrawInvitation(deps: ServiceDeps, scope: StoreScope, acting: ActingMember, id: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await assertOwner(tx, scope, acting);
    if (!(await staff.spendInvitation(tx.db, scope, id, tx.clock.now().toISOString(), true))) throw new AppError('staff.invitationGone', 409);
  });
}

export type InvitationStatus = 'valid' | 'expired' | 'used' | 'withdrawn' | 'invalid';

/** The invitation behind a link, and what state it is in; `invalid` for a token that is no invitation's. */
async function openInvitation(deps: ServiceDeps, token: string) {
  const parts = INVITATION_TOKEN.exec(token);
  if (!parts) return { status: 'invalid' as const };
  let scope: StoreScope;
  try {
    scope = await invitationStoreScope(deps, Number(parts[1]));
  } catch (error) {
    if (error instanceof AppError) return { status: 'invalid' as const };
    throw error;
  }
  const row = await staff.findInvitationByHash(deps.db, scope, tokenHash(token));
  if (!row) return { status: 'invalid' as const };
  const status: InvitationStatus = row.withdrawnAt ? 'withdrawn' : row.usedAt ? 'used' : Date.parse(row.expiresAt) <= deps.clock.now().getTime() ? 'expired' : 'valid';
  return { status, scope, row };
}

/** Whose the invitation is, and how the visitor can take it: signed in with its address, another, or not signed in with or without an account. */
export type InvitationView =
  | { status: Exclude<InvitationStatus, 'valid'> }
  | { status: 'valid'; storeName: string; role: InvitableRole; inviter: string | null; email: string; expiresAt: string; visitor: 'invitee' | 'otherAccount' | 'hasAccount' | 'newAccount' };

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The landing of an invitation's link (`/user/invitation`): what it offers, to whom. */
export async function viewInvitation(deps: ServiceDeps, token: string, viewer: { email: string } | null): Promise<InvitationView> {
  const found = await openInvitation(deps, token);
  if (found.status !== 'valid') return { status: found.status };
  const { row } = found;
  const visitor = viewer ? (sameEmail(viewer.email, row.email) ? 'invitee' : 'otherAccount') : (await findLogin(deps, row.email)) ? 'hasAccount' : 'newAccount';
  const inviter = row.inviterName === null ? null : fullName({ name: row.inviterName, lastname: row.inviterLastname ?? '' });
  return { status: 'valid', storeName: row.storeName, role: row.role, inviter, email: row.email, expiresAt: row.expiresAt, visitor };
}

/** A usable invitation, or the refusal its state calls for (never a 5xx). */
async function usableInvitation(deps: ServiceDeps, token: string) {
  const found = await openInvitation(deps, token);
  if (found.status !== 'valid') throw new AppError(`invitation.${found.status}`, found.status === 'invalid' ? 404 : 410);
  return found;
}

/**
 * Spends the invitation and makes the person a member, in the caller's transaction: the conditional
 * update lets exactly one of two racing acceptances through. A person who is a member already (a
 * second invitation accepted after the first) simply lands in the store.
 */
async function join(tx: ServiceDeps, scope: StoreScope, invitation: { id: number; role: InvitableRole }, person: { id: number; name: string; lastname: string; email: string }, sessionToken: string | undefined) {
  if (!(await staff.spendInvitation(tx.db, scope, invitation.id, tx.clock.now().toISOString()))) throw new AppError('invitation.used', 410);
  if (!(await staff.findMember(tx.db, scope, person.id))) {
    await tenancy.insertMember(tx.db, scope, { userId: person.id, role: invitation.role, createdAt: tx.clock.now().toISOString() });
    const actor: Actor = { kind: 'member', userId: person.id, name: person.name };
    await emit(tx, { type: 'member.joined', storeId: scope.storeId, resource: { kind: 'member', id: person.id, label: memberLabel(person) }, data: { userId: person.id, email: person.email, role: invitation.role }, actor });
  }
  // The store they joined is the one they work in next (the header's switcher changes it).
  if (sessionToken) await tenancy.setSessionActingStore(tx.db, tokenHash(sessionToken), scope);
}

/** A signed-in person accepts an invitation made to their own e-mail (compared case-insensitively). */
export async function acceptInvitation(deps: ServiceDeps, token: string, user: { id: number; email: string }, context: { sessionToken: string | undefined }): Promise<StoreScope> {
  const { scope, row } = await usableInvitation(deps, token);
  if (!sameEmail(user.email, row.email)) throw new AppError('invitation.otherAccount', 403, { vars: { email: row.email } });
  const person = await getProfile(deps, { userId: user.id });
  await inTransaction(deps, (tx) => join(tx, scope, row, { id: user.id, name: person.name, lastname: person.lastname, email: person.email }, context.sessionToken));
  return scope;
}

/**
 * A visitor without an account makes one at the invitation's landing and joins: registration's own
 * checks and welcome e-mail, the e-mail address the invitation's (the link proves it is theirs).
 * The account is made first (registration opens its own transaction), then the invitation is spent
 * and the member added in one: should another use of the link win in between, the person keeps
 * their account and is told the invitation was used. Answers the new session's token.
 */
export async function acceptWithNewAccount(deps: ServiceDeps, token: string, input: InvitationAccountInput, context: { locale: Locale; ip: string }): Promise<{ sessionToken: string; scope: StoreScope }> {
  const { scope, row } = await usableInvitation(deps, token);
  await guardRegistration(deps, context.ip);
  if (await findLogin(deps, row.email)) throw new AppError('invitation.hasAccount', 409);
  const made = await register(deps, { ...input, email: row.email }, { locale: context.locale });
  await inTransaction(deps, (tx) => join(tx, scope, row, { id: made.userId, name: input.name, lastname: input.lastname, email: row.email }, made.token));
  return { sessionToken: made.token, scope };
}

// ---- members ---------------------------------------------------------------------------------------

/**
 * Makes a known account a member without an invitation: for the demo data and scripts only, which
 * act for the owner (the screens and the API always go through an invitation and its link).
 */
export async function addMemberDirectly(deps: ServiceDeps, scope: StoreScope, userId: number, role: InvitableRole): Promise<void> {
  const person = await getProfile(deps, { userId });
  await inTransaction(deps, async (tx) => {
    await tenancy.insertMember(tx.db, scope, { userId, role, createdAt: tx.clock.now().toISOString() });
    const actor: Actor = { kind: 'member', userId, name: person.name };
    await emit(tx, { type: 'member.joined', storeId: scope.storeId, resource: { kind: 'member', id: userId, label: memberLabel(person) }, data: { userId, email: person.email, role }, actor });
  });
}


async function otherMember(tx: ServiceDeps, scope: StoreScope, acting: ActingMember, userId: number, self: 'staff.ownRole' | 'staff.removeSelf' | 'staff.handover.self') {
  if (userId === acting.userId) throw new AppError(self, 409);
  const member = await staff.findMember(tx.db, scope, userId);
  if (!member) throw new AppError('staff.memberGone', 409);
  return member;
}

/** The owner changes another member's role (never their own, never to or from owner: a handover does that). */
export async function changeMemberRole(deps: ServiceDeps, scope: StoreScope, acting: ActingMember, input: RoleChangeInput): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await assertOwner(tx, scope, acting);
    const member = await otherMember(tx, scope, acting, input.userId, 'staff.ownRole');
    if (member.role === input.role) return;
    if (!(await staff.updateMemberRole(tx.db, scope, input.userId, input.role))) throw new AppError('staff.memberGone', 409);
    await emit(tx, { type: 'member.updated', storeId: scope.storeId, resource: { kind: 'member', id: member.userId, label: memberLabel(member) }, data: { userId: member.userId, email: member.email, role: input.role }, changes: { role: [member.role, input.role] } });
  });
}

/**
 * The owner removes a member. Their sessions and tokens stop reaching the store at once: each
 * request's context reads the membership, and their tokens made for this store are deleted too.
 */
export async function removeMember(deps: ServiceDeps, scope: StoreScope, acting: ActingMember, userId: number): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await assertOwner(tx, scope, acting);
    const member = await otherMember(tx, scope, acting, userId, 'staff.removeSelf');
    if (!(await staff.deleteMember(tx.db, scope, userId))) throw new AppError('staff.memberGone', 409);
    await staff.deleteMemberTokens(tx.db, scope, userId);
    await emit(tx, { type: 'member.removed', storeId: scope.storeId, resource: { kind: 'member', id: member.userId, label: memberLabel(member) }, data: { userId: member.userId, email: member.email, role: member.role } });
  });
}

/**
 * The owner hands the store to another member, confirmed with their password: in one transaction
 * they become an administrator, the member the owner, and the store's `user_id` (its plan, its
 * renewal e-mails) follows. A person owns one store at most, so an owner of another cannot take it.
 */
export async function transferOwnership(deps: ServiceDeps, scope: StoreScope, acting: ActingMember, input: HandoverInput): Promise<void> {
  await confirmPassword(deps, { userId: acting.userId }, input.password);
  try {
    await inTransaction(deps, async (tx) => {
      const owner = await assertOwner(tx, scope, acting);
      const heir = await otherMember(tx, scope, acting, input.userId, 'staff.handover.self');
      const theirs = await tenancy.findStoreByOwner(tx.db, heir.userId);
      if (theirs && theirs.id !== scope.storeId) throw new AppError('staff.handover.ownsStore', 409, { field: 'userId' });
      // The old owner steps down first: the database holds one owner a store (store_member_one_owner).
      await staff.setMemberRole(tx.db, scope, owner.userId, 'administrator');
      await staff.setMemberRole(tx.db, scope, heir.userId, 'owner');
      await staff.setStoreOwner(tx.db, scope, heir.userId);
      await emit(tx, {
        type: 'store.ownership_transferred',
        storeId: scope.storeId,
        resource: { kind: 'member', id: heir.userId, label: memberLabel(heir) },
        data: { from: { userId: owner.userId, email: owner.email }, to: { userId: heir.userId, email: heir.email } },
        changes: { owner: [memberLabel(owner), memberLabel(heir)] },
      });
    });
  } catch (error) {
    // The heir opened a store of their own meanwhile: store.user_id is unique.
    if (isUniqueViolation(error)) throw new AppError('staff.handover.ownsStore', 409, { field: 'userId' });
    throw error;
  }
}
