import { Alert, Button, Fieldset, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Form, useLocation } from 'react-router';
import { DIALOG_STYLES } from '#app/components/form-dialog.tsx';
import { useT } from '#app/lib/use-t.ts';
import { CARRIERS, carrierLabel } from '#common/carriers.ts';
import { localeFromPath } from '#common/locale.ts';
import { useAnswerDialog, useIntentAnswer } from './payment-answer.ts';

type LineLeft = { orderLineId: number; name: string; quantity: number; left: number };

/**
 * Shipping an order (issue 40 §2): the carrier, the tracking number (and for "other" its link), the
 * units this parcel carries — every unit left, unless the owner leaves some for another parcel — and
 * a note for the buyer. The dialog is the confirmation: it says what happens before its button does
 * it. It posts `intent=ship` to the order page, which sends it back with the errors if refused.
 */
export function ShipOrderButton({ number, lines, partlyShipped }: { number: number; lines: LineLeft[]; partlyShipped: boolean }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const { result, typed, fieldError, formError } = useIntentAnswer('ship');
  const [opened, { open, close }] = useAnswerDialog(result);
  const [carrier, setCarrier] = useState(typed.carrier ?? '');
  const left = lines.filter((line) => line.left > 0);
  if (left.length === 0) return null;
  // One box for the button and its dialog (drawn in place, not in a portal: a refused form comes
  // back server-rendered with its dialog open, as the refund's does).
  return (
    <div>
      <Button onClick={open} data-testid="ship-order">
        {t(partlyShipped ? 'shipment.shipRest' : 'shipment.ship')}
      </Button>
      <Modal opened={opened} onClose={close} title={t('shipment.dialogTitle', { number })} size="lg" withinPortal={false} transitionProps={{ duration: 0 }} styles={DIALOG_STYLES}>
        <Form method="post" noValidate onSubmit={close}>
          <input type="hidden" name="intent" value="ship" />
          <Stack gap="sm">
            {formError ? (
              <Alert color="red" role="alert" data-testid="ship-error">
                {formError}
              </Alert>
            ) : null}
            <NativeSelect
              name="carrier"
              label={t('shipment.carrier')}
              required
              value={carrier}
              onChange={(event) => setCarrier(event.currentTarget.value)}
              error={fieldError('carrier')}
              data={[{ value: '', label: t('shipment.chooseCarrier') }, ...CARRIERS.map((code) => ({ value: code, label: carrierLabel(code, locale) }))]}
            />
            <TextInput name="trackingNumber" label={t('shipment.trackingNumber')} required={carrier !== 'other'} maxLength={60} autoComplete="off" defaultValue={typed.trackingNumber ?? ''} error={fieldError('trackingNumber')} />
            {carrier === 'other' ? (
              <TextInput name="trackingUrl" type="url" label={t('shipment.trackingUrl')} description={t('shipment.trackingUrlHint')} maxLength={500} autoComplete="off" defaultValue={typed.trackingUrl ?? ''} error={fieldError('trackingUrl')} />
            ) : null}
            <Fieldset legend={t('shipment.linesLegend')}>
              <Text fz="sm" c="dimmed" mb="xs">
                {t('shipment.linesHint')}
              </Text>
              {fieldError('lines') ? (
                <Alert color="red" role="alert" mb="xs">
                  {fieldError('lines')}
                </Alert>
              ) : null}
              <Stack gap="xs">
                {left.map((line) => {
                  const name = `qty-${line.orderLineId}`;
                  return (
                    <TextInput key={line.orderLineId} name={name} label={t('shipment.unitsOf', { name: line.name })} description={t('shipment.leftOf', { left: line.left, quantity: line.quantity })} inputMode="numeric" autoComplete="off" defaultValue={typed[name] ?? String(line.left)} maw={320} />
                  );
                })}
              </Stack>
            </Fieldset>
            <Textarea name="note" label={t('order.note')} maxLength={500} autosize minRows={2} defaultValue={typed.note ?? ''} error={fieldError('note')} />
            <Text fz="sm">{t('shipment.confirmText')}</Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                {t('shipment.keep')}
              </Button>
              <Button type="submit" data-testid="confirm-ship">
                {t('shipment.confirm')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Modal>
    </div>
  );
}
