import { type Kysely, sql } from 'kysely';
import { isPostgres } from './column-types.ts';

// Frozen once landed. The product form of issue 20 (§19, §20):
// * the description becomes formatted text (the page editor's sanitized HTML) of more than 500
//   characters: PostgreSQL's varchar(500) becomes text (SQLite never enforced the length), and the
//   plain text already saved becomes one escaped paragraph, so it shows as it was typed;
// * a compare-at price ("before" price, shown struck through), in cents, absent by default.
export async function up(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) await sql`alter table product alter column description type text`.execute(db);
  await sql`update product set description = '<p>' || replace(replace(replace(description, '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>' where description <> ''`.execute(db);
  await db.schema.alterTable('product').addColumn('compare_at_cents', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('product').dropColumn('compare_at_cents').execute();
}
