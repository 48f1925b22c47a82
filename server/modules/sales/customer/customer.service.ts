import type { CustomerInput, CustomerListQuery } from '#common/schemas/sales-customer.ts';
import { AppError, isUniqueViolation, notFound } from '#server/errors.ts';
import { ordersOfCustomer } from '#server/modules/sales/order/order.service.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import { changedFields, emit } from '#server/events/events.ts';
import { customerEventData } from '#server/modules/sales/checkout/order-event-data.ts';
import * as customers from './customer.repository.ts';

export const listCustomers = (deps: ServiceDeps, scope: StoreScope, query: CustomerListQuery) => customers.listCustomers(deps.db, scope, query);

/** One customer of the store with their orders, how many and the sum of those not cancelled; another store's is not found. */
export async function getCustomer(deps: ServiceDeps, scope: StoreScope, id: number) {
  const customer = await customers.findCustomer(deps.db, scope, id);
  if (!customer) throw notFound();
  const { rows, orderCount, totalCents } = await ordersOfCustomer(deps, scope, id);
  return { customer, orders: rows, orderCount, totalCents };
}

/** The fields whose before and after a customer's `customer.updated` records. */
const CUSTOMER_EVENT_FIELDS = ['name', 'email', 'phone', 'documentType', 'documentNumber', 'address', 'city', 'province'] as const;

const emailTaken = () => new AppError('customer.emailTaken', 409, { field: 'email' });

/**
 * The owner corrects a customer's contact data, under the checkout's rules (the schema checks the
 * document). The e-mail is the customer's key in the store: another customer's is a 409 on the field.
 * Their orders keep the data they were placed with.
 */
export async function updateCustomer(deps: ServiceDeps, scope: StoreScope, id: number, input: CustomerInput) {
  if (!(await customers.findCustomer(deps.db, scope, id))) throw notFound();
  if (await customers.emailTaken(deps.db, scope, input.email, id)) throw emailTaken();
  try {
    await inTransaction(deps, async (tx) => {
      const before = await customers.findCustomer(tx.db, scope, id);
      if (!before) throw notFound();
      const after = { ...before, ...input, updatedAt: tx.clock.now().toISOString() };
      await customers.updateCustomer(tx.db, scope, id, { ...input, updatedAt: after.updatedAt });
      await emit(tx, {
        type: 'customer.updated',
        storeId: scope.storeId,
        resource: { kind: 'customer', id, label: after.name || after.email },
        data: customerEventData(after),
        changes: changedFields(before, after, CUSTOMER_EVENT_FIELDS),
      });
    });
  } catch (error) {
    // Two edits at once to the same e-mail: the unique index decides.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}
