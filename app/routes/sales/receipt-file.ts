import type { Route } from './+types/receipt-file';
import { receiptFileLoader } from './payment.server.ts';

// `/sales/order/receipt?id=`: a transfer receipt the shopper sent, for the owner to look at (no screen of its own).
export const loader = (args: Route.LoaderArgs) => receiptFileLoader(args);
