// A second process writing to the same SQLite file as the test (sqlite-dialect.test.ts): each
// transaction reads the highest number and inserts the next one, as a service's "check, then
// write" does. Prints how many transactions it committed and the errors it met, as JSON.
import { sql } from 'kysely';
import { createDatabase } from '#server/db/database.ts';

const [file, count] = process.argv.slice(2) as [string, string];
const db = createDatabase({ databaseUrl: `sqlite:${file}`, dataDir: '' });
const errors: string[] = [];
let committed = 0;
for (let round = 0; round < Number(count); round++) {
  try {
    await db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ top: number | null }>`select max(n) as top from counter`.execute(trx);
      await sql`insert into counter (n) values (${(rows[0]?.top ?? 0) + 1})`.execute(trx);
    });
    committed += 1;
  } catch (error) {
    errors.push(String((error as Error).message));
  }
}
await db.destroy();
process.stdout.write(JSON.stringify({ committed, errors: errors.slice(0, 3) }));
