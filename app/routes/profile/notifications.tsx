import { Button, Checkbox, Group, Paper, Stack, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form } from 'react-router';
import { useSending } from '#app/lib/use-sending.ts';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { ProfileNav } from '#app/components/profile-nav.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { NOTIFICATION_KINDS, STAFF_NOTIFICATION_KINDS } from '#common/enums/accounts.ts';
import type { Route } from './+types/notifications';
import { notificationsAction, profileLoader } from './profile.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.profileNotifications');
export const loader = (args: Route.LoaderArgs) => profileLoader(args);
export const action = (args: Route.ActionArgs) => notificationsAction(args);

export default function Notifications({ loaderData: { profile } }: Route.ComponentProps) {
  const t = useT();
  const { notice } = useFormResult();
  const busy = useSending();
  return (
    <>
      <PageHeader title={t('page.profileNotifications')} />
      <ProfileNav />
      <Paper withBorder p="lg" radius="md" maw={560}>
        <FormAlert notice={notice} />
        <Form method="post">
          <Stack gap="md" mt="sm">
            <Text c="dimmed">{t('profile.notificationsText')}</Text>
            <Stack gap="sm" role="group" aria-label={t('profile.notificationsTitle')}>
              {NOTIFICATION_KINDS.filter((kind) => profile.isStaff || !STAFF_NOTIFICATION_KINDS.includes(kind)).map((kind) => (
                <Checkbox key={kind} name="kind" value={kind} label={t(`profile.kind.${kind}`)} defaultChecked={profile.emailNotifications.includes(kind)} />
              ))}
            </Stack>
            <Group justify="flex-end">
              <Button type="submit" loading={busy}>
                {t('profile.save')}
              </Button>
            </Group>
          </Stack>
        </Form>
      </Paper>
    </>
  );
}
