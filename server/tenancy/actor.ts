import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is acting (issue 38, decision 088): the audit log's "who", and what an event carries. Set once
 * per request where its store context is resolved (the store layout's middleware, the API's
 * `requireStore`, the back office's store actions, the storefront), read by `emit`. Jobs and scripts
 * act as `system`.
 */
export type Actor =
  /** A member of the store, signed in (owner, administrator, clerk, viewer). */
  | { kind: 'member'; userId: number; name: string }
  /** A member's access token: the member's id and name, and the token's. */
  | { kind: 'token'; userId: number; name: string; tokenId: number; tokenName: string }
  /** Staff or an admin of the back office, acting on a store that is not theirs. */
  | { kind: 'staff'; userId: number; name: string }
  /** An anonymous shopper on the storefront. */
  | { kind: 'shopper' }
  /** The app itself: jobs, scripts, timers. */
  | { kind: 'system' };

export const SYSTEM: Actor = Object.freeze({ kind: 'system' });
export const SHOPPER: Actor = Object.freeze({ kind: 'shopper' });

const current = new AsyncLocalStorage<Actor>();

/** Runs `work` — and everything it awaits or starts — as `actor`. */
export function runAs<T>(actor: Actor, work: () => T): T {
  return current.run(actor, work);
}

/** Who the current request acts as; `system` outside any request. */
export const currentActor = (): Actor => current.getStore() ?? SYSTEM;
