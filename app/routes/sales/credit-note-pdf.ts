import type { Route } from './+types/credit-note-pdf';
import { creditNotePdfLoader } from './invoice.server.ts';

// `/sales/credit-note/pdf?id=`: the credit note's RIDE in the page's language, downloaded (no screen of its own).
export const loader = (args: Route.LoaderArgs) => creditNotePdfLoader(args);
