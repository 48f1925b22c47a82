import type { StoreRole } from '#common/store-permissions.ts';
import type { SessionUser } from '#server/modules/auth/session-user.ts';
import { tokenHash } from '#server/modules/auth/tokens.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import { AppError } from '#server/errors.ts';
import type { Actor } from './actor.ts';
import { runAs } from './actor.ts';
import { runInStore } from './active-store.ts';
import type { StoreScope } from './store-scope-type.ts';
import * as tenancy from './tenancy.repository.ts';
import type { Membership } from './tenancy.repository.ts';

export type { StoreScope } from './store-scope-type.ts';
export type { Membership } from './tenancy.repository.ts';

function scopeOf(store: { id: number; slug: string }, via: StoreScope['via']): StoreScope {
  return Object.freeze({ storeId: store.id, slug: store.slug, via }) as StoreScope;
}

/**
 * A request's store context (issue 38 §1, decision 088): the store, who acts (a member or their
 * token), the member's role there, and how they came in. Built once per request by
 * `memberStoreContext`; `roleCan(context.role, action)` (common/store-permissions.ts) decides every
 * action on it, and an access token's scope narrows it further in current-user.ts, as it always has.
 */
export type StoreContext = {
  readonly scope: StoreScope;
  readonly role: StoreRole;
  readonly actor: Actor;
  readonly entry: NonNullable<SessionUser['entry']>;
  /** Every store the user is a member of, for the header's switcher. */
  readonly memberships: readonly Membership[];
};

/**
 * The store a signed-in user or token acts on, and their role in it: the session's or token's store
 * when it names one, else the user's own store, else the first they are a member of. Null while
 * they are a member of none (a normal state: `/store` offers to open one). A session or token whose
 * store no longer has them — the owner removed them — is refused (403) until they pick another:
 * it never falls silently onto a different store.
 */
export async function memberStoreContext(deps: ServiceDeps, user: SessionUser): Promise<StoreContext | null> {
  const memberships = await tenancy.membershipsOf(deps.db, user.id);
  const entry = user.entry ?? { kind: 'session', actingStoreId: null };
  const chosen = entry.actingStoreId === null ? memberships[0] : memberships.find((member) => member.storeId === entry.actingStoreId);
  if (!chosen) {
    if (entry.actingStoreId === null) return null;
    throw new AppError('tenancy.notMember', 403);
  }
  const actor: Actor =
    entry.kind === 'token' ? { kind: 'token', userId: user.id, name: user.name, tokenId: entry.tokenId, tokenName: entry.tokenName } : { kind: 'member', userId: user.id, name: user.name };
  return Object.freeze({ scope: scopeOf({ id: chosen.storeId, slug: chosen.slug }, chosen.role === 'owner' ? 'owner' : 'member'), role: chosen.role, actor, entry, memberships });
}

/** The owner's own store, for their plan, scripts and tests; null while they have none. */
export async function ownStoreScope(deps: ServiceDeps, { userId }: { userId: number }): Promise<StoreScope | null> {
  const store = await tenancy.findStoreByOwner(deps.db, userId);
  return store ? scopeOf(store, 'owner') : null;
}

/** A store shoppers may see, for the storefront: published and not expired, or "not found". */
export async function shopStoreScope(deps: ServiceDeps, slug: string): Promise<StoreScope> {
  const store = slug.length <= 40 ? await tenancy.findStoreBySlug(deps.db, slug) : undefined;
  const expired = store?.expiresAt != null && Date.parse(store.expiresAt) <= deps.clock.now().getTime();
  if (!store || store.published !== 1 || expired) throw new AppError('error.generic', 404);
  return scopeOf(store, 'shop');
}

async function storeById(deps: ServiceDeps, storeId: number) {
  const store = Number.isSafeInteger(storeId) && storeId > 0 ? await tenancy.findStoreById(deps.db, storeId) : undefined;
  if (!store) throw new AppError('error.generic', 404);
  return store;
}

