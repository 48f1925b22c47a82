import type { Route } from './+types/invoice-pdf';
import { invoicePdfLoader } from './invoice.server.ts';

// `/sales/invoice/pdf?id=`: the RIDE in the page's language, downloaded (no screen of its own).
export const loader = (args: Route.LoaderArgs) => invoicePdfLoader(args);
