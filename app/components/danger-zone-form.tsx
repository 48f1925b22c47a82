import { Alert, Button, Flex, Group, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useRef } from 'react';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import type { useFormResult } from '#app/lib/form-result.ts';

type Texts = {
  /** The red warning's title and body: what goes, for ever. */
  warningTitle: string;
  warning: ReactNode;
  passwordLabel: string;
  submit: string;
  confirmTitle: string;
  confirmText: ReactNode;
  confirm: string;
  cancel: string;
};

/**
 * A deletion that cannot be undone (the account, the store): a warning, the fields that confirm
 * it (`children`, before the password), the password, and a dialog that asks once more before the
 * form is sent. Without JavaScript the form is sent directly: the typed confirmation is the check.
 */
export function DangerZoneForm({ form: result, texts, children }: { form: ReturnType<typeof useFormResult>; texts: Texts; children?: ReactNode }) {
  const { fieldError, formError, formProps } = result;
  const form = useRef<HTMLFormElement>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <Paper withBorder p="lg" radius="md" maw={560}>
        <Form
          method="post"
          ref={form}
          noValidate
          {...formProps}
          onSubmit={(event) => {
            if (!confirming) {
              event.preventDefault();
              open();
            }
          }}
        >
          <Stack gap="md">
            <Alert color="red" variant="light" title={texts.warningTitle}>
              {texts.warning}
            </Alert>
            <FormAlert error={formError} />
            {children}
            <PasswordInput name="password" label={texts.passwordLabel} autoComplete="current-password" error={fieldError('password')} required />
            <Group justify="flex-end">
              <Button type="submit" color="red" loading={busy}>
                {texts.submit}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
      <Modal opened={confirming} onClose={close} title={texts.confirmTitle} centered>
        <Stack>
          <Text>{texts.confirmText}</Text>
          {/* Side by side from xs; on a phone stacked full width, the main action first. */}
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {texts.cancel}
            </Button>
            <Button
              color="red"
              onClick={() => {
                close();
                form.current?.requestSubmit();
              }}
              data-testid="confirm-delete"
            >
              {texts.confirm}
            </Button>
          </Flex>
        </Stack>
      </Modal>
    </>
  );
}
