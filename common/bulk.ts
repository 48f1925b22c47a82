import { z } from '#common/zod.ts';
import { parseRecordIdList, recordIdNumber } from './record-id.ts';

// The list's actions on many records at once (issue 11 §8): each resource declares which columns an
// action writes; `delete` is every resource's. One body for the page's form, the action and the API.

export const BULK_ACTIONS = ['enable', 'disable', 'feature', 'unfeature', 'publish', 'unpublish', 'approve', 'reject', 'delete'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** At most this many records per call: a page of the list is 25, and a request stays short. */
export const MAX_BULK_IDS = 100;

/** What each of a resource's actions other than delete writes: `{ enable: { enabled: true } }`. */
export type BulkChanges = Partial<Record<Exclude<BulkAction, 'delete'>, Record<string, boolean | string>>>;

/** The switches of a record's `enabled` column: most resources' only bulk changes. */
export const enabledActions = { enable: { enabled: true }, disable: { enabled: false } } as const satisfies BulkChanges;

/** The actions a resource offers, in the order the bulk bar shows them (delete last). */
export const bulkActionsOf = (changes: BulkChanges): BulkAction[] => [...BULK_ACTIONS.filter((action) => action !== 'delete' && action in changes), 'delete'];

/** The body of a bulk call: one of the resource's actions and 1–100 record ids. */
export function bulkBody(actions: readonly BulkAction[]) {
  return z.object({
    action: z.enum(actions as [BulkAction, ...BulkAction[]], { error: 'bulk.unknownAction' }),
    ids: z
      .array(recordIdNumber('bulk.badIds'), { error: 'bulk.noneSelected' })
      .min(1, { error: 'bulk.noneSelected' })
      .max(MAX_BULK_IDS, { error: 'bulk.tooMany' }),
  });
}

/** The ids as a form sends them, one field `ids=3,7,9`: anything not a record id is left as NaN for the schema to refuse. */
export const idsFromForm = (value: string | undefined | null): number[] => parseRecordIdList(value);
