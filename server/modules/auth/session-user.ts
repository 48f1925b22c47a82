import type { AccessTokenScope } from '#common/access-token.ts';
import type { Role } from '#server/db/schema.ts';

/**
 * How a request came in (issue 38): a session or an access token, and the store it acts on — the
 * session's choice in the header's switcher, the token's store when it was made — null for the
 * user's default (their own store, else their first).
 */
export type Entry =
  | { kind: 'session'; actingStoreId: number | null }
  | { kind: 'token'; tokenId: number; tokenName: string; scope: AccessTokenScope; actingStoreId: number | null };

/** Who a request acts for, as the session resolves it: what pages and API routes may read. */
export type SessionUser = {
  id: number;
  email: string;
  name: string;
  role: Role;
  /** Absent where a user is built without a request (scripts, tests). */
  entry?: Entry;
};
