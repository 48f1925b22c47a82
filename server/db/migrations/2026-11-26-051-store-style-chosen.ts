import { type Kysely, sql } from 'kysely';
import { timestampType } from './column-types.ts';

// Frozen: a landed migration is never edited. When the owner last saved the store's design (its
// logo and style), for the desk's set-up checklist (issue 20 §23): every store has a style from
// the start (1, warm), so only this says whether the owner has chosen one.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store').addColumn('style_chosen_at', timestampType(db)).execute();
  // A store that already left the default style or has a logo had its design saved: its last change is the best date we have.
  await db
    .updateTable('store')
    .set({ style_chosen_at: sql.ref('updated_at') })
    .where((eb) => eb.or([eb('style', '<>', 1), eb('logo', 'is not', null)]))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store').dropColumn('style_chosen_at').execute();
}
