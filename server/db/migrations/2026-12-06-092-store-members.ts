import { type Kysely, sql } from 'kysely';
import { idColumn, timestampType } from './column-types.ts';

// Frozen once landed. Issue 38 §1–§2 (decision 088): a store is run by its members, each with one
// role. The owner is a member too (role `owner`), and stays the store's `user_id` as well: the plan,
// the renewal e-mails and the account's deletion follow the owner through it. Every store's owner
// becomes its first member here. An invitation keeps only its token's hash, as a password reset
// does, and works once before it expires. A session and an access token remember the store they act
// on (the header's switcher, the token's store when it was made).
export async function up(db: Kysely<any>): Promise<void> {
  const text = (length: number) => `varchar(${length})` as const;
  await db.schema
    .createTable('store_member')
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('user.id').onDelete('cascade'))
    .addColumn('role', text(16), (col) => col.notNull())
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addPrimaryKeyConstraint('store_member_pk', ['store_id', 'user_id'])
    .execute();
  await db.schema.createIndex('store_member_user').on('store_member').column('user_id').execute();
  // Exactly one owner a store: the database holds it as well as the service.
  await sql`create unique index store_member_one_owner on store_member (store_id) where role = 'owner'`.execute(db);
  await sql`insert into store_member (store_id, user_id, role, created_at) select id, user_id, 'owner', created_at from store`.execute(db);

  await db.schema
    .createTable('store_invitation')
    .addColumn('id', ...idColumn(db))
    .addColumn('store_id', 'integer', (col) => col.notNull().references('store.id').onDelete('cascade'))
    .addColumn('email', text(254), (col) => col.notNull())
    .addColumn('role', text(16), (col) => col.notNull())
    .addColumn('token_hash', text(64), (col) => col.notNull().unique())
    .addColumn('invited_by', 'integer', (col) => col.references('user.id').onDelete('set null'))
    .addColumn('created_at', timestampType(db), (col) => col.notNull())
    .addColumn('expires_at', timestampType(db), (col) => col.notNull())
    /** Set when accepted or withdrawn: an invitation works once. */
    .addColumn('used_at', timestampType(db))
    .execute();
  await db.schema.createIndex('store_invitation_store').on('store_invitation').columns(['store_id', 'created_at']).execute();

  await db.schema.alterTable('session').addColumn('acting_store_id', 'integer', (col) => col.references('store.id').onDelete('set null')).execute();
  await db.schema.alterTable('access_token').addColumn('acting_store_id', 'integer', (col) => col.references('store.id').onDelete('cascade')).execute();
}
