import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { paymentState } from '#common/enums/payment.ts';
import { RefundInputSchema, refundRequestOf } from '#common/schemas/refund.ts';
import { ErrorBody } from '#server/api/api-errors.ts';
import { IdParams } from '#server/api/params.ts';
import { requireUser } from '#server/plugins/current-user.ts';
import { requireStore } from '#server/plugins/store-scope.ts';
import type { Services } from '#server/services.ts';

// `/api/v1/orders/{id}/payments` and `/refunds` (issue 39 §9): an order's payments, receipts and
// refunds, and a refund, over the same services as the order page. Under /orders, so the orders
// area's roles and tokens reach them (read to see, write to refund). Money in integer cents.

const states = paymentState.values.join(', ');

const Attempt = z.object({
  id: z.number(),
  method: z.string().describe('cash_on_delivery, bank_transfer, payphone or paypal'),
  state: z.string().describe(`One of: ${states}`),
  amountCents: z.number(),
  currency: z.string(),
  refundedCents: z.number().describe('What was refunded of it so far'),
  clientTransactionId: z.string().describe('Ours, unique per attempt (PayPhone’s clientTransactionId, PayPal’s invoice_id)'),
  providerPaymentId: z.string().nullable().describe('The gateway’s id of the attempt, once known'),
  providerStatus: z.string().describe('The gateway’s last word on it ("Approved", "COMPLETED"…); "manual" when confirmed by hand'),
  authorizationCode: z.string().nullable(),
  flag: z.string().describe('Why the gateway’s word was refused or the money needs the owner (a different amount, a payment after expiry); "" when none'),
  confirmedBy: z.number().nullable().describe('Who confirmed a transfer or cash payment by hand'),
  confirmedByName: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});

const Receipt = z.object({
  id: z.number(),
  paymentId: z.number(),
  contentType: z.string().describe('image/jpeg, image/png or application/pdf'),
  byteSize: z.number(),
  state: z.string().describe('submitted, confirmed or rejected'),
  reason: z.string().describe('Why it was rejected; "" otherwise'),
  decidedBy: z.number().nullable(),
  decidedByName: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});

const Refund = z.object({
  id: z.number(),
  paymentId: z.number(),
  amountCents: z.number(),
  reason: z.string(),
  kind: z.string().describe('gateway (through the provider’s refund API) or manual (made by hand, recorded)'),
  lines: z.array(z.object({ lineId: z.number(), quantity: z.number(), restocked: z.number().describe('Of these units, those that went back to stock with the refund'), throughCreditNote: z.number().describe('Of those, the ones its credit note put back') })).describe('[] for a refund by amount'),
  restocked: z.boolean(),
  providerRefundId: z.string().nullable(),
  providerStatus: z.string().describe('"requested": asked of the gateway with no recorded answer; check the gateway'),
  creditNoteId: z.number().nullable().describe('The credit note it issued (an invoiced order refunded by lines)'),
  creditNoteNumber: z.string().nullable(),
  userId: z.number().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});

const Payments = z.object({
  paidCents: z.number().describe('What the order’s payments took'),
  refundedCents: z.number(),
  leftCents: z.number().describe('What is left to refund'),
  attempts: z.array(Attempt),
  receipts: z.array(Receipt),
  refunds: z.array(Refund),
  lines: z.array(z.object({ id: z.number(), name: z.string(), sku: z.string(), quantity: z.number(), refunded: z.number().describe('Units refunded so far') })),
});

const Refunded = z.object({
  id: z.number(),
  amountCents: z.number(),
  kind: z.string(),
  creditNoteId: z.number().nullable(),
  refundedCents: z.number().describe('What was refunded of the order in all'),
  paymentState: z.string().describe('The order’s payment state now: partially_refunded or refunded'),
});

export async function paymentApi(app: FastifyInstance, { services: { refunds } }: { services: Services }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  api.addHook('preHandler', requireUser);
  api.addHook('preHandler', requireStore);

  api.get('/orders/:id/payments', {
    schema: { tags, operationId: 'get_order_payments', summary: 'The payments of one order of my store: each attempt, the transfer receipts and the refunds (cents)', params: IdParams, response: { 200: Payments, 404: ErrorBody } },
    handler: async (request) => refunds.orderPayments(request.store!, request.params.id),
  });

  api.post('/orders/:id/refunds', {
    schema: {
      tags,
      operationId: 'refund_order',
      summary: 'Refund an order of my store, by lines or by an amount (cents); the buyer gets an e-mail',
      description:
        'Either `lines` (units of the order’s lines: their share of what was charged, base and IVA; `restock` puts them back in stock) or `amountCents`, with a `reason`. A gateway payment is refunded through its gateway (PayPhone reverses whole payments only); a transfer or cash payment is recorded as refunded by hand. An invoiced order refunded by lines gets its credit note. 409 when the order took no money, the units or amount pass what is left, or the gateway refuses; 503 when the gateway does not answer (nothing is recorded).',
      params: IdParams,
      body: RefundInputSchema,
      response: { 201: Refunded, 400: ErrorBody, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody },
    },
    handler: async (request, reply) => reply.code(201).send(await refunds.refundOrder(request.store!, { userId: request.user!.id }, request.params.id, refundRequestOf(request.body))),
  });
}
