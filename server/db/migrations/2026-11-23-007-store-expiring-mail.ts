import type { Kysely } from 'kysely';

// Frozen: a landed migration is never edited. The plan-expiry reminder (kind `store_expiring`)
// arrives by e-mail by default, as every client kind does for a new account; accounts made before
// the kind existed have it added once, here. Who turns it off later keeps it off.
export async function up(db: Kysely<any>): Promise<void> {
  const users = await db.selectFrom('user').select(['id', 'email_notifications as kinds']).execute();
  for (const user of users) {
    let kinds: unknown;
    try {
      kinds = JSON.parse(user.kinds);
    } catch {
      continue;
    }
    if (!Array.isArray(kinds) || kinds.includes('store_expiring')) continue;
    await db.updateTable('user').set({ email_notifications: JSON.stringify([...kinds, 'store_expiring']) }).where('id', '=', user.id).execute();
  }
}

export async function down(): Promise<void> {
  // Nothing to undo: an extra kind in a saved list is harmless to the code before it.
}
