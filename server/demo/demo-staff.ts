import { addMemberDirectly, inviteMember } from '#server/modules/staff/staff.service.ts';
import { createUser } from '#server/modules/user/user.service.ts';
import type { ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';

// The demo store's team (issue 38 §8): an orders clerk who signs in with the README's password,
// works the orders and cannot open the products, and an invitation still waiting for its answer.
export const DEMO_CLERK = { email: 'pedidos@tiendabox.ec', password: 'pedidos1234' };

export async function seedDemoStaff(deps: ServiceDeps, scope: StoreScope, ownerId: number): Promise<void> {
  const clerk = await createUser(
    deps,
    {
      ...DEMO_CLERK,
      name: 'Jorge',
      lastname: 'Pazmiño',
      documentType: 'passport',
      documentNumber: 'TBCLERK01',
      phone: '+593 98 765 4321',
      address: 'Av. 10 de Agosto N25-30',
      country: 'Ecuador',
      state: 'Pichincha',
      city: 'Quito',
      zip: '170143',
    },
    { locale: 'es' },
  );
  await addMemberDirectly(deps, scope, clerk.id, 'orders');
  // Its e-mail leaves through the queue like any other (to data/mail/ when SMTP_URL is unset).
  await inviteMember(deps, scope, { userId: ownerId, role: 'owner' }, { email: 'catalogo@tiendabox.ec', role: 'catalogue' }, { locale: 'es' });
}
