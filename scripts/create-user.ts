// npm run user:create -- --email ana@example.com --role admin [--password …] [--name Ana] [--lastname …]
import { randomBytes } from 'node:crypto';
import { role as roles } from '#common/enums/accounts.ts';
import { PASSWORD_MIN } from '#common/schemas/user.ts';
import { EmailSchema } from '#common/schemas/user.ts';
import { loadConfig } from '#server/config.ts';
import { createDatabase } from '#server/db/database.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { AppError } from '#server/errors.ts';
import { createUser } from '#server/modules/user/user.service.ts';
import { createServiceDeps } from '#server/composition.ts';
import { parseArgs } from './cli-args.ts';

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const email = EmailSchema.safeParse(args.email ?? '');
  const role = roles.values.find((r) => r === (args.role ?? 'client'));
  if (!email.success || !role) {
    console.error('usage: npm run user:create -- --email EMAIL [--role client|staff|admin] [--password P] [--name N] [--lastname L]');
    process.exit(2);
  }
  const generated = !args.password;
  const password = args.password ?? randomBytes(12).toString('base64url');
  if (password.length < PASSWORD_MIN) {
    console.error(`the password needs at least ${PASSWORD_MIN} characters`);
    process.exit(2);
  }
  const config = loadConfig();
  const db = createDatabase(config);
  try {
    await migrateToLatest(db);
    const { lockerCode } = await createUser(
      createServiceDeps({ db, config }),
      {
        email: email.data,
        password,
        name: args.name ?? email.data.split('@')[0]!,
        lastname: args.lastname ?? '',
        // Staff complete their own profile later; the placeholders are not a valid document on purpose.
        documentType: 'passport',
        documentNumber: 'PENDING',
        phone: '',
        address: '',
        country: 'Ecuador',
        state: '',
        city: '',
        zip: '',
      },
      { locale: 'es', role },
    );
    console.log(`created ${role} ${email.data} (${lockerCode})${generated ? ` with password ${password}` : ''}`);
  } catch (error) {
    console.error(error instanceof AppError && error.code === 'auth.duplicate' ? `${email.data} is already registered` : error);
    process.exitCode = 1;
  } finally {
    await db.destroy();
  }
}

await main();
