import type { Selectable } from 'kysely';
import type { AccessTokenTable, PasswordResetTable, RateLimitTable, SessionTable, SettingTable, UserTable } from './schema/accounts.ts';
import type { AlertTable, ConsolidationEventTable, ConsolidationTable, PackageTable } from './schema/casillero.ts';
import type { NotificationTable } from './schema/notification.ts';
import type { TicketAttachmentTable, TicketMessageTable, TicketTable } from './schema/ticket.ts';
import type { JobTable } from './schema/job.ts';
import type { PlanTable, StoreTable } from './schema/store.ts';
import type { BannerTable, BrandTable, CategoryTable, ColorTable, CouponTable, PageTable, ProductImageTable, ProductTable, ReviewTable, SizeTable, SubcategoryTable, VariantTable } from './schema/catalog.ts';
import type { StoreUploadTable, UploadTable } from './schema/upload.ts';
import type { CreditNoteLineTable, CreditNoteSriEventTable, CreditNoteTable } from './schema/credit-note.ts';
import type { StoreCertificateTable } from './schema/store-certificate.ts';
import type { StoreEventTable, StoreInvitationTable, StoreMemberTable } from './schema/tenancy.ts';
import type { CustomerTable, InvoiceSriEventTable, InvoiceTable, StoreOrderEventTable, StoreOrderLineTable, StoreOrderTable, StoreSalesTable } from './schema/sales.ts';

// The table types live per domain in ./schema/; this file joins them into the one `Database` Kysely
// is typed with, and stays the import path the code already uses.
export type * from './schema/accounts.ts';
export type * from './schema/casillero.ts';
export type * from './schema/notification.ts';
export type * from './schema/ticket.ts';
export type * from './schema/upload.ts';
export type * from './schema/job.ts';
export type * from './schema/store.ts';
export type * from './schema/catalog.ts';
export type * from './schema/sales.ts';
export type * from './schema/credit-note.ts';
export type * from './schema/store-certificate.ts';
export type * from './schema/tenancy.ts';

export interface Database {
  setting: SettingTable;
  user: UserTable;
  session: SessionTable;
  passwordReset: PasswordResetTable;
  rateLimit: RateLimitTable;
  accessToken: AccessTokenTable;
  upload: UploadTable;
  alert: AlertTable;
  package: PackageTable;
  consolidation: ConsolidationTable;
  consolidationEvent: ConsolidationEventTable;
  ticket: TicketTable;
  ticketMessage: TicketMessageTable;
  ticketAttachment: TicketAttachmentTable;
  notification: NotificationTable;
  job: JobTable;
  store: StoreTable;
  plan: PlanTable;
  color: ColorTable;
  brand: BrandTable;
  category: CategoryTable;
  subcategory: SubcategoryTable;
  size: SizeTable;
  product: ProductTable;
  productImage: ProductImageTable;
  variant: VariantTable;
  coupon: CouponTable;
  review: ReviewTable;
  banner: BannerTable;
  page: PageTable;
  storeUpload: StoreUploadTable;
  storeSales: StoreSalesTable;
  customer: CustomerTable;
  storeOrder: StoreOrderTable;
  storeOrderLine: StoreOrderLineTable;
  storeOrderEvent: StoreOrderEventTable;
  invoice: InvoiceTable;
  invoiceSriEvent: InvoiceSriEventTable;
  storeCertificate: StoreCertificateTable;
  creditNote: CreditNoteTable;
  creditNoteLine: CreditNoteLineTable;
  creditNoteSriEvent: CreditNoteSriEventTable;
  storeMember: StoreMemberTable;
  storeInvitation: StoreInvitationTable;
  storeEvent: StoreEventTable;
}

export type UserRow = Selectable<UserTable>;
