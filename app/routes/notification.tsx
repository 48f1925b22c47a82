import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, Link, useLocation } from 'react-router';
import { NotificationText } from '#app/components/notification-text.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/notification';
import { notificationAction, notificationLoader } from './notification.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.notifications');
export const loader = (args: Route.LoaderArgs) => notificationLoader(args);
export const action = (args: Route.ActionArgs) => notificationAction(args);

export default function Notifications({ loaderData: { items, unread } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <>
      <PageHeader
        title={t('page.notifications')}
        description={t('notification.unread', { count: unread })}
        actions={
          unread > 0 ? (
            <Form method="post">
              <Button type="submit" variant="light">
                {t('notification.markAllRead')}
              </Button>
            </Form>
          ) : null
        }
      />
      <Paper withBorder radius="md">
        {items.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl" data-testid="empty-list">
            {t('notification.none')}
          </Text>
        ) : (
          <Stack gap={0}>
            {items.map((item) => (
              <Anchor
                key={item.id}
                component={Link}
                to={`${localizePath('/notification', locale)}?open=${item.id}`}
                underline="never"
                c="inherit"
                p="md"
                style={{ borderBottom: '1px solid var(--mantine-color-gray-2)', background: item.readAt ? undefined : 'var(--mantine-color-brand-0)' }}
                data-testid="notification-item"
              >
                <Group justify="space-between" wrap="nowrap">
                  <NotificationText item={item} />
                </Group>
              </Anchor>
            ))}
          </Stack>
        )}
      </Paper>
    </>
  );
}
