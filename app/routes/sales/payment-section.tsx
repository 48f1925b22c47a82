import { Alert, Anchor, Badge, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { Form, useLocation } from 'react-router';
import { DetailField } from '#app/components/detail-field.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { paymentState } from '#common/enums/payment.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import type { OrderPaymentsView } from '#server/modules/sales/payment/refund.service.ts';
import { DIALOG_STYLES } from '#app/components/form-dialog.tsx';
import { useAnswerDialog, useIntentAnswer } from './payment-answer.ts';
import { RefundDialog } from './refund-dialog.tsx';

// The order page's payments (issue 39 §4, §5, §9): each attempt with its state, amount, the
// gateway's ids, who confirmed it by hand and when, and the owner's flag in red; the transfer
// receipts the shopper sent, each to view and, while submitted, to confirm or reject (each asked
// first); the refunds with who made them and their credit note; and the refund form.

/** As the loader sends it (dates and all as JSON gives them). */
export type PaymentsView = OrderPaymentsView;
type Attempt = PaymentsView['attempts'][number];
type Receipt = PaymentsView['receipts'][number];

const RECEIPT_COLORS = { submitted: 'yellow', confirmed: 'green', rejected: 'red' } as const;
const receiptStateOf = (state: string): keyof typeof RECEIPT_COLORS => (state in RECEIPT_COLORS ? (state as keyof typeof RECEIPT_COLORS) : 'submitted');
const methodKey = (method: string) => `order.payment.${method}` as 'order.payment.bank_transfer';

function AttemptCard({ attempt, index }: { attempt: Attempt; index: number }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="payment-attempt" data-state={attempt.state}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Text fw={600}>
          {t('payment.section.attempt', { number: index + 1 })} · {t(methodKey(attempt.method))}
        </Text>
        <Group gap="xs">
          <StatusBadge of={paymentState} value={paymentState.is(attempt.state) ? attempt.state : 'pending'} />
          <Text fw={600}>{formatMoney(attempt.amountCents, locale)}</Text>
        </Group>
      </Group>
      {attempt.flag ? (
        <Alert color="red" role="alert" mt="xs" p="xs" data-testid="payment-flag">
          {t('payment.flagged', { reason: attempt.flag })}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" mt="xs">
        <DetailField label={t('payment.section.transactionId')}>{attempt.clientTransactionId}</DetailField>
        {attempt.providerPaymentId ? <DetailField label={t('payment.section.providerId')}>{attempt.providerPaymentId}</DetailField> : null}
        {attempt.authorizationCode ? <DetailField label={t('payment.section.authorization')}>{attempt.authorizationCode}</DetailField> : null}
        {attempt.providerStatus && attempt.providerStatus !== 'manual' ? <DetailField label={t('payment.section.providerStatus')}>{attempt.providerStatus}</DetailField> : null}
        {attempt.refundedCents > 0 ? <DetailField label={t('payment.section.refunded')}>{formatMoney(attempt.refundedCents, locale)}</DetailField> : null}
      </SimpleGrid>
      {attempt.confirmedAt ? (
        <Text fz="xs" c="dimmed" mt="xs">
          {attempt.confirmedBy === null && attempt.confirmedByName === null
            ? t('payment.section.confirmedAt', { date: formatDate(attempt.confirmedAt, locale, true) })
            : t('payment.section.confirmedBy', { name: attempt.confirmedByName ?? t('payment.section.someone'), date: formatDate(attempt.confirmedAt, locale, true) })}
        </Text>
      ) : null}
    </Paper>
  );
}

/** One receipt's decision, asked first: confirming moves the order to paid; rejecting takes a reason for the shopper. */
function ReceiptDecision({ receipt, intent }: { receipt: Receipt; intent: 'receiptConfirm' | 'receiptReject' }) {
  const t = useT();
  const { result, typed, fieldError, formError } = useIntentAnswer(intent, (values) => values.receiptId === String(receipt.id));
  const [opened, { open, close }] = useAnswerDialog(result);
  const rejecting = intent === 'receiptReject';
  // One box for the button and its dialog: the row's gap falls between buttons only.
  return (
    <div>
      <Button size="xs" variant={rejecting ? 'light' : 'filled'} color={rejecting ? 'red' : 'green'} onClick={open} data-testid={rejecting ? 'reject-receipt' : 'confirm-receipt'}>
        {t(rejecting ? 'payment.receipt.reject' : 'payment.receipt.confirm')}
      </Button>
      <Modal opened={opened} onClose={close} title={t(rejecting ? 'payment.receipt.rejectTitle' : 'payment.receipt.confirmTitle')} centered withinPortal={false} transitionProps={{ duration: 0 }} styles={DIALOG_STYLES}>
        <Form method="post" noValidate onSubmit={close}>
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="receiptId" value={receipt.id} />
          <Stack gap="sm">
            <Text>{t(rejecting ? 'payment.receipt.rejectText' : 'payment.receipt.confirmText')}</Text>
            {formError ? (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            ) : null}
            {rejecting ? <Textarea name="reason" label={t('payment.receipt.reasonLabel')} description={t('payment.receipt.reasonHint')} maxLength={300} required autosize minRows={2} defaultValue={typed.reason ?? ''} error={fieldError('reason')} /> : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('payment.receipt.keep')}
              </Button>
              <Button type="submit" color={rejecting ? 'red' : 'green'} data-testid="confirm">
                {t(rejecting ? 'payment.receipt.reject' : 'payment.receipt.confirm')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Modal>
    </div>
  );
}

function ReceiptCard({ receipt }: { receipt: Receipt }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const state = receiptStateOf(receipt.state);
  const sent = formatDate(receipt.createdAt, locale, true);
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="payment-receipt" data-state={state}>
      <Group justify="space-between" align="baseline" gap="xs">
        <Text fz="sm">{t('payment.receipt.sent', { date: sent })}</Text>
        <Badge color={RECEIPT_COLORS[state]} variant="light">
          {t(`payment.receipt.state.${state}`)}
        </Badge>
      </Group>
      {receipt.decidedAt ? (
        <Text fz="xs" c="dimmed">
          {t('payment.receipt.decided', { state: t(`payment.receipt.state.${state}`), name: receipt.decidedByName ?? t('payment.section.someone'), date: formatDate(receipt.decidedAt, locale, true) })}
        </Text>
      ) : null}
      {receipt.reason ? <Text fz="sm">{t('payment.receipt.rejectedBecause', { reason: receipt.reason })}</Text> : null}
      <Group gap="sm" mt="xs">
        <Anchor href={`${localizePath('/sales/order/receipt', locale)}?id=${receipt.id}`} target="_blank" rel="noopener" fz="sm" aria-label={t('payment.receipt.viewLabel', { date: sent })}>
          {t('payment.receipt.view')}
        </Anchor>
        {state === 'submitted' ? (
          <>
            <ReceiptDecision receipt={receipt} intent="receiptConfirm" />
            <ReceiptDecision receipt={receipt} intent="receiptReject" />
          </>
        ) : null}
      </Group>
    </Paper>
  );
}

function RefundCard({ refund, names }: { refund: PaymentsView['refunds'][number]; names: Map<number, string> }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const lines = refund.lines.map((line) => `${names.get(line.lineId) ?? '—'} × ${line.quantity}`).join(', ');
  return (
    <Paper component="li" withBorder radius="sm" p="sm" data-testid="payment-refund">
      <Group justify="space-between" align="baseline" gap="xs">
        <Text fw={600}>{formatMoney(refund.amountCents, locale)}</Text>
        <Badge color={refund.kind === 'gateway' ? 'blue' : 'gray'} variant="light">
          {t(refund.kind === 'gateway' ? 'payment.refund.kind.gateway' : 'payment.refund.kind.manual')}
        </Badge>
      </Group>
      <Text fz="xs" c="dimmed">
        {formatDate(refund.createdAt, locale, true)}
        {refund.userName ? ` · ${t('payment.refund.by', { name: refund.userName })}` : ''} · {refund.reason}
      </Text>
      {lines ? <Text fz="sm">{t('payment.refund.lines', { lines })}</Text> : null}
      {refund.restocked ? <Text fz="sm">{t('payment.refund.restocked')}</Text> : null}
      {refund.providerStatus === 'requested' ? (
        <Alert color="red" role="alert" mt="xs" p="xs">
          {t('payment.refund.requested')}
        </Alert>
      ) : null}
      {refund.creditNoteId !== null && refund.creditNoteNumber ? (
        <Anchor href={`${localizePath('/sales/credit-note/pdf', locale)}?id=${refund.creditNoteId}`} fz="sm">
          {t('payment.refund.creditNote', { number: refund.creditNoteNumber })}
        </Anchor>
      ) : null}
    </Paper>
  );
}

export function PaymentSection({ view, order, invoiced }: { view: PaymentsView; order: { status: string; paymentMethod: string }; invoiced: boolean }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const money = (cents: number) => formatMoney(cents, locale);
  const names = new Map(view.lines.map((line) => [line.id, line.name]));
  const showReceipts = view.receipts.length > 0 || order.paymentMethod === 'bank_transfer';
  return (
    <Paper withBorder p="md" radius="md" mt="lg" data-testid="payments">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} size="h4">
            {t('payment.section.title')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('payment.section.intro')}
          </Text>
        </div>
        {view.leftCents > 0 ? <RefundDialog view={view} cancelled={order.status === 'cancelled'} invoiced={invoiced} /> : null}
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" mb="md" data-testid="payment-figures">
        <DetailField label={t('payment.section.paid')}>{money(view.paidCents)}</DetailField>
        <DetailField label={t('payment.section.refunded')}>{money(view.refundedCents)}</DetailField>
        <DetailField label={t('payment.section.left')}>{money(view.leftCents)}</DetailField>
      </SimpleGrid>
      {view.attempts.length === 0 ? (
        <Text fz="sm">{t('payment.section.none')}</Text>
      ) : (
        // One block per attempt, not a table: ids, badges and who confirmed do not fit in columns at 375 px.
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('payment.section.title')}>
          {view.attempts.map((attempt, index) => (
            <AttemptCard key={attempt.id} attempt={attempt} index={index} />
          ))}
        </Stack>
      )}
      {showReceipts ? (
        <>
          <Title order={3} size="h5" mt="lg" mb="xs">
            {t('payment.receipt.title')}
          </Title>
          {view.receipts.length === 0 ? (
            <Text fz="sm">{t('payment.receipt.none')}</Text>
          ) : (
            <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('payment.receipt.title')}>
              {view.receipts.map((receipt) => (
                <ReceiptCard key={receipt.id} receipt={receipt} />
              ))}
            </Stack>
          )}
        </>
      ) : null}
      <Title order={3} size="h5" mt="lg" mb="xs">
        {t('payment.refund.title')}
      </Title>
      {view.refunds.length === 0 ? (
        <Text fz="sm">{t('payment.refund.none')}</Text>
      ) : (
        <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('payment.refund.title')}>
          {view.refunds.map((refund) => (
            <RefundCard key={refund.id} refund={refund} names={names} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}
