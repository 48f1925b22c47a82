import type { Route } from './+types/invoice-issue';
import { invoiceIssueAction, invoiceIssueLoader } from './invoice.server.ts';

// `/sales/invoice/issue`: where the order page's "Issue invoice" button posts (no screen of its own).
export const loader = () => invoiceIssueLoader();
export const action = (args: Route.ActionArgs) => invoiceIssueAction(args);
