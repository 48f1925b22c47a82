import { attemptOf, parseDetails } from './payment-ledger.ts';
import { isGatewayMethod, MONEY_TAKEN } from '#common/enums/payment.ts';
import type { RefundRequest } from '#common/schemas/refund.ts';
import { AppError, notFound } from '#server/errors.ts';
import { emit } from '#server/events/events.ts';
import { wakeWorkers } from '#server/modules/job/job-queue.ts';
import { returnOrderStock } from '#server/modules/sales/checkout/checkout.service.ts';
import { creditOf } from '#server/modules/sales/credit-note/credit-note-amounts.ts';
import { creditNotesOfOrder, issueCreditNote } from '#server/modules/sales/credit-note/credit-note.service.ts';
import * as orders from '#server/modules/sales/order/order.repository.ts';
import { inTransaction, type ServiceDeps } from '#server/service-deps.ts';
import type { StoreScope } from '#server/tenancy/store-scope.ts';
import { gatewayContext } from './payment-gateways.ts';
import { type Gateway, GatewayRefused, GatewayUnavailable, type RefundDone } from './payment-provider.ts';
import * as payments from './payment.repository.ts';
import { providerOf } from './providers/registry.ts';
import * as receipts from './receipt.repository.ts';
import * as refunds from './refund.repository.ts';

// Refunds (issue 39 §5). The owner gives back part or all of what a payment took, by lines (their
// share of what was charged, base and IVA) or by an amount. A refund is reserved first, in one
// transaction: the payment's row locked, the lines' units and the payment's money checked against
// every refund before, `payment.refunded_cents` raised with a conditional update that no two
// refunds together can pass, the refund's row written, the order's figures updated. A transfer or
// cash payment is then completed in that same transaction (made by hand, kind 'manual'); a gateway
// payment is refunded through its gateway after the commit — never with a transaction open across a
// network call — and completed in a second transaction, or its reservation given back when the
// gateway says no. Completing puts the units back in stock when asked, issues the credit note of an
// invoiced order, and emits `order.refunded`, whose subscriber mails the shopper (refund-subscribers.ts).

type Order = NonNullable<Awaited<ReturnType<typeof orders.findOrder>>>;
type OrderLine = Awaited<ReturnType<typeof orders.orderLines>>[number];
type Actor = { userId: number | null };

/** What a reservation decided: the refund's row, its money and lines, and how it is made. */
type Reserved = { refundId: number; payment: payments.PaymentRow; amountCents: number; lines: { line: OrderLine; quantity: number }[]; restock: boolean; reason: string; kind: 'gateway' | 'manual' };

export type RefundResult = { id: number; amountCents: number; kind: 'gateway' | 'manual'; creditNoteId: number | null; refundedCents: number; paymentState: string };

const MONEY_LEFT = ['paid', 'partially_refunded'];

/** The payment a refund takes from: the one named, or the order's first that took money and has some left. */
function targetOf(rows: payments.PaymentRow[], paymentId: number | undefined): payments.PaymentRow {
  if (paymentId !== undefined) {
    const named = rows.find((row) => row.id === paymentId);
    if (!named) throw notFound();
    if (named.state === 'refunded') throw new AppError('payment.refund.nothingLeft', 409);
    if (!MONEY_LEFT.includes(named.state)) throw new AppError('payment.refund.notPaid', 409);
    return named;
  }
  const open = rows.find((row) => MONEY_LEFT.includes(row.state) && row.refundedCents < row.amountCents);
  if (open) return open;
  throw new AppError(rows.some((row) => row.state === 'refunded') ? 'payment.refund.nothingLeft' : 'payment.refund.notPaid', 409);
}

/** Units of each line refunded so far, by every refund of the order. */
function refundedUnits(rows: Awaited<ReturnType<typeof refunds.orderRefunds>>): Map<number, number> {
  const units = new Map<number, number>();
  for (const line of rows.flatMap((row) => refunds.parseRefundLines(row.lines))) units.set(line.lineId, (units.get(line.lineId) ?? 0) + line.quantity);
  return units;
}

/**
 * The lines asked for, each within what is left of it, and their share of what was charged: for
 * each line the share of its base and IVA for the units refunded so far plus these, less the share
 * for those before (credit-note-amounts.ts), so a line's refunds add up to exactly what it charged.
 */
function linesAmount(orderLines: OrderLine[], before: Map<number, number>, asked: { lineId: number; quantity: number }[]) {
  const wanted = new Map<number, number>();
  for (const item of asked) wanted.set(item.lineId, (wanted.get(item.lineId) ?? 0) + item.quantity);
  let amountCents = 0;
  const lines: Reserved['lines'] = [];
  for (const [lineId, quantity] of wanted) {
    const line = orderLines.find((candidate) => candidate.id === lineId);
    if (!line) throw new AppError('payment.refund.unknownLine', 409, { field: 'lines' });
    const done = before.get(lineId) ?? 0;
    if (quantity > line.quantity - done) throw new AppError('payment.refund.tooMany', 409, { field: 'lines' });
    const share = creditOf({ ...line, creditedQuantity: done }, quantity);
    amountCents += share.baseCents + share.taxCents;
    lines.push({ line, quantity });
  }
  return { amountCents, lines };
}

