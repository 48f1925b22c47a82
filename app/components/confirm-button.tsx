import { Button, type ButtonProps, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useT } from '#app/lib/use-t.ts';
import { Form } from 'react-router';

/**
 * A destructive action behind a confirmation dialog: the dialog's button submits a POST form with
 * the given intent (and fields), so the action stays one code path with or without JavaScript.
 */
export function ConfirmButton({ intent, fields = {}, label, title, message, confirmLabel, action, confirmColor = 'red', ...button }: ButtonProps & {
  intent: string;
  /** Where the form posts, when not to the page's own action (a product's duplicate). */
  action?: string;
  /** The dialog's button: red for what cannot be undone, else the theme's. */
  confirmColor?: ButtonProps['color'];
  fields?: Record<string, string>;
  label: string;
  title: string;
  message: string;
  confirmLabel?: string;
}) {
  const t = useT();
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button color="red" variant="light" onClick={open} {...button}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={title} centered>
        <Text mb="lg">{message}</Text>
        <Form method="post" action={action} onSubmit={close}>
          <input type="hidden" name="intent" value={intent} />
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('list.cancel')}
            </Button>
            <Button type="submit" color={confirmColor} data-testid="confirm">
              {confirmLabel ?? t('list.confirmDelete')}
            </Button>
          </Group>
        </Form>
      </Modal>
    </>
  );
}
