import type { Route } from './+types/invoice-xml';
import { invoiceXmlLoader } from './invoice.server.ts';

// `/sales/invoice/xml?id=`: SRI's factura XML, downloaded (no screen of its own).
export const loader = (args: Route.LoaderArgs) => invoiceXmlLoader(args);
