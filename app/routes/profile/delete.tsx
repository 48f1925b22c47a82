import { Alert, Button, Flex, Group, Modal, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useRef } from 'react';
import { useT } from '#app/lib/use-t.ts';
import { Form, useNavigation } from 'react-router';
import { PageHeader } from '#app/components/page-header.tsx';
import { ProfileNav } from '#app/components/profile-nav.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/delete';
import { deleteAccountAction } from './profile.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.profileDelete');
export const action = (args: Route.ActionArgs) => deleteAccountAction(args);

export default function DeleteAccount() {
  const t = useT();
  const { fieldError, formProps } = useFormResult();
  const form = useRef<HTMLFormElement>(null);
  const [confirming, { open, close }] = useDisclosure(false);
  const busy = useNavigation().state === 'submitting';
  return (
    <>
      <PageHeader title={t('page.profileDelete')} />
      <ProfileNav />
      <Paper withBorder p="lg" radius="md" maw={560}>
        <Form method="post" ref={form} noValidate {...formProps} onSubmit={(event) => {
          if (!confirming) {
            event.preventDefault();
            open();
          }
        }}>
          <Stack gap="md">
            <Alert color="red" variant="light" title={t('profile.deleteTitle')}>
              {t('profile.deleteWarning')}
            </Alert>
            <PasswordInput name="password" label={t('profile.deletePassword')} autoComplete="current-password" error={fieldError('password')} required />
            <Group justify="flex-end">
              <Button type="submit" color="red" loading={busy}>
                {t('profile.deleteAccount')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
      <Modal opened={confirming} onClose={close} title={t('profile.deleteConfirmTitle')} centered>
        <Stack>
          <Text>{t('profile.deleteWarning')}</Text>
          {/* Side by side from xs; on a phone stacked full width, the main action first. */}
          <Flex direction={{ base: 'column-reverse', xs: 'row' }} justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('profile.cancel')}
            </Button>
            <Button color="red" onClick={() => form.current?.requestSubmit()} data-testid="confirm-delete">
              {t('profile.deleteConfirm')}
            </Button>
          </Flex>
        </Stack>
      </Modal>
    </>
  );
}
