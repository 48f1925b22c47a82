import { type Kysely, sql } from 'kysely';

// Frozen once landed. One account per cédula (issue 40, defect 10, decision 096): a cédula names
// one person in Ecuador, and two accounts were registered with the same one. The service refuses a
// second with a message; this unique index makes two registrations racing for one cédula end in
// that message too. Passports are left out: numbers of different countries may coincide, and staff
// made by scripts/create-user.ts share the placeholder 'PENDING'.
//
// As decision 044 did for SKUs: a database whose accounts already share a cédula keeps them as they
// are (which account is the person's is not ours to decide behind their back), says so and gets no
// index; the service still refuses every new duplicate.
export async function up(db: Kysely<any>): Promise<void> {
  // Across every account, once: raw SQL (the user table is not a store's).
  const { rows } = await sql<{ count: number }>`select count(*) as count from (select document_number from "user" where document_type = 'cedula' group by document_number having count(*) > 1) as shared`.execute(db);
  const shared = Number(rows[0]?.count ?? 0);
  if (shared > 0) {
    console.warn(`migration unique-cedula: ${shared} cédula(s) belong to more than one account; the unique index is not made (decision 096)`);
    return;
  }
  await db.schema.createIndex('user_cedula_unique').on('user').column('document_number').unique().where(sql.ref('document_type'), '=', 'cedula').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('user_cedula_unique').ifExists().execute();
}
