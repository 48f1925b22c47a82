import { enDashboard } from './en-dashboard.ts';
import { en } from './en.ts';
import { esDashboard } from './es-dashboard.ts';
import { es } from './es.ts';
import { addCatalog } from './i18n.ts';

// Both languages whole, for the server (pages, e-mails, API messages); browsers load one language
// at a time, and of it the parts a page needs (load-catalog.ts).
addCatalog('es', 'base', es);
addCatalog('es', 'dashboard', esDashboard);
addCatalog('en', 'base', en);
addCatalog('en', 'dashboard', enDashboard);

/** Every message of each language, both parts, as tests read them. */
export const messages = { es: { ...es, ...esDashboard }, en: { ...en, ...enDashboard } };

export { i18nFor, translator } from './i18n.ts';
