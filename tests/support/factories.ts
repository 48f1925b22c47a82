import type { Locale } from '#common/locale.ts';
import { NewStoreSchema } from '#common/schemas/store.ts';
import type { Role } from '#server/db/schema.ts';
import { createSession } from '#server/modules/auth/session.service.ts';
import { createStore } from '#server/modules/store/store.service.ts';
import { createUser } from '#server/modules/user/user.service.ts';
import { TEST_PERSON } from './forms.ts';
import type { ServiceDeps } from '#server/service-deps.ts';

// The one place tests make users and stores, always through the services users go through.

/** A test database or app: its services' dependencies are what the factories go through. */
export type Factory = { deps: ServiceDeps };

let count = 0;
const unique = () => `${++count}-${process.pid}-${Date.now().toString(36)}`;

export const TEST_PASSWORD = 'secret123';

/** A person as registration takes one; `email` unique unless given. */
export function personInput(overrides: Partial<Parameters<typeof createUser>[1]> = {}) {
  const n = unique();
  return {
    email: `user-${n}@example.com`,
    password: TEST_PASSWORD,
    ...TEST_PERSON,
    documentType: 'passport' as const,
    documentNumber: `P${n}`.slice(0, 20),
    ...overrides,
  };
}

export type TestUser = { id: number; email: string; password: string; lockerCode: string; role: Role; cookie: string };

/** A client (or the role given), made as registration makes one, with a logged-in session cookie. */
export async function makeUser(t: Factory, options: { role?: Role; locale?: Locale; email?: string; name?: string; lastname?: string } = {}): Promise<TestUser> {
  const role = options.role ?? 'client';
  const input = personInput({ email: options.email ?? `${role}-${unique()}@example.com`, ...(options.name ? { name: options.name } : {}), ...(options.lastname ? { lastname: options.lastname } : {}) });
  const { id, lockerCode } = await createUser(t.deps, input, { locale: options.locale ?? 'es', role });
  const token = await createSession(t.deps, id);
  return { id, email: input.email, password: input.password, lockerCode, role, cookie: `tiendabox_session=${token}` };
}

export const makeStaff = (t: Factory, options: { locale?: Locale } = {}) => makeUser(t, { ...options, role: 'staff' });
export const makeAdmin = (t: Factory, options: { locale?: Locale } = {}) => makeUser(t, { ...options, role: 'admin' });

export type TestStore = { id: number; slug: string; name: string; owner: TestUser };

/** A store with its owner (a new client unless given), opened through the store service. */
export async function makeStore(t: Factory, options: { owner?: TestUser; name?: string; slug?: string } = {}): Promise<TestStore> {
  const owner = options.owner ?? (await makeUser(t));
  const n = unique();
  const input = NewStoreSchema.parse({ name: options.name ?? `Tienda ${count}`, slug: options.slug ?? `tienda-${n}`.slice(0, 40).replace(/-+$/, ''), section: 'other' });
  const id = await createStore(t.deps, { userId: owner.id }, input);
  return { id, slug: input.slug, name: input.name, owner };
}
