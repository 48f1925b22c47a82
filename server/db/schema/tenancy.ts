import type { Generated } from 'kysely';
import type { StoreRole } from '#common/store-permissions.ts';

// Issue 38 (migrations 2026-12-06-092 and -093, decision 088): who runs a store, and what happened in it.

export interface StoreMemberTable {
  storeId: number;
  userId: number;
  role: StoreRole;
  createdAt: string;
}

export interface StoreInvitationTable {
  id: Generated<number>;
  storeId: number;
  email: string;
  role: Exclude<StoreRole, 'owner'>;
  /** SHA-256 of the link's token, hex: the token itself is never stored. */
  tokenHash: string;
  invitedBy: number | null;
  createdAt: string;
  expiresAt: string;
  /** Accepted or withdrawn: the link works once. */
  usedAt: string | null;
  /** Withdrawn by the owner (migration 096): `usedAt` is set too. */
  withdrawnAt: Generated<string | null>;
}

export interface StoreEventTable {
  id: Generated<number>;
  storeId: number;
  type: string;
  resourceKind: string;
  resourceId: number | null;
  resourceLabel: string;
  actorKind: 'member' | 'token' | 'staff' | 'shopper' | 'system';
  actorUserId: number | null;
  actorTokenId: number | null;
  actorName: string;
  /** JSON text. */
  data: string;
  /** JSON text: `{ field: [before, after] }`. */
  changes: string;
  createdAt: string;
}