/** The first transaction: checks, the money and units reserved, the refund's row written. */
async function reserve(tx: ServiceDeps, scope: StoreScope, actor: Actor, order: Order, input: RefundRequest): Promise<Reserved> {
  const now = tx.clock.now().toISOString();
  const chosen = targetOf(await payments.orderPayments(tx.db, scope, order.id), input.paymentId);
  // Locked first: what follows reads the refunds of any refund that was ahead of this one.
  if (!(await refunds.lockPayment(tx.db, scope, chosen.id, now))) throw notFound();
  const payment = targetOf([(await payments.findPayment(tx.db, scope, chosen.id))!], chosen.id);
  const byLines = 'lines' in input;
  // Read again under the lock: a cancellation meanwhile gave the units back already.
  const current = (await orders.findOrder(tx.db, scope, order.id)) ?? order;
  if (byLines && input.restock && current.status === 'cancelled') throw new AppError('payment.refund.alreadyRestocked', 409, { field: 'restock' });
  const { amountCents, lines } = byLines
    ? linesAmount(await orders.orderLines(tx.db, scope, order.id), refundedUnits(await refunds.orderRefunds(tx.db, scope, order.id)), input.lines)
    : { amountCents: input.amountCents, lines: [] };
  if (amountCents <= 0) throw new AppError('payment.refund.zero', 409, { field: 'lines' });
  if (!(await refunds.reserveRefund(tx.db, scope, payment.id, amountCents, now))) throw new AppError('payment.refund.overPaid', 409);
  const kind = isGatewayMethod(payment.method) ? 'gateway' : 'manual';
  const refundId = await refunds.insertRefund(tx.db, scope, {
    orderId: order.id, paymentId: payment.id, amountCents, reason: input.reason,
    lines: JSON.stringify(lines.map(({ line, quantity }) => ({ lineId: line.id, quantity, restocked: 0 }))), restocked: 0, kind,
    // A gateway's refund is 'requested' until its answer is recorded: a crash in between leaves it so (see refundOrder).
    providerRefundId: null, providerStatus: kind === 'gateway' ? 'requested' : '', creditNoteId: null, userId: actor.userId, createdAt: now,
  });
  await refunds.updateOrderRefunds(tx.db, scope, order.id, now);
  return { refundId, payment, amountCents, lines, restock: byLines && input.restock, reason: input.reason, kind };
}

/**
 * The credit note of an invoiced order's refund, in the completing transaction: by lines, those
 * lines' units still left to credit (a unit a credit note took back before is not credited twice),
 * with the refund's restock, so the note's return is the one a later cancellation counts. Returns
 * the note's id (null: no invoice, or nothing left to credit) and the units the note put back.
 * By amount: SRI's credit note credits units and shipping, not an arbitrary sum, and the credit
 * note service takes only those — so an amount refund issues no note here (credit_note_id stays
 * null; the owner issues one by lines in the credit notes section if the allowance needs it).
 */
async function creditNoteOf(tx: ServiceDeps, scope: StoreScope, actor: Actor, orderId: number, reserved: Reserved): Promise<{ invoiced: boolean; id: number | null; returned: Map<number, number> }> {
  const returned = new Map<number, number>();
  if (reserved.lines.length === 0) return { invoiced: false, id: null, returned };
  const view = await creditNotesOfOrder(tx, scope, orderId);
  if (!view) return { invoiced: false, id: null, returned };
  const lines = reserved.lines
    .map(({ line, quantity }) => ({ orderLineId: line.id, quantity: Math.min(quantity, view.lines.find((left) => left.orderLineId === line.id)?.left ?? 0) }))
    .filter((line) => line.quantity > 0);
  if (lines.length === 0) return { invoiced: true, id: null, returned };
  const note = await issueCreditNote(tx, scope, actor, { invoiceId: view.invoiceId, lines, shipping: false, reason: reserved.reason, restock: reserved.restock });
  if (reserved.restock) for (const line of lines) returned.set(line.orderLineId, line.quantity);
  return { invoiced: true, id: note.id, returned };
}

