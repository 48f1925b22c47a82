import { afterAll, beforeAll, expect, it } from 'vitest';
import { ownStoreScope } from '#server/tenancy/store-scope.ts';
import { makeStore } from '../../tests/support/factories.ts';
import { createTestDatabase, type TestDatabase } from '../../tests/support/test-db.ts';
import { DEMO_CLERK, seedDemoStaff } from './demo-staff.ts';

// The demo store's team (issue 38 §8): the README's orders clerk signs in with its password and is
// a member with the role `orders`; an invitation waits, listed to the owner.
let t: TestDatabase;

beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.dispose());

it('adds the orders clerk of the README and a pending invitation', async () => {
  const store = await makeStore(t);
  const scope = (await ownStoreScope(t.deps, { userId: store.owner.id }))!;
  await seedDemoStaff(t.deps, scope, store.owner.id);
  const { userId } = await t.services.auth.login(DEMO_CLERK, { ip: '10.8.0.1' });
  const page = await t.services.staff.staffPage(scope, { userId: store.owner.id, role: 'owner' });
  expect(page.members.map((member) => [member.email, member.role])).toEqual([
    [store.owner.email, 'owner'],
    [DEMO_CLERK.email, 'orders'],
  ]);
  expect(page.members[1]!.userId).toBe(userId);
  expect(page.invitations.map((invitation) => [invitation.email, invitation.role, invitation.expired])).toEqual([['catalogo@tiendabox.ec', 'catalogue', false]]);
});
