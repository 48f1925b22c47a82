import type { Route } from './+types/credit-note-xml';
import { creditNoteXmlLoader } from './invoice.server.ts';

// `/sales/credit-note/xml?id=`: SRI's notaCredito XML, downloaded (no screen of its own).
export const loader = (args: Route.LoaderArgs) => creditNoteXmlLoader(args);
