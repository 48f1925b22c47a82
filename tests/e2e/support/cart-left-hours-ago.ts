// node tests/e2e/support/cart-left-hours-ago.ts <email> <hours>
//
// The abandoned-cart journey's way to let time pass (issue 40 §6, decision 094): the e2e servers
// share one clock with every other journey, so instead of moving it, the shopper's kept cart is
// dated `hours` back in the main server's database, then the reminder's chore runs here, now, as a
// second process's hourly pass would (its conditional update lets one process take the cart). The
// server's own worker then sends the queued e-mail to the SMTP capture. Test code: nothing in the
// server reads it.
import { sql } from 'kysely';
import { loadConfig } from '#server/config.ts';
import { createServiceDeps } from '#server/composition.ts';
import { createDatabase } from '#server/db/database.ts';
import { remindAbandonedCarts } from '#server/modules/sales/abandoned-cart/abandoned-cart-reminder.ts';

const [email, hours] = [process.argv[2] ?? '', Number(process.argv[3] ?? '5')];
const config = loadConfig();
const db = createDatabase(config);
try {
  const left = new Date(Date.now() - hours * 60 * 60 * 1000).toISOString();
  const moved = await sql`update abandoned_cart set updated_at = ${left} where email = ${email.toLowerCase()} and closed = 0`.execute(db);
  const queued = await remindAbandonedCarts(createServiceDeps({ db, config }));
  console.log(JSON.stringify({ moved: Number(moved.numAffectedRows ?? 0), queued }));
} finally {
  await db.destroy();
}
