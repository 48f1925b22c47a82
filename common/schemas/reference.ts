import { z } from '#common/zod.ts';
import { MAX_ID as ID_MAX } from '../record-id.ts';
import { numberInput } from './number.ts';

// A field naming another record of the store by its id (a product's category, a review's
// product). The schema checks only that it is an id; the service checks it is the store's.

/** A reference that must be there. */
export const requiredRef = numberInput((n) => n.int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(ID_MAX, { error: 'validation.invalid' }));

/** A reference that may be left out: "" or null is none. */
export const optionalRef = z.preprocess(
  (value) => (value === '' || value === undefined || value === null ? null : value),
  z.coerce.number({ error: 'validation.invalid' }).int({ error: 'validation.invalid' }).positive({ error: 'validation.invalid' }).max(ID_MAX, { error: 'validation.invalid' }).nullable(),
);
