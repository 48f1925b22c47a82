import type { Generated } from 'kysely';
import type { EnumValue } from '#common/enums/define-enum.ts';
import type { ticketCategory, ticketStatus } from '#common/enums/ticket.ts';

export type TicketStatus = EnumValue<typeof ticketStatus>;
export type TicketCategory = EnumValue<typeof ticketCategory>;
export interface TicketTable {
  id: Generated<number>;
  userId: number;
  subject: string;
  category: TicketCategory;
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
