import type { Kysely } from 'kysely';
import { timestampType } from './column-types.ts';

// Frozen once landed. Issue 38 §2: an invitation the owner withdrew is spent as an accepted one is
// (`used_at`, so a withdrawal and an acceptance race on one conditional update), and also says so
// here, so that the link's landing tells the invitee "withdrawn" rather than "already used".
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('store_invitation').addColumn('withdrawn_at', timestampType(db)).execute();
}
