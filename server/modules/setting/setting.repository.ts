import type { Db } from '#server/db/database.ts';
import type { SettingTable } from '#server/db/schema.ts';

export async function findValue(db: Db, key: string) {
  return (await db.selectFrom('setting').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function putValue(db: Db, row: SettingTable) {
  await db
    .insertInto('setting')
    .values(row)
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: row.value, updatedAt: row.updatedAt }))
    .execute();
}
