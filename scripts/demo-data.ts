import type { Db } from '#server/db/database.ts';
import { countUsers } from '#server/modules/user/user.repository.ts';
import { createUser } from '#server/modules/user/user.service.ts';

// For local use only: main.ts never calls this when NODE_ENV=production. The README lists them.
export const DEMO_CLIENT = { email: 'cliente@tiendabox.ec', password: 'demo1234' };
export const DEMO_ADMIN = { email: 'admin@tiendabox.ec', password: 'admin1234' };

const place = { address: 'Av. Amazonas N34-120 y Av. Atahualpa', country: 'Ecuador', state: 'Pichincha', city: 'Quito', zip: '170135' };

/** Loads the demo accounts into an empty database; returns false when there was data already. */
export async function seedDemoData(db: Db): Promise<boolean> {
  if ((await countUsers(db)) > 0) return false;
  await createUser(
    db,
    { ...DEMO_CLIENT, name: 'María', lastname: 'Andrade', documentType: 'cedula', documentNumber: '1710034065', phone: '+593 99 123 4567', ...place },
    { locale: 'es' },
  );
  await createUser(
    db,
    { ...DEMO_ADMIN, name: 'Admin', lastname: 'Tiendabox', documentType: 'passport', documentNumber: 'TBADMIN01', phone: '+593 2 600 0000', ...place },
    { locale: 'es', role: 'admin' },
  );
  return true;
}
