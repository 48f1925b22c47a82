import { Alert, Button, Flex, Group, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useRef, useState } from 'react';
import { Form } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
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
 *
 * `checkFirst` (the store, issue 20 §6): the button first sends `intent=check`, and the action
 * checks the typed fields and the password without deleting; only when it answers `confirm` does
 * the dialog ask, and its answer sends `intent=delete` (checked again by the action). Without
 * JavaScript the checked form shows the question itself, its button the final one.
 */
export function DangerZoneForm({ form: result, texts, checkFirst = false, children }: { form: ReturnType<typeof useFormResult>; texts: Texts; checkFirst?: boolean; children?: ReactNode }) {
  const { fieldError, formError, formProps } = result;
  const form = useRef<HTMLFormElement>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  const busy = useSending();
  // A change after the check makes it stale: the button checks again.
  const [editedAfter, setEditedAfter] = useState<unknown>(null);
  const checked = checkFirst && result.result?.confirm === true && editedAfter !== result.result;
  const confirmed = useRef(false);
  // The server's "both right" opens the last question at once.
  const [asked, setAsked] = useState(result.result);
  if (checked && asked !== result.result) {
    setAsked(result.result);
    open();
  }
  return (
    <>
      <Paper withBorder p="lg" radius="md" maw={560}>
        <Form
          method="post"
          ref={form}
          noValidate
          {...formProps}
          onChange={(event) => {
            formProps.onChange(event);
            if (checked) setEditedAfter(result.result);
          }}
          onSubmit={(event) => {
            // Not yet checked: the check goes to the server as it is.
            if (checkFirst && !checked) return;
            if (checkFirst ? !confirmed.current : !confirming) {
              event.preventDefault();
              open();
              return;
            }
            confirmed.current = false;
          }}
        >
          {checkFirst ? <input type="hidden" name="intent" value={checked ? 'delete' : 'check'} /> : null}
          <Stack gap="md">
            <Alert color="red" variant="light" title={texts.warningTitle}>
              {texts.warning}
            </Alert>
            <FormAlert error={formError} />
            {children}
            <PasswordInput name="password" label={texts.passwordLabel} autoComplete="current-password" error={fieldError('password')} required />
            {checked ? (
              <Alert color="red" variant="outline" title={texts.confirmTitle} data-testid="delete-checked">
                {texts.confirmText}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" color="red" loading={busy}>
                {checked ? texts.confirm : texts.submit}
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
                confirmed.current = true;
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
