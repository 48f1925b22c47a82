import { z } from 'zod';
import { listQuerySchema } from '../list-query.ts';

// Shared by the ticket forms, their actions and the JSON API. Messages are i18n keys; the
// category labels live in `ticket.category.*`.
export const TICKET_CATEGORIES = ['shipment', 'package', 'billing', 'store', 'account', 'other'] as const;
export type TicketCategory = (typeof TICKET_CATEGORIES)[number];

export const TICKET_STATUSES = ['open', 'answered', 'closed'] as const;

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
  category: z.enum(TICKET_CATEGORIES, { error: 'validation.required' }),
});
export type TicketInput = z.infer<typeof TicketInputSchema>;

/**
 * Staff answer in words only: an upload is served to its owner and to staff (upload.service), so a
 * file a staff member attached would be a dead link for the client.
 */
export const StaffReplySchema = z.object({ message });
export type StaffReply = z.infer<typeof StaffReplySchema>;

export const TicketListQuery = listQuerySchema({
  sort: ['updated', 'created', 'subject'],
  defaultSort: 'updated',
  filters: { status: TICKET_STATUSES },
});

/** Back office: `waiting` puts open tickets first, the one waiting longest on top. */
export const AdminTicketListQuery = listQuerySchema({
  sort: ['waiting', 'updated', 'created', 'subject'],
  defaultSort: 'waiting',
  defaultDir: 'asc',
  filters: { status: TICKET_STATUSES },
});
