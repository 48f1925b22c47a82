import { z } from '#common/zod.ts';
import { MAX_ID } from '../record-id.ts';

// Invoices (issue 23 §5): the list's query (search, issue-date range, page) and the issue request.
// The list lives in the URL; anything unexpected falls back to no filter rather than an error.

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)) && new Date(`${value}T12:00:00Z`).toISOString().startsWith(value));

export const InvoiceListQuerySchema = z.object({
  q: z.string().trim().max(100).catch(''),
  /** First issue day shown, `yyyy-mm-dd` on Ecuador's calendar. */
  from: day.nullable().catch(null),
  /** Last issue day shown, inclusive. */
  to: day.nullable().catch(null),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type InvoiceListQuery = z.infer<typeof InvoiceListQuerySchema>;

export const IssueInvoiceSchema = z.object({
  orderId: z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).min(1, { error: 'validation.invalid' }).max(MAX_ID, { error: 'validation.invalid' }),
});
export type IssueInvoiceInput = z.infer<typeof IssueInvoiceSchema>;

/**
 * Where an invoice stands with SRI (issue 37 §6): issued → signed (with the store's certificate) →
 * received (SRI's reception took it) → authorized | rejected (returned, or not authorized).
 */
export const SRI_STATUSES = ['issued', 'signed', 'received', 'authorized', 'rejected'] as const;
export type SriStatus = (typeof SRI_STATUSES)[number];
