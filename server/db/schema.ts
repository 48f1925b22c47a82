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

export interface UploadTable {
  id: string;
  user_id: number;
  storage_key: string;
  name: string;
  type: string;
  size: number;
  claimed: number;
  created_at: string;
}

export type AlertStatus = 'pending' | 'received';
export interface AlertTable {
  id: Generated<number>;
  user_id: number;
  package_id: number | null;
  tracking_number: string;
  carrier: string;
  store: string;
  content: string;
  declared_value_cents: number;
  expected_date: string | null;
  invoice_upload_id: string | null;
  status: AlertStatus;
  created_at: string;
  updated_at: string;
}

export type PackageStatus = 'in_warehouse' | 'consolidating' | 'shipped' | 'in_customs' | 'delivered';
export interface PackageTable {
  id: Generated<number>;
  user_id: number;
  consolidation_id: number | null;
  tracking_number: string;
  carrier: string;
  store: string;
  description: string;
  weight_lb: number;
  length_cm: number;
  width_cm: number;
  height_cm: number;
  declared_value_cents: number;
  photo_upload_id: string | null;
  status: PackageStatus;
  received_at: string;
  updated_at: string;
}

export type ConsolidationStatus = 'requested' | 'processing' | 'shipped' | 'in_customs' | 'delivered' | 'cancelled';
export interface ConsolidationTable {
  id: Generated<number>;
  user_id: number;
  delivery_address: string;
  notes: string;
  status: ConsolidationStatus;
  total_weight_lb: number;
  billable_weight_lb: number;
  declared_value_cents: number;
  cost_cents: number;
  created_at: string;
  updated_at: string;
}

export interface ConsolidationEventTable {
  id: Generated<number>;
  consolidation_id: number;
  status: ConsolidationStatus;
  note: string;
  created_at: string;
}

export type TicketStatus = 'open' | 'answered' | 'closed';
export interface TicketTable {
  id: Generated<number>;
  user_id: number;
  subject: string;
  category: string;
  status: TicketStatus;
  created_at: string;
  updated_at: string;
}

export interface TicketMessageTable {
  id: Generated<number>;
  ticket_id: number;
  author_user_id: number | null;
  from_staff: number;
  body: string;
  created_at: string;
}

export interface TicketAttachmentTable {
  message_id: number;
  upload_id: string;
}

export interface NotificationTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  params: string;
  link: string;
  read_at: string | null;
  created_at: string;
}

export interface Database {
  setting: SettingTable;
  user: UserTable;
  session: SessionTable;
  password_reset: PasswordResetTable;
  rate_limit: RateLimitTable;
  upload: UploadTable;
  alert: AlertTable;
  package: PackageTable;
  consolidation: ConsolidationTable;
  consolidation_event: ConsolidationEventTable;
  ticket: TicketTable;
  ticket_message: TicketMessageTable;
  ticket_attachment: TicketAttachmentTable;
  notification: NotificationTable;
}

export type UserRow = Selectable<UserTable>;
