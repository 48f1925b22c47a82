import { Button, Group, Modal, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Form } from 'react-router';
import { useT } from '#app/lib/use-t.ts';
import { orderStatus } from '#common/enums/sales-order.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';

type Next = Exclude<EnumValue<typeof orderStatus>, 'pending'>;

/**
 * One move of an order, asked first (every state-changing click asks): the dialog says what happens
 * — for a cancellation, that the stock comes back — and takes an optional note for the buyer. A POST
 * form either way, so it works without JavaScript's dialog too.
 */
export function OrderStatusButton({ number, status }: { number: number; status: Next }) {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  const cancelling = status === 'cancelled';
  return (
    <>
      <Button color={cancelling ? 'red' : 'brand'} variant={cancelling ? 'light' : 'filled'} onClick={open} data-testid={`order-to-${status}`}>
        {t(`order.moveTo.${status}`)}
      </Button>
      <Modal opened={opened} onClose={close} title={t('order.confirmTitle', { number })} centered>
        <Form method="post" onSubmit={close}>
          <Text mb="md">{cancelling ? t('order.confirmCancel') : t('order.confirmText', { status: t(orderStatus.label(status)) })}</Text>
          <input type="hidden" name="status" value={status} />
          <Textarea name="note" label={t('order.note')} maxLength={500} autosize minRows={2} mb="lg" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('order.keep')}
            </Button>
            <Button type="submit" color={cancelling ? 'red' : 'brand'} data-testid="confirm">
              {t('order.confirm')}
            </Button>
          </Group>
        </Form>
      </Modal>
    </>
  );
}
