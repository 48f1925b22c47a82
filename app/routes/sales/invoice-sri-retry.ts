import type { Route } from './+types/invoice-sri-retry';
import { invoiceIssueLoader, invoiceSriRetryAction } from './invoice.server.ts';

// `/sales/invoice/sri-retry`: where the invoice page's "Try SRI again" posts (no screen of its own).
export const loader = () => invoiceIssueLoader();
export const action = (args: Route.ActionArgs) => invoiceSriRetryAction(args);
