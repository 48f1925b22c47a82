import { data, type LoaderFunctionArgs, redirect } from 'react-router';
import { idsFromForm } from '#common/bulk.ts';
import { isCarrier } from '#common/carriers.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { BulkShipSchema, readShipmentForm } from '#common/schemas/shipment.ts';
import { parseWith } from '#common/forms.ts';
import { currentUser } from '#app/lib/current-user.server.ts';
import { echo, failure } from '#app/lib/form-action.server.ts';
import type { FormResult } from '#app/lib/form-result.ts';
import { services } from '#app/lib/services.server.ts';
import { requireCan, storeScope } from '#app/lib/store-scope.server.ts';

// Shipping from the dashboard (issue 40 §2, §3): what the order page's loader adds (its shipments
// and the units left to ship), the order page's ship form (`intent=ship`) and the order list's bulk
// actions (`intent=markPaid|ship`). Thin adapters over the shipment and order-bulk services.

type Context = LoaderFunctionArgs['context'];

/** The order's shipments, in the page's language, and what each line has left to ship. */
export async function orderShipmentsOf(context: Context, request: Request, orderId: number) {
  const scope = storeScope(context);
  const locale = localeFromPath(new URL(request.url).pathname);
  const [shipments, toShip] = await Promise.all([services(context).shipments.listShipments(scope, orderId, locale), services(context).shipments.unitsLeft(scope, orderId)]);
  return { shipments, toShip };
}

/** The order page's ship form: recorded → back to the order with a notice; refused → the dialog again with what was typed. */
export async function shipAction(request: Request, context: Context, orderId: number, values: Record<string, string>) {
  requireCan(context, { area: 'orders', write: true });
  const parsed = readShipmentForm(values);
  if (!parsed.ok) return data<FormResult>({ errors: parsed.errors, values: echo(values), intent: 'ship' }, { status: 400 });
  try {
    await services(context).shipments.shipOrder(storeScope(context), orderId, parsed.data, { userId: currentUser(context).id });
  } catch (error) {
    const mapped = failure(error, values);
    return data<FormResult>({ ...mapped.data, intent: 'ship' }, { status: mapped.init?.status ?? 409 });
  }
  return redirect(`${localizePath('/sales/order/show', localeFromPath(new URL(request.url).pathname))}?id=${orderId}&notice=shipped`);
}

export type BulkAnswer = { bulk: { action: 'markPaid' | 'ship'; done: { id: number; number: number }[]; skipped: { id: number; number: number | null; reason: string }[] } } | { bulkError: string };

/**
 * The order list's bulk actions: every order in its own transaction (order-bulk.service.ts), the
 * answer says which were done and which were skipped and why; the list reloads under it.
 */
export async function orderBulkAction(context: Context, values: Record<string, string>) {
  requireCan(context, { area: 'orders', write: true });
  const scope = storeScope(context);
  const actor = { userId: currentUser(context).id };
  const ids = idsFromForm(values.ids);
  if (values.intent === 'markPaid') {
    const parsed = parseWith(BulkShipSchema.shape.orders, ids.map((orderId) => ({ orderId, trackingNumber: '' })));
    if (!parsed.ok) return data<BulkAnswer>({ bulkError: Object.values(parsed.errors)[0]! }, { status: 400 });
    return { bulk: { action: 'markPaid', ...(await services(context).orderBulk.markOrdersPaid(scope, actor, ids)) } } satisfies BulkAnswer;
  }
  if (values.intent === 'ship') {
    const parsed = parseWith(BulkShipSchema, { carrier: isCarrier(values.carrier) ? values.carrier : undefined, orders: ids.map((orderId) => ({ orderId, trackingNumber: values[`tracking-${orderId}`] ?? '' })) });
    if (!parsed.ok) return data<BulkAnswer>({ bulkError: Object.values(parsed.errors)[0]! }, { status: 400 });
    return { bulk: { action: 'ship', ...(await services(context).orderBulk.shipOrders(scope, actor, parsed.data)) } } satisfies BulkAnswer;
  }
  throw data(null, { status: 400 });
}
