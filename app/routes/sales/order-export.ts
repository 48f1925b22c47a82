import type { Route } from './+types/order-export';
import { orderExportLoader } from './order-papers.server.ts';

// `/sales/order/export?status=&paymentState=&q=&from=&to=…`: every order the list's filters pick, as a CSV file in the page's language (no screen of its own).
export const loader = (args: Route.LoaderArgs) => orderExportLoader(args);
