import { randomUUID } from 'node:crypto';
import { MONEY_TAKEN } from '#common/enums/payment.ts';
import type { Locale } from '#common/locale.ts';
import { KIND_EXTENSIONS, KIND_TYPES, UPLOAD_PURPOSES } from '#common/upload-limits.ts';
import { AppError, notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { wakeWorkers } from '#server/modules/job/job-queue.ts';
import { findOrderByCode } from '#server/modules/sales/checkout/checkout.repository.ts';
import { type Actor, changeOrderStatus } from '#server/modules/sales/order/order.service.ts';
import * as orders from '#server/modules/sales/order/order.repository.ts';
import { shipmentsOfOrder } from '#server/modules/sales/shipment/shipment-view.ts';
import { checkedFile } from '#server/modules/upload/upload.service.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import * as payments from './payment.repository.ts';
import * as receipts from './receipt.repository.ts';

// Transfer receipts (issue 39 §4). The shopper uploads a photo or PDF of the transfer on the order
// page; it is checked by its content and cleaned as every upload is (upload.service.ts's
// checkedFile, with the casillero invoices' kinds and limits), kept in the storage, and the owner
// hears of it (receipt-subscribers.ts). The owner then confirms it — the order moves to paid
// through the owner's own move, which records the manual payment as who and when — or rejects it
// with a reason the shopper is e-mailed. Decisions move a receipt only from `submitted`.

/** What a receipt may be: a photo (JPEG, PNG, WebP; an AVIF kept as WebP) or a PDF, as a casillero invoice. */
export const RECEIPT_KINDS = UPLOAD_PURPOSES.invoice;
/** Enough for a shopper who sends a blurry photo, then a better one, then the bank's PDF; not a disk to fill. */
export const MAX_RECEIPTS_PER_ORDER = 10;
/** The owner's reason, as the column keeps it. */
export const MAX_REASON_LENGTH = 300;

type OrderState = { paymentMethod: string; status: string; paymentState: string };

/** An order takes a receipt while it is a transfer not yet paid, nor moved on, nor cancelled. */
export const takesReceipt = (order: OrderState) => order.paymentMethod === 'bank_transfer' && order.status === 'pending' && order.paymentState === 'pending';

export type ReceiptProblem =
  /** No order of this store has that code (another store's code included): a 404. */
  | 'notFound'
  /** Not an unpaid transfer order (cash, a gateway, already paid, cancelled): a 409. */
  | 'notPayable'
  /** Too many receipts on this order already: a 409. */
  | 'tooManyReceipts'
  /** The file's own problems, said on the form: a 400. */
  | 'empty'
  | 'fileType'
  | 'fileSize';

export type SubmitResult = { ok: true; receiptId: number } | { ok: false; problem: ReceiptProblem };

/** A file's refusal by the upload check, as the form says it. */
function fileProblem(error: unknown): ReceiptProblem {
  if (!(error instanceof AppError)) throw error;
  if (error.code === 'upload.fileType') return 'fileType';
  if (error.code === 'upload.fileSize' || error.code === 'upload.imageDimensions') return 'fileSize';
  throw error;
}

/**
 * The shopper's receipt for the order of `code`. The file is written to the storage before the
 * transaction (a disk is no part of it) and removed again when the transaction refuses or fails;
 * the receipt, against the order's open transfer payment, and its `payment.receipt_submitted`
 * event commit together, so the owner hears of exactly the receipts that were kept.
 */
export async function submitReceipt(deps: ServiceDeps, scope: StoreScope, input: { code: string; data: Buffer | null }): Promise<SubmitResult> {
  const order = await findOrderByCode(deps.db, scope, input.code);
  if (!order) return { ok: false, problem: 'notFound' };
  if (!takesReceipt(order)) return { ok: false, problem: 'notPayable' };
  if (!input.data || input.data.length === 0) return { ok: false, problem: 'empty' };
  let file: Awaited<ReturnType<typeof checkedFile>>;
  try {
    file = await checkedFile({ data: input.data, kinds: RECEIPT_KINDS });
  } catch (error) {
    return { ok: false, problem: fileProblem(error) };
  }
  const storageKey = `receipts/${scope.storeId}/${randomUUID()}.${KIND_EXTENSIONS[file.kind][0]!}`;
  await deps.storage.put(storageKey, file.data);
  let result: SubmitResult;
  try {
    result = await inTransaction(deps, async (tx): Promise<SubmitResult> => {
      // Read again inside: the owner may have confirmed or cancelled the order meanwhile.
      const current = await findOrderByCode(tx.db, scope, input.code);
      if (!current || !takesReceipt(current)) return { ok: false, problem: 'notPayable' };
      const payment = (await payments.orderPayments(tx.db, scope, current.id)).findLast((row) => row.method === 'bank_transfer' && row.state === 'pending');
      if (!payment) return { ok: false, problem: 'notPayable' };
      if ((await receipts.countOrderReceipts(tx.db, scope, current.id)) >= MAX_RECEIPTS_PER_ORDER) return { ok: false, problem: 'tooManyReceipts' };
      const contentType = KIND_TYPES[file.kind];
      const receiptId = await receipts.insertReceipt(tx.db, scope, {
        orderId: current.id, paymentId: payment.id, storageKey, contentType, byteSize: file.data.length, state: 'submitted', decidedBy: null, decidedAt: null, createdAt: tx.clock.now().toISOString(),
      });
      await emit(tx, {
        type: 'payment.receipt_submitted',
        storeId: scope.storeId,
        resource: { kind: 'order', id: current.id, label: `#${current.number}` },
        data: { orderId: current.id, number: current.number, receiptId, paymentId: payment.id, contentType, byteSize: file.data.length },
      });
      return { ok: true, receiptId };
    });
  } catch (error) {
    await deps.storage.remove(storageKey).catch(() => {});
    throw error;
  }
  if (!result.ok) await deps.storage.remove(storageKey).catch(() => {});
  // The owner's notice and e-mail were queued inside the transaction, which woke no worker.
  else wakeWorkers(deps.db);
  return result;
}

/** What the shopper's order page shows of the order's history, its receipts and its parcels (shop-order-page.ts). */
export async function shopperOrderHistory(deps: ServiceDeps, scope: StoreScope, orderId: number, locale: Locale = 'es') {
  const [moves, refunds, sent, shipments] = await Promise.all([receipts.orderMoves(deps.db, scope, orderId), receipts.orderRefunds(deps.db, scope, orderId), receipts.orderReceipts(deps.db, scope, orderId), shipmentsOfOrder(deps, scope, orderId, locale)]);
  return { moves, refunds, receipts: sent.map(({ id, state, reason, createdAt, decidedAt }) => ({ id, state, reason, createdAt, decidedAt })), shipments };
}

export type ShopperOrderHistory = Awaited<ReturnType<typeof shopperOrderHistory>>;

/** The receipts of one of the store's orders, oldest first (the owner's order screen); another store's order is not found. */
export async function listReceipts(deps: ServiceDeps, scope: StoreScope, orderId: number) {
  if (!(await orders.findOrder(deps.db, scope, orderId))) throw notFound();
  return receipts.orderReceipts(deps.db, scope, orderId);
}

/** A receipt's file for the owner's download: its bytes, type and a name; another store's receipt is not found. */
export async function receiptFile(deps: ServiceDeps, scope: StoreScope, receiptId: number): Promise<{ contentType: string; fileName: string; body: Buffer }> {
  const receipt = await receipts.findReceipt(deps.db, scope, receiptId);
  const order = receipt && (await orders.findOrder(deps.db, scope, receipt.orderId));
  const body = receipt && order ? await deps.storage.read(receipt.storageKey) : null;
  if (!receipt || !order || !body) throw notFound();
  const extension = receipt.storageKey.slice(receipt.storageKey.lastIndexOf('.') + 1);
  return { contentType: receipt.contentType, fileName: `comprobante-pedido-${order.number}-${receipt.id}.${extension}`, body };
}

/**
 * The owner confirms a receipt: it is `confirmed` with who and when, and a pending order moves to
 * paid through changeOrderStatus (the manual payment, the order's event, the shopper's mail) in the
 * same transaction. An order the owner had already marked paid only gets its receipt confirmed; a
 * cancelled one is a 409 and nothing changes. A receipt decided already changes nothing:
 * `changed: false`.
 */
export async function confirmReceipt(deps: ServiceDeps, scope: StoreScope, actor: Actor, receiptId: number): Promise<{ changed: boolean }> {
  const receipt = await receipts.findReceipt(deps.db, scope, receiptId);
  if (!receipt) throw notFound();
  const changed = await inTransaction(deps, async (tx) => {
    if (!(await receipts.decideReceipt(tx.db, scope, receipt.id, 'confirmed', { reason: '', decidedBy: actor.userId, decidedAt: tx.clock.now().toISOString() }))) return false;
    const order = await orders.findOrder(tx.db, scope, receipt.orderId);
    if (!order) throw notFound();
    if (order.status === 'pending') await changeOrderStatus(tx, scope, actor, order.id, { status: 'paid', note: '' });
    else if (!(MONEY_TAKEN as readonly string[]).includes(order.paymentState)) throw new AppError('order.invalidTransition', 409, { field: 'status' });
    return true;
  });
  wakeWorkers(deps.db);
  return { changed };
}

/**
 * The owner rejects a receipt with a reason (required, at most 300 characters), which the shopper
 * is e-mailed in the order's language (the `payment.receipt_rejected` subscriber). The order stays
 * as it was: the shopper may send another. A receipt decided already changes nothing.
 */
export async function rejectReceipt(deps: ServiceDeps, scope: StoreScope, actor: Actor, receiptId: number, reason: string): Promise<{ changed: boolean }> {
  const text = reason.trim();
  if (text === '') throw new AppError('validation.required', 400, { field: 'reason' });
  if (Array.from(text).length > MAX_REASON_LENGTH) throw new AppError('validation.tooLong', 400, { field: 'reason', vars: { max: MAX_REASON_LENGTH } });
  const receipt = await receipts.findReceipt(deps.db, scope, receiptId);
  if (!receipt) throw notFound();
  const changed = await inTransaction(deps, async (tx) => {
    if (!(await receipts.decideReceipt(tx.db, scope, receipt.id, 'rejected', { reason: text, decidedBy: actor.userId, decidedAt: tx.clock.now().toISOString() }))) return false;
    const order = await orders.findOrder(tx.db, scope, receipt.orderId);
    if (!order) throw notFound();
    await emit(tx, {
      type: 'payment.receipt_rejected',
      storeId: scope.storeId,
      resource: { kind: 'order', id: order.id, label: `#${order.number}` },
      data: { orderId: order.id, number: order.number, receiptId: receipt.id, reason: text },
    });
    return true;
  });
  wakeWorkers(deps.db);
  return { changed };
}