/** Any store by id, for the back office: the caller has already checked the staff role. */
export async function staffStoreScope(deps: ServiceDeps, storeId: number): Promise<StoreScope> {
  return scopeOf(await storeById(deps, storeId), 'staff');
}

/** Who asks for a store's image: the signed-in user, looked up only when the store is not public. */
export type MediaViewer = () => Promise<{ id: number; role: string } | null>;

/**
 * A store by id, for its images (`/media/{storeId}/…`, decision 031). A store shoppers may see
 * (published, not expired) shows them to anyone, `shown: 'public'`; any other store only to its
 * members (the dashboard) and to staff, `shown: 'private'` — an anonymous visitor who knew an
 * unpublished store's upload id saw its images (issue 21). Anyone else: "not found".
 */
export async function mediaStoreScope(deps: ServiceDeps, storeId: number, viewer: MediaViewer): Promise<{ scope: StoreScope; shown: 'public' | 'private' }> {
  const store = await storeById(deps, storeId);
  const expired = store.expiresAt != null && Date.parse(store.expiresAt) <= deps.clock.now().getTime();
  if (store.published === 1 && !expired) return { scope: scopeOf(store, 'media'), shown: 'public' };
  const user = await viewer();
  const member = user && (user.role === 'staff' || user.role === 'admin' || (await tenancy.membershipsOf(deps.db, user.id)).some((m) => m.storeId === store.id));
  if (member) return { scope: scopeOf(store, 'media'), shown: 'private' };
  throw new AppError('error.generic', 404);
}

/**
 * The header's switcher: the session acts on `storeId` from its next request on. Only a store the
 * user is a member of; any other id is "not found", as another store's records are.
 */
export async function chooseStore(deps: ServiceDeps, { user, sessionToken, storeId }: { user: SessionUser; sessionToken: string | undefined; storeId: number | 'default' }): Promise<void> {
  // A session whose store removed them goes back to the user's default (their own, else their first).
  if (storeId === 'default') {
    if (sessionToken) await tenancy.setSessionActingStore(deps.db, tokenHash(sessionToken), null);
    return;
  }
  const chosen = (await tenancy.membershipsOf(deps.db, user.id)).find((member) => member.storeId === storeId);
  if (!chosen || !sessionToken) throw new AppError('error.generic', 404);
  await tenancy.setSessionActingStore(deps.db, tokenHash(sessionToken), scopeOf({ id: chosen.storeId, slug: chosen.slug }, chosen.role === 'owner' ? 'owner' : 'member'));
}

/** Makes the store's first member, its owner, in the transaction that opens it. */
export async function addOwner(deps: ServiceDeps, store: { id: number; slug: string }, userId: number): Promise<void> {
  await tenancy.insertMember(deps.db, scopeOf(store, 'owner'), { userId, role: 'owner', createdAt: deps.clock.now().toISOString() });
}

/**
 * Runs the rest of a request (`next`, below the store layout's middleware) in its store context
 * (decision 042, 088): until it ends, the store guard refuses a query that names another store's
 * id, and `emit` records its actor. Pages reach it through the bound services, so that they share
 * the guard's instance rather than a bundled copy; the API's `requireStore` does the same.
 */
export function runInContext(_deps: ServiceDeps, context: { scope: StoreScope; actor: Actor }, next: () => Promise<Response>): Promise<Response> {
  return enterContext(context, next);
}

/** `runInContext` for the API's hooks, which run in this process's copy of the module anyway. */
export function enterContext<T>(context: { scope: StoreScope; actor: Actor }, work: () => T): T {
  return runAs(context.actor, () => runInStore(context.scope.storeId, work));
}

/**
 * The store an invitation's link names (issue 38 §2), for its landing: the link's token carries the
 * store's id, and the staff service checks the token's hash in that store before anything else.
 */
export async function invitationStoreScope(deps: ServiceDeps, storeId: number): Promise<StoreScope> {
  return scopeOf(await storeById(deps, storeId), 'member');
}
