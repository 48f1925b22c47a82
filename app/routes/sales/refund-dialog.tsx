import { Alert, Button, Checkbox, Fieldset, Group, Modal, NativeSelect, Radio, Stack, Text, TextInput } from '@mantine/core';
import { Form, useLocation } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { isGatewayMethod } from '#common/enums/payment.ts';
import { localeFromPath } from '#common/locale.ts';
import { formatLocaleMoney, moneyText } from '#common/locale-number.ts';
import { formatMoney } from '#common/money.ts';
import { REFUND_REASON_MAX, refundQuantityField } from '#common/schemas/refund.ts';
import { DIALOG_STYLES } from '#app/components/form-dialog.tsx';
import { useAnswerDialog, useIntentAnswer } from './payment-answer.ts';
import type { OrderPaymentsView as PaymentsView } from '#server/modules/sales/payment/refund.service.ts';

// The refund form (issue 39 §5), in a dialog that says first what refunding means — through the
// gateway, or recorded as given back by hand — and what was paid, refunded and is left. By products
// (units of each line, and whether they go back to stock) or by an amount typed the page's way;
// it posts to the order page (`intent=refund`), which sends it back with the errors if refused.

export function RefundDialog({ view, cancelled, invoiced }: { view: PaymentsView; cancelled: boolean; invoiced: boolean }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const money = (cents: number) => formatMoney(cents, locale);
  const { result, typed, fieldError, formError } = useIntentAnswer('refund');
  const [opened, { open, close }] = useAnswerDialog(result);
  const refundable = view.attempts.filter((attempt) => (attempt.state === 'paid' || attempt.state === 'partially_refunded') && attempt.refundedCents < attempt.amountCents);
  if (refundable.length === 0) return null;
  const chosen = refundable.find((attempt) => String(attempt.id) === typed.paymentId) ?? refundable[0]!;
  const method = String(t(`order.payment.${chosen.method}` as 'order.payment.bank_transfer'));
  const lines = view.lines.filter((line) => line.quantity > line.refunded);
  const mode = typed.mode === 'amount' || lines.length === 0 ? 'amount' : 'lines';
  // One box for the button and its dialog, a single item of the section's header row.
  return (
    <div>
      <Button variant="light" color="orange" onClick={open} data-testid="open-refund">
        {t('payment.refund.open')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('payment.refund.confirmTitle')} size="lg" withinPortal={false} transitionProps={{ duration: 0 }} styles={DIALOG_STYLES}>
        <Form method="post" noValidate onSubmit={close}>
          <input type="hidden" name="intent" value="refund" />
          <Stack gap="sm">
            <Text fz="sm">{t('payment.refund.intro', { paid: money(view.paidCents), refunded: money(view.refundedCents), left: money(view.leftCents) })}</Text>
            <Text fz="sm">{isGatewayMethod(chosen.method) ? t('payment.refund.gatewayText', { method }) : t('payment.refund.manualText', { method })}</Text>
            {invoiced ? <Text fz="sm">{t('payment.refund.invoicedText')}</Text> : null}
            {formError ? (
              <Alert color="red" role="alert" data-testid="refund-error">
                {formError}
              </Alert>
            ) : null}
            {refundable.length > 1 ? (
              <NativeSelect
                name="paymentId"
                label={t('payment.refund.paymentLabel')}
                defaultValue={String(chosen.id)}
                data={refundable.map((attempt) => ({ value: String(attempt.id), label: t('payment.refund.paymentOption', { method: t(`order.payment.${attempt.method}` as 'order.payment.bank_transfer'), amount: money(attempt.amountCents), left: money(attempt.amountCents - attempt.refundedCents) }) }))}
              />
            ) : (
              <input type="hidden" name="paymentId" value={chosen.id} />
            )}
            <Radio.Group name="mode" label={t('payment.refund.modeLabel')} defaultValue={mode}>
              <Stack gap="sm" mt="xs">
                {lines.length > 0 ? (
                  <Fieldset legend={<Radio value="lines" label={t('payment.refund.mode.lines')} data-testid="refund-by-lines" />}>
                    <Stack gap="xs">
                      {fieldError('lines') ? (
                        <Alert color="red" role="alert" data-testid="refund-lines-error">
                          {fieldError('lines')}
                        </Alert>
                      ) : null}
                      {lines.map((line) => {
                        const name = refundQuantityField(line.id);
                        const left = line.quantity - line.refunded;
                        return (
                          <TextInput key={line.id} name={name} label={t('payment.refund.quantityLabel', { name: line.name })} description={t('payment.refund.quantityLeft', { count: left })} inputMode="numeric" autoComplete="off" defaultValue={typed[name] ?? ''} error={fieldError(name)} maw={320} />
                        );
                      })}
                      {cancelled ? null : <Checkbox name="restock" label={t('payment.refund.restockLabel')} defaultChecked={result ? typed.restock === 'on' : true} error={fieldError('restock')} />}
                    </Stack>
                  </Fieldset>
                ) : null}
                <Fieldset legend={<Radio value="amount" label={t('payment.refund.mode.amount')} data-testid="refund-by-amount" />}>
                  <TextInput
                    name="amount"
                    label={t('payment.refund.amountLabel')}
                    description={t('payment.refund.amountHint', { example: formatLocaleMoney(12.5, locale), left: money(chosen.amountCents - chosen.refundedCents) })}
                    inputMode="decimal"
                    autoComplete="off"
                    defaultValue={typed.amount ?? ''}
                    error={fieldError('amount')}
                    maw={240}
                    onBlur={(event) => {
                      event.currentTarget.value = moneyText(event.currentTarget.value, locale);
                    }}
                  />
                </Fieldset>
              </Stack>
            </Radio.Group>
            <TextInput name="reason" label={t('payment.refund.reasonLabel')} description={t('payment.refund.reasonHint')} maxLength={REFUND_REASON_MAX} required defaultValue={typed.reason ?? ''} error={fieldError('reason')} />
            <Group justify="flex-end" mt="sm">
              <Button variant="default" onClick={close}>
                {t('payment.refund.keep')}
              </Button>
              <Button type="submit" color="orange" data-testid="confirm-refund">
                {t('payment.refund.submit')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Modal>
    </div>
  );
}
