import { z } from '#common/zod.ts';

// Every record id that comes in from outside — a path, a query string (`?id=`, `?cascadeOf=`,
// `?open=`, `?after=`), a form field, an id list of a bulk action, an API body — is read here, one
// way: a whole number from 1 to MAX_ID. PostgreSQL's `integer` ends at 2³¹ − 1; a larger id
// reached the database and was a 500 ("integer out of range") where SQLite found nothing (issue 21).

/** The largest id a table holds: PostgreSQL's `integer`. */
export const MAX_ID = 2_147_483_647;

/** Whether a number is a record id. */
export const isRecordId = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_ID;

/** A record id from text as a URL or a form carries it (`"42"`), or null for anything else. */
export function parseRecordId(text: string | null | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const id = Number(text);
  return isRecordId(id) ? id : null;
}

/** An id list as a form or a URL carries it (`"3,7,9"`): a part that is not a record id is NaN, for a schema to refuse. */
export function parseRecordIdList(text: string | null | undefined): number[] {
  return text ? text.split(',').map((part) => parseRecordId(part.trim()) ?? Number.NaN) : [];
}

/** The zod schema of a record id, as a number or its text (a URL, a form), with the message a wrong one shows. */
export const recordIdSchema = (error: string = 'validation.invalid') =>
  z.coerce.number({ error }).int({ error }).min(1, { error }).max(MAX_ID, { error });

/** The same for a JSON body, where an id is a number and nothing else. */
export const recordIdNumber = (error: string = 'validation.invalid') => z.number({ error }).int({ error }).min(1, { error }).max(MAX_ID, { error });
