import type { Generated, Selectable } from 'kysely';

// One interface for every table; timestamps travel as ISO-8601 strings on both dialects,
// booleans as 0/1 integers (SQLite has no boolean type).
export interface SettingTable {
  key: string;
  value: string;
  updatedAt: string;
}

export type Role = 'client' | 'staff' | 'admin';
export type DocumentType = 'cedula' | 'passport';

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
}

export interface PasswordResetTable {
  id: string;
  userId: number;
  expiresAt: string;
  usedAt: string | null;
  createdAt: string;
}

export interface RateLimitTable {
  key: string;
  count: number;
  resetAt: string;
}

export interface UploadTable {
  id: string;
  userId: number;
  storageKey: string;
  name: string;
  type: string;
  size: number;
  claimed: number;
  createdAt: string;
}

export type AlertStatus = 'pending' | 'received';
export interface AlertTable {
  id: Generated<number>;
  userId: number;
  packageId: number | null;
  trackingNumber: string;
  carrier: string;
  store: string;
  content: string;
  declaredValueCents: number;
  expectedDate: string | null;
  invoiceUploadId: string | null;
  status: AlertStatus;
  createdAt: string;
  updatedAt: string;
}

export type PackageStatus = 'in_warehouse' | 'consolidating' | 'shipped' | 'in_customs' | 'delivered';
export interface PackageTable {
  id: Generated<number>;
  userId: number;
  consolidationId: number | null;
  trackingNumber: string;
  carrier: string;
  store: string;
  description: string;
  weightLb: number;
  lengthCm: number;
  widthCm: number;
  heightCm: number;
  declaredValueCents: number;
  photoUploadId: string | null;
  status: PackageStatus;
  receivedAt: string;
  updatedAt: string;
}

export type ConsolidationStatus = 'requested' | 'processing' | 'shipped' | 'in_customs' | 'delivered' | 'cancelled';
export interface ConsolidationTable {
  id: Generated<number>;
  userId: number;
  deliveryAddress: string;
  notes: string;
  status: ConsolidationStatus;
  totalWeightLb: number;
  billableWeightLb: number;
  declaredValueCents: number;
  costCents: number;
  createdAt: string;
  updatedAt: string;
}

export interface ConsolidationEventTable {
  id: Generated<number>;
  consolidationId: number;
  status: ConsolidationStatus;
  note: string;
  createdAt: string;
}

export type TicketStatus = 'open' | 'answered' | 'closed';
export interface TicketTable {
  id: Generated<number>;
  userId: number;
  subject: string;
  category: string;
  status: TicketStatus;
  createdAt: string;
  updatedAt: string;
}

export interface TicketMessageTable {
  id: Generated<number>;
  ticketId: number;
  authorUserId: number | null;
  fromStaff: number;
  body: string;
  createdAt: string;
}

export interface TicketAttachmentTable {
  messageId: number;
  uploadId: string;
}

export interface NotificationTable {
  id: Generated<number>;
  userId: number;
  kind: string;
  params: string;
  link: string;
  readAt: string | null;
  createdAt: string;
}

// ── Store (decision 025) ────────────────────────────────────────────────────────────────────
// The store itself is keyed by its owner; the tables that belong to a store carry `storeId`
// and are listed in STORE_OWNED_TABLES (server/db/store-guard.ts).
export interface StoreTable {
  id: Generated<number>;
  userId: number;
  slug: string;
  name: string;
  section: string;
  description: string;
  published: number;
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}
// ── end of store ────────────────────────────────────────────────────────────────────────────

export interface Database {
  setting: SettingTable;
  user: UserTable;
  session: SessionTable;
  passwordReset: PasswordResetTable;
  rateLimit: RateLimitTable;
  upload: UploadTable;
  alert: AlertTable;
  package: PackageTable;
  consolidation: ConsolidationTable;
  consolidationEvent: ConsolidationEventTable;
  ticket: TicketTable;
  ticketMessage: TicketMessageTable;
  ticketAttachment: TicketAttachmentTable;
  notification: NotificationTable;
  store: StoreTable;
}

export type UserRow = Selectable<UserTable>;
