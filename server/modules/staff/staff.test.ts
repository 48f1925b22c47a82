import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitableRole } from '#common/store-permissions.ts';
import { AppError } from '#server/errors.ts';
import { tokenHash } from '#server/modules/auth/tokens.ts';
import { createSession } from '#server/modules/auth/session.service.ts';
import { fixedClock } from '#server/service-deps.ts';
import { ownStoreScope, type StoreScope } from '#server/tenancy/store-scope.ts';
import { validRegistration } from '../../../tests/support/forms.ts';
import { makeStore, makeUser, TEST_PASSWORD, type TestStore, type TestUser } from '../../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../../tests/support/test-db.ts';
import { INVITATION_TTL_MS } from './staff.service.ts';

// A store's staff (issue 38 §2) at the service seam, on the suite's database with the store guard
// on: invitations (made, e-mailed through the queue, accepted once, expired, withdrawn, sent again),
// roles, removal and the one owner's handover, each with its event in the same transaction.

const clock = fixedClock('2026-12-01T10:00:00.000Z');
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase({}, { clock });
});
afterAll(() => t.dispose());

type World = { store: TestStore; scope: StoreScope; owner: { userId: number; role: 'owner' } };

async function world(): Promise<World> {
  const store = await makeStore(t);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  return { store, scope, owner: { userId: store.owner.id, role: 'owner' } };
}

