import { z } from '#common/zod.ts';
import { ADMIN_TICKET_SORTS, TICKET_SORTS, ticketCategory, ticketStatus } from '../enums/ticket.ts';
import { listApiParameters, listQuerySchema } from '../list-query.ts';

// Shared by the ticket forms, their actions and the JSON API. Messages are i18n keys; statuses and
// categories come from the enum registry (common/enums/ticket.ts).

/** Files per message: enough for a screenshot, an invoice and a photo. */
export const MAX_ATTACHMENTS = 3;

const message = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(5000, { error: 'validation.tooLong' });

/** Upload ids from the upload field; empty fields (no file chosen) drop out, repeats count once. */
const attachments = z
  .array(z.string().trim().max(36, { error: 'upload.notFound' }))
  .default([])
  .transform((ids) => [...new Set(ids.filter(Boolean))])
  .refine((ids) => ids.length <= MAX_ATTACHMENTS, { error: 'ticket.tooManyAttachments' });

/** A client's message: the first one of a new ticket, or a reply. */
export const TicketReplySchema = z.object({ message, attachments });
export type TicketReply = z.infer<typeof TicketReplySchema>;

export const TicketInputSchema = TicketReplySchema.extend({
  subject: z
    .string({ error: 'validation.required' })
    .trim()
    .min(1, { error: 'validation.required' })
    .min(3, { error: 'ticket.subjectTooShort' })
    .max(200, { error: 'validation.tooLong' }),
  category: ticketCategory.schema('validation.required'),
});
export type TicketInput = z.infer<typeof TicketInputSchema>;

/**
 * Staff answer in words only: an upload is served to its owner and to staff (upload.service), so a
 * file a staff member attached would be a dead link for the client.
 */
export const StaffReplySchema = z.object({ message });
export type StaffReply = z.infer<typeof StaffReplySchema>;

const TICKET_LIST = { sort: TICKET_SORTS, defaultSort: 'updated', filters: { status: ticketStatus.values } } as const;
export const TicketListQuery = listQuerySchema(TICKET_LIST);
export const TicketListParameters = listApiParameters(TICKET_LIST);

const ADMIN_TICKET_LIST = { sort: ADMIN_TICKET_SORTS, defaultSort: 'waiting', defaultDir: 'asc', filters: { status: ticketStatus.values } } as const;
export const AdminTicketListQuery = listQuerySchema(ADMIN_TICKET_LIST);
export const AdminTicketListParameters = listApiParameters(ADMIN_TICKET_LIST);
