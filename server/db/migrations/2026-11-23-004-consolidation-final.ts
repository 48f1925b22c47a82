import type { Kysely } from 'kysely';

// Frozen: a landed migration is never edited. What the warehouse measures when it packs a
// consolidation (weight, cost) and the outbound carrier's tracking number; null until staff enter them.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consolidation').addColumn('final_weight_lb', 'real').execute();
  await db.schema.alterTable('consolidation').addColumn('final_cost_cents', 'integer').execute();
  await db.schema.alterTable('consolidation').addColumn('outbound_tracking', 'varchar(100)').execute();
  await repointPackageNotices(db);
}

/**
 * "Package received" notifications of a package with no alert used to open the consolidation screen:
 * they now open the package (/package/show), old ones included. Exported for its test.
 */
export async function repointPackageNotices(db: Kysely<any>): Promise<void> {
  // Aliases without underscores: the app's CamelCasePlugin would rename `user_id` in the rows.
  const notices = await db.selectFrom('notification').select(['id', 'user_id as owner', 'params']).where('kind', '=', 'package_received').where('link', '=', '/consolidate/new').execute();
  for (const notice of notices) {
    let tracking: unknown;
    try {
      tracking = (JSON.parse(notice.params) as { tracking?: unknown }).tracking;
    } catch {
      continue;
    }
    if (typeof tracking !== 'string') continue;
    const found = await db.selectFrom('package').select('id').where('user_id', '=', notice.owner).where('tracking_number', '=', tracking).orderBy('id', 'desc').executeTakeFirst();
    if (found) await db.updateTable('notification').set({ link: `/package/show?id=${found.id}` }).where('id', '=', notice.id).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('consolidation').dropColumn('outbound_tracking').execute();
  await db.schema.alterTable('consolidation').dropColumn('final_cost_cents').execute();
  await db.schema.alterTable('consolidation').dropColumn('final_weight_lb').execute();
}
