import type { Generated } from 'kysely';
import type { documentType, role } from '#common/enums/accounts.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';
import type { AccessTokenScope } from '#common/access-token.ts';

// Timestamps travel as ISO-8601 strings on both dialects, booleans as 0/1 integers (SQLite has no
// boolean type); closed sets take their type from the enum registry (common/enums/).

export interface SettingTable {
  key: string;
  value: string;
  updatedAt: string;
}

export type Role = EnumValue<typeof role>;
export type DocumentType = EnumValue<typeof documentType>;

export interface UserTable {
  id: Generated<number>;
  email: string;
  passwordHash: string;
  name: string;
  lastname: string;
  documentType: DocumentType;
  documentNumber: string;
  phone: string;
  address: string;
  country: string;
  state: string;
  city: string;
  zip: string;
  role: Role;
  enabled: number;
  lockerCode: string | null;
  locale: 'es' | 'en';
  /** JSON array of notification kinds that also arrive by e-mail. */
  emailNotifications: string;
  createdAt: string;
  updatedAt: string;
}

export interface SessionTable {
  id: string;
  userId: number;
  expiresAt: string;
  createdAt: string;
  /** The store this session acts on (the header's switcher); null: the user's own, else their first. */
  actingStoreId: Generated<number | null>;
}

export interface PasswordResetTable {
  id: string;
  userId: number;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

/** A personal access token of the API (decision 034): the token itself is never stored. */
export interface AccessTokenTable {
  id: Generated<number>;
  userId: number;
  name: string;
  scope: AccessTokenScope;
  tokenHash: string;
  createdAt: string;
  expiresAt: string | null;
  lastUsedAt: string | null;
  /** The store the token acts on: the one in use when it was made; null on tokens made before stores had members (their user's own). */
  actingStoreId: Generated<number | null>;
}

export interface RateLimitTable {
  key: string;
  count: number;
  resetAt: string;
}
