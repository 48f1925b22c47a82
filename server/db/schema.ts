import type { Generated, Selectable } from 'kysely';

// One interface for every table; timestamps travel as ISO-8601 strings on both dialects,
// booleans as 0/1 integers (SQLite has no boolean type).
export interface SettingTable {
  key: string;
  value: string;
  updated_at: string;
}

export type Role = 'client' | 'staff' | 'admin';
export type DocumentType = 'cedula' | 'passport';

export interface UserTable {
  id: Generated<number>;
  email: string;
  password_hash: string;
  name: string;
  lastname: string;
  document_type: DocumentType;
  document_number: string;
  phone: string;
  address: string;
  country: string;
  state: string;
  city: string;
  zip: string;
  role: Role;
  enabled: number;
  locker_code: string | null;
  locale: 'es' | 'en';
  /** JSON array of notification kinds that also arrive by e-mail. */
  email_notifications: string;
  created_at: string;
  updated_at: string;
}

export interface SessionTable {
  id: string;
  user_id: number;
  expires_at: string;
  created_at: string;
}

export interface PasswordResetTable {
  id: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  reset_at: string;
}

export interface Database {
  setting: SettingTable;
  user: UserTable;
  session: SessionTable;
  password_reset: PasswordResetTable;
  rate_limit: RateLimitTable;
}

export type UserRow = Selectable<UserTable>;
