import type { Role } from '#server/db/schema.ts';
import type { Services } from '#server/services.ts';

let count = 0;

/** A user made through the same service registration uses, with a logged-in cookie. */
export async function makeUser({ users, sessions }: Services, role: Role = 'client', locale: 'es' | 'en' = 'es') {
  const email = `${role}${++count}-${Date.now()}@example.com`;
  const { id, lockerCode } = await users.createUser(
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
  const token = await sessions.createSession(id);
  return { id, email, lockerCode, cookie: `tiendabox_session=${token}` };
}