/** The second step, in a transaction: the gateway's answer, the stock, the credit note, the event. */
async function complete(tx: ServiceDeps, scope: StoreScope, actor: Actor, order: Order, reserved: Reserved, done: RefundDone | null, withNote = true): Promise<RefundResult> {
  const note = withNote ? await creditNoteOf(tx, scope, actor, order.id, reserved) : { invoiced: false, id: null, returned: new Map<number, number>() };
  // Not invoiced: the refund puts its units back itself, and keeps how many (a later cancellation
  // gives back only the rest). Invoiced: the note did, for the units it credited; the units an
  // earlier note took back were that note's to restock.
  const { invoiced } = note;
  const lines = reserved.lines.map(({ line, quantity }) => {
    const throughCreditNote = note.returned.get(line.id) ?? 0;
    return { line, quantity, throughCreditNote, restocked: !reserved.restock ? 0 : invoiced ? throughCreditNote : quantity };
  });
  const own = lines.filter((item) => item.restocked > item.throughCreditNote);
  if (own.length > 0) await returnOrderStock(tx, scope, own.map(({ line, restocked, throughCreditNote }) => ({ ...line, quantity: restocked - throughCreditNote })));
  const restocked = lines.some((item) => item.restocked > 0) ? 1 : 0;
  await refunds.completeRefund(tx.db, scope, reserved.refundId, {
    providerRefundId: done?.providerRefundId.slice(0, 100) ?? null,
    providerStatus: done?.providerStatus.slice(0, 40) ?? '',
    lines: JSON.stringify(lines.map(({ line, quantity, restocked: units, throughCreditNote }) => ({ lineId: line.id, quantity, restocked: units, throughCreditNote }))),
    restocked,
    creditNoteId: note.id,
  });
  const now = tx.clock.now().toISOString();
  const figures = await refunds.updateOrderRefunds(tx.db, scope, order.id, now);
  await emit(tx, {
    type: 'order.refunded',
    storeId: scope.storeId,
    resource: { kind: 'order', id: order.id, label: `#${order.number}` },
    data: {
      orderId: order.id, number: order.number, refundId: reserved.refundId, paymentId: reserved.payment.id, method: reserved.payment.method, kind: reserved.kind,
      amountCents: reserved.amountCents, currency: 'USD', reason: reserved.reason, restocked: restocked === 1, creditNoteId: note.id,
      lines: lines.map(({ line, quantity, restocked: units }) => ({ lineId: line.id, name: line.name, sku: line.sku, quantity, restocked: units })),
      refundedCents: figures.refundedCents, paymentState: figures.paymentState,
    },
    changes: { refundedCents: [figures.refundedCents - reserved.amountCents, figures.refundedCents] },
  });
  return { id: reserved.refundId, amountCents: reserved.amountCents, kind: reserved.kind, creditNoteId: note.id, ...figures };
}

/** The gateway said no: the reservation is given back and the refund's row goes, in one transaction. */
async function giveBack(deps: ServiceDeps, scope: StoreScope, order: Order, reserved: Reserved): Promise<void> {
  await inTransaction(deps, async (tx) => {
    const now = tx.clock.now().toISOString();
    await refunds.deleteRefund(tx.db, scope, reserved.refundId);
    await refunds.releaseRefund(tx.db, scope, reserved.payment.id, reserved.amountCents, now);
    await refunds.updateOrderRefunds(tx.db, scope, order.id, now);
  });
}

/** A gateway's refusal as the owner reads it. */
function refusalOf(error: GatewayRefused | GatewayUnavailable): AppError {
  if (error instanceof GatewayUnavailable) return new AppError('payment.refund.gatewayUnavailable', 503);
  if (error.code === 'partial_refund_unsupported') return new AppError('payment.refund.partialUnsupported', 409);
  return new AppError('payment.refund.gatewayRefused', 409, { vars: { reason: (error.code ?? error.message).slice(0, 120) } });
}

/**
 * Refunds one of the store's orders, wholly or in part (issue 39 §5). Another store's order is a
 * 404; an order whose payment took no money, units past what is left of a line, or money past what
 * is left of the payment are a 409 that says which.
 *
 * A gateway payment is refunded through its provider between two transactions. The window: once
 * the reservation has committed, a crash (or a database that fails) before the gateway's answer is
 * recorded leaves the refund's row 'requested' with its money still reserved — the owner's screen
 * shows it as asked of the gateway without a confirmed answer, to be checked in the gateway's
 * dashboard. Reserved, not released, because the gateway may have refunded: holding it can only
 * stop a second refund, never let one pass what the payment took.
 */
