import { type Kysely, sql } from 'kysely';

// Frozen once landed. One order for banners (issue 20 §13): the form counted from 0, the list from
// 1, and a typed order could give two banners one number. From now on a store's banners are
// numbered 1, 2, 3… with no gaps; this numbers the existing ones so, in the order they were shown.
// One statement for every store (a window function, on SQLite and PostgreSQL alike): raw SQL, as
// a migration acts for no one store (the store guard, decision 042, reads Kysely's queries only).
export async function up(db: Kysely<any>): Promise<void> {
  await sql`update banner set sort_order = (select ranked.position from (select id, row_number() over (partition by store_id order by sort_order, id) as position from banner) ranked where ranked.id = banner.id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update banner set sort_order = sort_order - 1`.execute(db);
}
