import type { OrderNoteInput } from '#common/schemas/order-papers.ts';
import { notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { wakeWorkers } from '#server/modules/job/job-queue.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as papers from './order-papers.repository.ts';
import { findOrder } from './order.repository.ts';
import type { Actor } from './order.service.ts';

// A note to the shopper (issue 40 §3): the owner writes from the order page; the note is kept on the
// order and its `order.note_sent` event, in the same transaction, has its subscriber queue the
// shopper's e-mail in the order's language (order-subscribers.ts, drawn by the shopper-mail module), sent after the commit.

export async function sendOrderNote(deps: ServiceDeps, scope: StoreScope, actor: Actor, orderId: number, input: OrderNoteInput): Promise<void> {
  const order = await findOrder(deps.db, scope, orderId);
  if (!order) throw notFound();
  await inTransaction(deps, async (tx) => {
    await papers.insertOrderNote(tx.db, scope, { orderId, body: input.message, userId: actor.userId, at: tx.clock.now().toISOString() });
    await emit(tx, { type: 'order.note_sent', storeId: scope.storeId, resource: { kind: 'order', id: orderId, label: `#${order.number}` }, data: { orderId, number: order.number, note: input.message } });
  });
  // The mail was queued inside the transaction, which woke no worker: it leaves now.
  wakeWorkers(deps.db);
}

/** The notes sent to an order's shopper, oldest first, with who wrote each (the order page). */
export async function notesOfOrder(deps: ServiceDeps, scope: StoreScope, orderId: number) {
  const rows = await papers.orderNotes(deps.db, scope, orderId);
  return rows.map(({ userName, userLastname, ...note }) => ({ ...note, userName: userName === null ? null : `${userName} ${userLastname ?? ''}`.trim() }));
}
