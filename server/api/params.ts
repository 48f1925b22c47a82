import { z } from 'zod';
import { recordIdSchema } from '#common/record-id.ts';

export { MAX_ID } from '#common/record-id.ts';

/** `/:id` of an API route: a record id (common/record-id.ts); a larger one is a 400, never a 500 from the database. */
export const IdParams = z.object({ id: recordIdSchema() });
