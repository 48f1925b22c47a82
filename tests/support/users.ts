import type { Db } from '#server/db/database.ts';
import type { Role } from '#server/db/schema.ts';
import { createSession } from '#server/modules/auth/session.service.ts';
import { createUser } from '#server/modules/user/user.service.ts';

let count = 0;

/** A user made through the same service registration uses, with a logged-in cookie. */
export async function makeUser(db: Db, role: Role = 'client', locale: 'es' | 'en' = 'es') {
  const email = `${role}${++count}-${Date.now()}@example.com`;
  const { id, lockerCode } = await createUser(
    db,
    {
      email,
      password: 'secret123',
      name: `Test${count}`,
      lastname: 'User',
      documentType: 'passport',
      documentNumber: `P${100000 + count}`,
      phone: '+593 99 000 0000',
      address: 'Av. Amazonas 100',
      country: 'Ecuador',
      state: 'Pichincha',
      city: 'Quito',
      zip: '170135',
    },
    { locale, role },
  );
  const token = await createSession(db, id);
  return { id, email, lockerCode, cookie: `tiendabox_session=${token}` };
}
