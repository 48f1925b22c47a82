import { en } from './en.ts';
import { es } from './es.ts';
import { addCatalogue } from './i18n.ts';

// Both languages, for the server (pages, e-mails, API messages); browsers load one at a time.
addCatalogue('es', es);
addCatalogue('en', en);

export { i18nFor, translator } from './i18n.ts';
