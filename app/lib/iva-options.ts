import type { TFunction } from 'i18next';
import { ivaLabel, OFFERED_IVA_CODES } from '#common/iva.ts';

// The IVA choices of a select (a product's, a variant's, shipping's), in the order SRI's RIDE
// lists them, each labelled in the page's language; the value is SRI's code (common/iva.ts).
export const ivaOptions = (t: TFunction) => OFFERED_IVA_CODES.map((code) => ({ value: code, label: t(ivaLabel(code)) }));