export async function refundOrder(deps: ServiceDeps, scope: StoreScope, actor: Actor, orderId: number, input: RefundRequest): Promise<RefundResult> {
  const order = await orders.findOrder(deps.db, scope, orderId);
  if (!order) throw notFound();
  const reserved = await inTransaction(deps, async (tx) => {
    const made = await reserve(tx, scope, actor, order, input);
    return made.kind === 'manual' ? { made, result: await complete(tx, scope, actor, order, made, null) } : { made, result: null };
  });
  if (reserved.result) {
    wakeWorkers(deps.db);
    return reserved.result;
  }
  const { made } = reserved;
  const gateway = made.payment.method as Gateway;
  const context = await gatewayContext(deps, scope, gateway);
  let done: RefundDone;
  try {
    if (!context) throw new AppError('payment.refund.notConfigured', 409);
    done = await providerOf(gateway).refund(context, attemptOf(made.payment), made.amountCents, `${made.payment.clientTransactionId}-refund-${made.refundId}`);
  } catch (error) {
    if (!(error instanceof GatewayRefused || error instanceof GatewayUnavailable || error instanceof AppError)) throw error;
    deps.log.warn({ err: error, storeId: scope.storeId, orderId, paymentId: made.payment.id, amountCents: made.amountCents }, 'refund not made by the gateway; its reservation is given back');
    await giveBack(deps, scope, order, made);
    throw error instanceof AppError ? error : refusalOf(error);
  }
  let result: RefundResult;
  try {
    result = await inTransaction(deps, (tx) => complete(tx, scope, actor, order, made, done));
  } catch (error) {
    // The money is back with the shopper: the refund is recorded even if its credit note cannot
    // be issued now (the owner issues it by hand); anything else leaves it 'requested', as a crash would.
    if (!(error instanceof AppError)) throw error;
    deps.log.error({ err: error, storeId: scope.storeId, orderId, refundId: made.refundId }, 'refund made by the gateway; its credit note could not be issued');
    result = await inTransaction(deps, (tx) => complete(tx, scope, actor, order, made, done, false));
  }
  wakeWorkers(deps.db);
  return result;
}

/**
 * A cancellation's units less those the order's refunds put back themselves (order.service.ts):
 * a refunded unit already in stock does not come back a second time.
 */
export async function lessRefundRestocks<L extends { id: number; quantity: number }>(tx: ServiceDeps, scope: StoreScope, orderId: number, lines: readonly L[]): Promise<L[]> {
  const restocked = await refunds.unitsRestockedByRefunds(tx.db, scope, orderId);
  return lines.map((line) => ({ ...line, quantity: line.quantity - Math.min(line.quantity, restocked.get(line.id) ?? 0) })).filter((line) => line.quantity > 0);
}

/**
 * The payments of one of the store's orders as the owner's screen and the API show them: each
 * attempt (who confirmed it by hand, and when), the transfer receipts the shopper sent (who
 * decided each), each refund (who, its credit note), and what the
 * order's payments took, what was refunded of it and what is left; each line with the units
 * refunded so far. Another store's order is not found.
 */
export async function orderPayments(deps: ServiceDeps, scope: StoreScope, orderId: number) {
  if (!(await orders.findOrder(deps.db, scope, orderId))) throw notFound();
  const [attempts, sent, refundRows, lines] = await Promise.all([
    payments.orderPayments(deps.db, scope, orderId), receipts.orderReceipts(deps.db, scope, orderId), refunds.orderRefunds(deps.db, scope, orderId), orders.orderLines(deps.db, scope, orderId),
  ]);
  const names = await refunds.userNames(deps.db, [...attempts.map((row) => row.confirmedBy), ...sent.map((row) => row.decidedBy)].filter((id): id is number => id !== null));
  const nameOf = (id: number | null) => (id === null ? null : (names.get(id) ?? null));
  const taken = attempts.filter((row) => (MONEY_TAKEN as readonly string[]).includes(row.state));
  const paidCents = taken.reduce((sum, row) => sum + row.amountCents, 0);
  const refundedCents = taken.reduce((sum, row) => sum + row.refundedCents, 0);
  const units = refundedUnits(refundRows);
  return {
    paidCents,
    refundedCents,
    leftCents: paidCents - refundedCents,
    attempts: attempts.map(({ details, expiresAt: _expires, storeId: _store, orderId: _order, updatedAt: _updated, ...row }) => ({
      ...row,
      authorizationCode: parseDetails(details).authorizationCode ?? null,
      confirmedByName: nameOf(row.confirmedBy),
    })),
    receipts: sent.map(({ orderId: _order, ...row }) => ({ ...row, decidedByName: nameOf(row.decidedBy) })),
    refunds: refundRows.map(({ userName, userLastname, lines: text, restocked, ...row }) => ({
      ...row,
      restocked: restocked === 1,
      lines: refunds.parseRefundLines(text),
      userName: userName === null ? null : `${userName} ${userLastname ?? ''}`.trim(),
    })),
    lines: lines.map((line) => ({ id: line.id, name: line.name, sku: line.sku, quantity: line.quantity, refunded: units.get(line.id) ?? 0 })),
  };
}

export type OrderPaymentsView = Awaited<ReturnType<typeof orderPayments>>;