/** The link's token of the last invitation e-mail queued to `email`. */
async function mailedToken(email: string): Promise<string> {
  const jobs = await t.db.selectFrom('job').select(['id', 'payload']).where('kind', '=', 'mail').orderBy('id', 'desc').execute();
  const mail = jobs.map((job) => JSON.parse(job.payload) as { to: string; subject: string; text: string }).find((one) => one.to === email);
  expect(mail, `no mail to ${email}`).toBeDefined();
  return decodeURIComponent(/\/user\/invitation\?token=([^\s"<&]+)/.exec(mail!.text)![1]!);
}

async function invite(w: World, email: string, role: InvitableRole = 'orders', locale: 'es' | 'en' = 'es') {
  const { id } = await t.services.staff.inviteMember(w.scope, w.owner, { email, role }, { locale });
  return { id, token: await mailedToken(email.toLowerCase()) };
}

const events = (w: World, type: string) =>
  t.db.selectFrom('storeEvent').select(['type', 'resourceKind', 'resourceId', 'resourceLabel', 'data', 'changes']).where('storeId', '=', w.scope.storeId).where('type', '=', type).orderBy('id').execute();

const roleOf = async (w: World, userId: number) =>
  (await t.db.selectFrom('storeMember').select('role').where('storeId', '=', w.scope.storeId).where('userId', '=', userId).executeTakeFirst())?.role;

/** The error code a promise is refused with. */
async function refusal(work: Promise<unknown>): Promise<{ code: string; status: number }> {
  try {
    await work;
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, status: error.status };
    throw error;
  }
  throw new Error('expected a refusal');
}

/** A member with `role`, joined through an invitation as an existing account. */
async function member(w: World, role: InvitableRole = 'orders'): Promise<TestUser> {
  const user = await makeUser(t);
  const { token } = await invite(w, user.email, role);
  await t.services.staff.acceptInvitation(token, { id: user.id, email: user.email }, { sessionToken: undefined });
  return user;
}

describe('invitations', () => {
  it('e-mail a link with 256 random bits through the job queue, keeping only its SHA-256, in the inviter’s language', async () => {
    const w = await world();
    const { id, token } = await invite(w, 'clerk-en@example.com', 'orders', 'en');
    expect(token).toMatch(new RegExp(`^${w.scope.storeId}\\.[A-Za-z0-9_-]{43}$`));
    const row = await t.db.selectFrom('storeInvitation').selectAll().where('storeId', '=', w.scope.storeId).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token.split('.')[1]);
    expect(row.expiresAt).toBe(new Date(clock.now().getTime() + INVITATION_TTL_MS).toISOString());
    const jobs = await t.db.selectFrom('job').select('payload').where('kind', '=', 'mail').execute();
    const mail = jobs.map((job) => JSON.parse(job.payload) as { to: string; subject: string; text: string }).find((one) => one.to === 'clerk-en@example.com')!;
    expect(mail.subject).toContain(w.store.name);
    expect(mail.subject).toContain('invited you');
    expect(mail.text).toContain('Ana Pérez');
    expect(mail.text).toContain('/en/user/invitation?token=');
    // The event names the person and the role, never the token.
    const [invited] = await events(w, 'member.invited');
    expect(invited).toMatchObject({ resourceKind: 'member', resourceLabel: 'clerk-en@example.com' });
    expect(JSON.parse(invited!.data)).toMatchObject({ email: 'clerk-en@example.com', role: 'orders' });
    expect(JSON.stringify(await events(w, 'member.invited'))).not.toContain(token.split('.')[1]);
  });

  it('refuse a second open invitation to the same address, and a member', async () => {
    const w = await world();
    await invite(w, 'twice@example.com');
    expect(await refusal(t.services.staff.inviteMember(w.scope, w.owner, { email: 'twice@example.com', role: 'viewer' }, { locale: 'es' }))).toEqual({ code: 'staff.alreadyInvited', status: 409 });
    expect(await refusal(t.services.staff.inviteMember(w.scope, w.owner, { email: w.store.owner.email, role: 'viewer' }, { locale: 'es' }))).toEqual({ code: 'staff.alreadyMember', status: 409 });
  });

  it('make an account and a member of a visitor, in the invited role, and set the session on the store', async () => {
    const w = await world();
    const { token } = await invite(w, 'new-clerk@example.com', 'catalogue');
    expect(await t.services.staff.viewInvitation(token, null)).toMatchObject({ status: 'valid', storeName: w.store.name, role: 'catalogue', inviter: 'Ana Pérez', visitor: 'newAccount' });
    const input = { ...validRegistration('someone-else@example.com'), terms: 'on' as const, documentType: 'passport' as const, documentNumber: 'PX1234567' };
    const { sessionToken, scope } = await t.services.staff.acceptWithNewAccount(token, input, { locale: 'es', ip: '10.9.0.1' });
    expect(scope.storeId).toBe(w.scope.storeId);
    // The account's address is the invitation's, not the form's.
    const user = await t.db.selectFrom('user').select(['id', 'email']).where('email', '=', 'new-clerk@example.com').executeTakeFirstOrThrow();
    expect(await t.db.selectFrom('user').select('id').where('email', '=', 'someone-else@example.com').executeTakeFirst()).toBeUndefined();
    expect(await roleOf(w, user.id)).toBe('catalogue');
    const session = await t.db.selectFrom('session').select(['userId', 'actingStoreId']).where('id', '=', tokenHash(sessionToken)).executeTakeFirstOrThrow();
    expect(session).toEqual({ userId: user.id, actingStoreId: w.scope.storeId });
    const [joined] = await events(w, 'member.joined');
    expect(joined).toMatchObject({ resourceKind: 'member', resourceId: user.id, resourceLabel: 'Ana Pérez (new-clerk@example.com)' });
  });

  it('join an existing account whose e-mail matches in any case, and refuse another account clearly', async () => {
    const w = await world();
    const user = await makeUser(t);
    const { token } = await invite(w, user.email.toUpperCase(), 'viewer');
    const stranger = await makeUser(t);
    expect(await t.services.staff.viewInvitation(token, { email: stranger.email })).toMatchObject({ status: 'valid', visitor: 'otherAccount' });
    expect(await refusal(t.services.staff.acceptInvitation(token, { id: stranger.id, email: stranger.email }, { sessionToken: undefined }))).toEqual({ code: 'invitation.otherAccount', status: 403 });
    expect(await t.services.staff.viewInvitation(token, null)).toMatchObject({ visitor: 'hasAccount' });
    expect(await refusal(t.services.staff.acceptWithNewAccount(token, { ...validRegistration(user.email), terms: 'on', documentType: 'passport', documentNumber: 'PY7654321' }, { locale: 'es', ip: '10.9.0.2' }))).toEqual({ code: 'invitation.hasAccount', status: 409 });
    const session = await createSession(t.deps, user.id);
    expect(await t.services.staff.viewInvitation(token, { email: user.email })).toMatchObject({ visitor: 'invitee' });
    await t.services.staff.acceptInvitation(token, { id: user.id, email: user.email }, { sessionToken: session });
    expect(await roleOf(w, user.id)).toBe('viewer');
    expect((await t.db.selectFrom('session').select('actingStoreId').where('id', '=', tokenHash(session)).executeTakeFirstOrThrow()).actingStoreId).toBe(w.scope.storeId);
  });

  it('work once: a second acceptance is refused, and of two racing exactly one joins', async () => {
    const w = await world();
    const user = await makeUser(t);
    const { token } = await invite(w, user.email);
    const both = await Promise.allSettled([0, 1].map(() => t.services.staff.acceptInvitation(token, { id: user.id, email: user.email }, { sessionToken: undefined })));
    expect(both.filter((one) => one.status === 'fulfilled')).toHaveLength(1);
    const lost = both.find((one) => one.status === 'rejected') as PromiseRejectedResult;
    expect(lost.reason).toBeInstanceOf(AppError);
    expect((lost.reason as AppError).code).toBe('invitation.used');
    expect(await events(w, 'member.joined')).toHaveLength(1);
    expect(await t.services.staff.viewInvitation(token, null)).toEqual({ status: 'used' });
    expect(await refusal(t.services.staff.acceptInvitation(token, { id: user.id, email: user.email }, { sessionToken: undefined }))).toEqual({ code: 'invitation.used', status: 410 });
  });

  it('expire 7 days after they are sent', async () => {
    const w = await world();
    const { token } = await invite(w, 'late@example.com');
    clock.advance(INVITATION_TTL_MS - 1);
    expect((await t.services.staff.viewInvitation(token, null)).status).toBe('valid');
    clock.advance(1);
    expect(await t.services.staff.viewInvitation(token, null)).toEqual({ status: 'expired' });
    expect((await t.services.staff.staffPage(w.scope, w.owner)).invitations).toMatchObject([{ email: 'late@example.com', expired: true }]);
    const late = await makeUser(t, { email: 'late@example.com' });
    expect(await refusal(t.services.staff.acceptInvitation(token, { id: late.id, email: late.email }, { sessionToken: undefined }))).toEqual({ code: 'invitation.expired', status: 410 });
  });

  it('say unknown for a token that is no invitation’s, of any shape', async () => {
    for (const token of ['', 'nonsense', '999999.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', `1.${'A'.repeat(43)}`, '99999999999.x']) {
      expect(await t.services.staff.viewInvitation(token, null)).toEqual({ status: 'invalid' });
    }
  });

  it('can be withdrawn: the link then says so, and no longer joins', async () => {
    const w = await world();
    const user = await makeUser(t);
    const { id, token } = await invite(w, user.email);
    await t.services.staff.withdrawInvitation(w.scope, w.owner, id);
    expect(await t.services.staff.viewInvitation(token, null)).toEqual({ status: 'withdrawn' });
    expect(await refusal(t.services.staff.acceptInvitation(token, { id: user.id, email: user.email }, { sessionToken: undefined }))).toEqual({ code: 'invitation.withdrawn', status: 410 });
    expect((await t.services.staff.staffPage(w.scope, w.owner)).invitations).toEqual([]);
    expect(await refusal(t.services.staff.withdrawInvitation(w.scope, w.owner, id))).toEqual({ code: 'staff.invitationGone', status: 409 });
  });

  it('can be sent again: a new link for 7 more days, the old one dead', async () => {
    const w = await world();
    const user = await makeUser(t);
    const { id, token: first } = await invite(w, user.email);
    clock.advance(INVITATION_TTL_MS + 60_000);
    expect((await t.services.staff.viewInvitation(first, null)).status).toBe('expired');
    await t.services.staff.resendInvitation(w.scope, w.owner, id, { locale: 'es' });
    const second = await mailedToken(user.email);
    expect(second).not.toBe(first);
    expect(await t.services.staff.viewInvitation(first, null)).toEqual({ status: 'invalid' });
    expect(await t.services.staff.viewInvitation(second, { email: user.email })).toMatchObject({ status: 'valid', expiresAt: new Date(clock.now().getTime() + INVITATION_TTL_MS).toISOString() });
    await t.services.staff.acceptInvitation(second, { id: user.id, email: user.email }, { sessionToken: undefined });
    expect(await roleOf(w, user.id)).toBe('orders');
  });

  it('are at most 20 e-mails an hour a store, new or sent again, so a store cannot be used to mail strangers', async () => {
    const w = await world();
    const other = await world();
    const { id } = await invite(w, 'persona-0@example.com');
    for (let n = 1; n < 19; n += 1) await invite(w, `persona-${n}@example.com`);
    await t.services.staff.resendInvitation(w.scope, w.owner, id, { locale: 'es' });
    expect(await refusal(t.services.staff.inviteMember(w.scope, w.owner, { email: 'persona-20@example.com', role: 'viewer' }, { locale: 'es' }))).toEqual({ code: 'auth.tooManyAttempts', status: 429 });
    expect(await refusal(t.services.staff.resendInvitation(w.scope, w.owner, id, { locale: 'es' }))).toEqual({ code: 'auth.tooManyAttempts', status: 429 });
    // Another store's budget is its own; an hour later this one's is whole again.
    await invite(other, 'persona-0@example.com');
    clock.advance(60 * 60_000 + 1);
    await invite(w, 'persona-20@example.com');
  });
});

describe('members', () => {
  it('are listed to the owner and administrators only; only the owner changes anything', async () => {
    const w = await world();
    const admin = await member(w, 'administrator');
    const clerk = await member(w, 'orders');
    const page = await t.services.staff.staffPage(w.scope, { userId: admin.id, role: 'administrator' });
    expect(page.manage).toBe(false);
    expect(page.members.map((row) => [row.role, row.you])).toEqual([['owner', false], ['administrator', true], ['orders', false]]);
    expect(await refusal(t.services.staff.staffPage(w.scope, { userId: clerk.id, role: 'orders' }))).toEqual({ code: 'tenancy.forbidden', status: 403 });
    const asAdmin = { userId: admin.id, role: 'administrator' } as const;
    expect(await refusal(t.services.staff.inviteMember(w.scope, asAdmin, { email: 'x@example.com', role: 'viewer' }, { locale: 'es' }))).toEqual({ code: 'tenancy.forbidden', status: 403 });
    expect(await refusal(t.services.staff.changeMemberRole(w.scope, asAdmin, { userId: clerk.id, role: 'viewer' }))).toEqual({ code: 'tenancy.forbidden', status: 403 });
    expect(await refusal(t.services.staff.removeMember(w.scope, asAdmin, clerk.id))).toEqual({ code: 'tenancy.forbidden', status: 403 });
    // A role claimed but not held is refused too: the service reads the store's own row.
    expect(await refusal(t.services.staff.removeMember(w.scope, { userId: admin.id, role: 'owner' }, clerk.id))).toEqual({ code: 'tenancy.forbidden', status: 403 });
    expect(await roleOf(w, clerk.id)).toBe('orders');
  });

  it('change role with its event, never the owner’s own', async () => {
    const w = await world();
    const clerk = await member(w, 'orders');
    await t.services.staff.changeMemberRole(w.scope, w.owner, { userId: clerk.id, role: 'catalogue' });
    expect(await roleOf(w, clerk.id)).toBe('catalogue');
    const [updated] = await events(w, 'member.updated');
    expect(JSON.parse(updated!.changes)).toEqual({ role: ['orders', 'catalogue'] });
    expect(updated!.resourceId).toBe(clerk.id);
    expect(await refusal(t.services.staff.changeMemberRole(w.scope, w.owner, { userId: w.owner.userId, role: 'viewer' }))).toEqual({ code: 'staff.ownRole', status: 409 });
    expect(await roleOf(w, w.owner.userId)).toBe('owner');
  });

  it('are removed with their tokens for the store, never the owner', async () => {
    const w = await world();
    const clerk = await member(w, 'orders');
    const made = await t.services.accessTokens.createAccessToken({ userId: clerk.id }, { name: 'Pedidos', scope: 'write', expiresIn: 'never' });
    await t.db.updateTable('accessToken').set({ actingStoreId: w.scope.storeId }).where('id', '=', made.id).execute();
    const elsewhere = await t.services.accessTokens.createAccessToken({ userId: clerk.id }, { name: 'Casillero', scope: 'read', expiresIn: 'never' });
    await t.services.staff.removeMember(w.scope, w.owner, clerk.id);
    expect(await roleOf(w, clerk.id)).toBeUndefined();
    const left = await t.db.selectFrom('accessToken').select('id').where('userId', '=', clerk.id).execute();
    expect(left.map((row) => row.id)).toEqual([elsewhere.id]);
    const [removed] = await events(w, 'member.removed');
    expect(removed).toMatchObject({ resourceId: clerk.id, resourceLabel: `Ana Pérez (${clerk.email})` });
    expect(await refusal(t.services.staff.removeMember(w.scope, w.owner, w.owner.userId))).toEqual({ code: 'staff.removeSelf', status: 409 });
    expect(await refusal(t.services.staff.removeMember(w.scope, w.owner, clerk.id))).toEqual({ code: 'staff.memberGone', status: 409 });
  });
});

describe('the one owner', () => {
  it('hands the store over with the password: old owner administrator, new owner owner, store.user_id follows', async () => {
    const w = await world();
    const heir = await member(w, 'administrator');
    expect(await refusal(t.services.staff.transferOwnership(w.scope, w.owner, { userId: heir.id, password: 'wrong-one' }))).toEqual({ code: 'auth.passwordWrong', status: 400 });
    expect(await roleOf(w, heir.id)).toBe('administrator');
    await t.services.staff.transferOwnership(w.scope, w.owner, { userId: heir.id, password: TEST_PASSWORD });
    expect(await roleOf(w, heir.id)).toBe('owner');
    expect(await roleOf(w, w.owner.userId)).toBe('administrator');
    expect((await t.db.selectFrom('store').select('userId').where('id', '=', w.scope.storeId).executeTakeFirstOrThrow()).userId).toBe(heir.id);
    const owners = await t.db.selectFrom('storeMember').select('userId').where('storeId', '=', w.scope.storeId).where('role', '=', 'owner').execute();
    expect(owners).toEqual([{ userId: heir.id }]);
    const [moved] = await events(w, 'store.ownership_transferred');
    expect(moved).toMatchObject({ resourceKind: 'member', resourceId: heir.id });
    // The old owner now acts as an administrator: nothing of the staff is theirs to change.
    expect(await refusal(t.services.staff.removeMember(w.scope, w.owner, heir.id))).toEqual({ code: 'tenancy.forbidden', status: 403 });
    // The new owner may hand it back.
    await t.services.staff.transferOwnership(w.scope, { userId: heir.id, role: 'owner' }, { userId: w.owner.userId, password: TEST_PASSWORD });
    expect(await roleOf(w, w.owner.userId)).toBe('owner');
  });

  it('is not handed to the owner of another store, nor to themself', async () => {
    const w = await world();
    const other = await makeStore(t);
    const { token } = await invite(w, other.owner.email, 'administrator');
    await t.services.staff.acceptInvitation(token, { id: other.owner.id, email: other.owner.email }, { sessionToken: undefined });
    expect(await refusal(t.services.staff.transferOwnership(w.scope, w.owner, { userId: other.owner.id, password: TEST_PASSWORD }))).toEqual({ code: 'staff.handover.ownsStore', status: 409 });
    expect(await refusal(t.services.staff.transferOwnership(w.scope, w.owner, { userId: w.owner.userId, password: TEST_PASSWORD }))).toEqual({ code: 'staff.handover.self', status: 409 });
    expect(await roleOf(w, w.owner.userId)).toBe('owner');
    expect(await roleOf(w, other.owner.id)).toBe('administrator');
  });
});
