import { Badge, Button, Text } from '@mantine/core';
import { Form, useNavigation } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { ListScreen } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import type { Route } from './+types/user';
import { usersAction, usersLoader } from './user.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminUsers');
export const loader = (args: Route.LoaderArgs) => usersLoader(args);
export const action = (args: Route.ActionArgs) => usersAction(args);

const ROLES = ['client', 'staff', 'admin'] as const;

export default function AdminUsers({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const { formError, notice } = useFormResult();
  const busy = useNavigation().state !== 'idle';
  return (
    <>
      <PageHeader title={t('admin.users')} />
      <FormAlert error={formError} notice={notice} />
      <ListScreen
        query={query}
        page={page}
        caption={t('admin.users')}
        rowTestId={(user) => `user-row-${user.email}`}
        filters={[{ name: 'role', label: t('admin.role'), value: query.filters.role, options: ROLES.map((role) => ({ value: role, label: t(`admin.roles.${role}`) })) }]}
        columns={[
          { key: 'locker', label: t('profile.lockerCode'), render: (user) => <Text fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>{user.lockerCode}</Text> },
          { key: 'name', label: t('auth.name'), sort: 'name', render: (user) => `${user.name} ${user.lastname}` },
          { key: 'email', label: t('profile.email'), render: (user) => user.email },
          { key: 'role', label: t('admin.role'), render: (user) => t(`admin.roles.${user.role}`) },
          {
            key: 'status',
            label: t('admin.status'),
            render: (user) => <Badge color={user.enabled ? 'brand' : 'gray'} variant="light" miw="max-content">{user.enabled ? t('admin.enabled') : t('admin.disabled')}</Badge>,
          },
          {
            key: 'toggle',
            label: t('list.actions'),
            hideLabel: true,
            render: (user) => (
              <Form method="post">
                <input type="hidden" name="userId" value={user.id} />
                <input type="hidden" name="enabled" value={user.enabled ? '0' : '1'} />
                <Button type="submit" size="compact-sm" variant="subtle" color={user.enabled ? 'red' : 'brand'} disabled={busy}>
                  {user.enabled ? t('admin.disable') : t('admin.enable')}
                </Button>
              </Form>
            ),
          },
        ]}
      />
    </>
  );
}
