import { Alert, Button, Group, List, Modal, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Form, useActionData, useLocation } from 'react-router';
import { DIALOG_STYLES } from '#app/components/form-dialog.tsx';
import { useT } from '#app/lib/use-t.ts';
import { CARRIERS, carrierLabel } from '#common/carriers.ts';
import type { MessageKey } from '#common/i18n/messages.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { BulkAnswer } from './shipment.server.ts';

// The order list's bulk actions (issue 40 §3): over the selected orders, mark paid, ship with one
// carrier (a tracking number per order) and print their packing slips. Each asks first, naming how
// many orders; the answer says how many were done and which were skipped and why (decision 091).

type Selected = { id: number; number: number };
type Action = 'markPaid' | 'ship' | 'slips';

export function OrderBulkBar({ selected, onClear }: { selected: Selected[]; onClear: () => void }) {
  const t = useT();
  const [action, setAction] = useState<Action | null>(null);
  if (selected.length === 0) return null;
  const close = () => setAction(null);
  return (
    <Paper withBorder radius="md" p="sm" mb="sm" role="region" aria-label={t('bulk.bar')} data-testid="bulk-bar" bg="var(--mantine-color-brand-light)">
      <Group justify="space-between" gap="xs">
        <Text fw={600} role="status">
          {t('bulk.selected', { count: selected.length })}
        </Text>
        <Group gap="xs">
          {(['markPaid', 'ship', 'slips'] as const).map((name) => (
            <Button key={name} size="xs" variant="default" onClick={() => setAction(name)} data-testid={`bulk-${name}`}>
              {t(`shipment.bulk.${name}`)}
            </Button>
          ))}
          <Button size="xs" variant="subtle" onClick={onClear}>
            {t('bulk.clear')}
          </Button>
        </Group>
      </Group>
      {action === 'slips' ? <SlipsDialog selected={selected} onClose={close} /> : action ? <BulkDialog action={action} selected={selected} onClose={close} onDone={onClear} /> : null}
    </Paper>
  );
}

/** Mark paid, or ship with one carrier: the question with the count, and for shipping the carrier and each order's number. */
function BulkDialog({ action, selected, onClose, onDone }: { action: 'markPaid' | 'ship'; selected: Selected[]; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <Modal opened onClose={onClose} title={t(`shipment.bulk.${action}Title`)} size={action === 'ship' ? 'lg' : 'md'} centered styles={DIALOG_STYLES}>
      <Form
        method="post"
        onSubmit={() => {
          onClose();
          onDone();
        }}
      >
        <input type="hidden" name="intent" value={action} />
        <input type="hidden" name="ids" value={selected.map((order) => order.id).join(',')} />
        <Stack gap="sm">
          <Text data-testid="bulk-message">{t(`shipment.bulk.${action}Confirm`, { count: selected.length })}</Text>
          {action === 'ship' ? (
            <>
              <NativeSelect name="carrier" label={t('shipment.carrier')} required data={[{ value: '', label: t('shipment.chooseCarrier') }, ...CARRIERS.map((code) => ({ value: code, label: carrierLabel(code, locale) }))]} />
              {selected.map((order) => (
                <TextInput key={order.id} name={`tracking-${order.id}`} label={t('shipment.bulk.trackingOf', { number: order.number })} maxLength={60} autoComplete="off" />
              ))}
            </>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('list.cancel')}
            </Button>
            <Button type="submit" data-testid="confirm">
              {t(`shipment.bulk.${action}Button`)}
            </Button>
          </Group>
        </Stack>
      </Form>
    </Modal>
  );
}

/** The packing slips open in a tab of their own, ready to print (helper ops' `/store/orders/slip`). */
function SlipsDialog({ selected, onClose }: { selected: Selected[]; onClose: () => void }) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const href = `${localizePath('/store/orders/slip', locale)}?ids=${selected.map((order) => order.id).join(',')}`;
  return (
    <Modal opened onClose={onClose} title={t('shipment.bulk.slipsTitle')} centered styles={DIALOG_STYLES}>
      <Text data-testid="bulk-message">{t('shipment.bulk.slipsConfirm', { count: selected.length })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('list.cancel')}
        </Button>
        <Button component="a" href={href} target="_blank" rel="noopener" onClick={onClose} data-testid="open-slips">
          {t('shipment.bulk.slipsButton')}
        </Button>
      </Group>
    </Modal>
  );
}

/** What the last bulk action did: how many orders, and each one skipped with why. */
export function OrderBulkResult() {
  const t = useT();
  const answer = useActionData() as BulkAnswer | undefined;
  if (!answer) return null;
  if ('bulkError' in answer) {
    return (
      <Alert color="red" role="alert" mb="sm" data-testid="bulk-result">
        {t(answer.bulkError as MessageKey)}
      </Alert>
    );
  }
  const { done, skipped } = answer.bulk;
  return (
    <Alert color={skipped.length > 0 ? 'yellow' : 'green'} role="status" mb="sm" title={t('shipment.bulk.result')} data-testid="bulk-result">
      <Text fz="sm">{t('shipment.bulk.done', { count: done.length })}</Text>
      {skipped.length > 0 ? (
        <>
          <Text fz="sm" mt="xs">
            {t('shipment.bulk.skipped', { count: skipped.length })}
          </Text>
          <List size="sm" data-testid="bulk-skipped">
            {skipped.map((order) => (
              <List.Item key={order.id}>{t('shipment.bulk.skippedOrder', { number: order.number ?? order.id, reason: t(`shipment.bulk.reason.${order.reason}` as MessageKey) })}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}
