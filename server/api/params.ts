import { z } from 'zod';

/** The largest id a table holds: PostgreSQL's `integer`. A larger one is a 400, never a 500 from the database. */
export const MAX_ID = 2_147_483_647;

/** `/:id` of an API route: a positive integer in the tables' range. */
export const IdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID) });
