import { Badge, Button, Group, Modal, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { Form } from 'react-router';
import { ConfirmButton } from '#app/components/confirm-button.tsx';
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
type Role = (typeof ROLES)[number];
type UserRow = { id: number; name: string; lastname: string; email: string; role: Role; enabled: number };

/**
 * The role as a select: choosing another one asks first (from → to) and only then posts it; cancelling
 * puts the select back. The select is remounted after each answer so it shows the stored role.
 */
function RoleChange({ user }: { user: UserRow }) {
  const t = useT();
  const [chosen, setChosen] = useState<Role | null>(null);
  const name = `${user.name} ${user.lastname}`;
  const label = (role: Role) => t(`admin.roles.${role}`);
  return (
    <>
      <NativeSelect
        key={`${user.id}-${user.role}-${chosen ?? ''}`}
        aria-label={`${t('admin.role')}: ${name}`}
        size="xs"
        w={150}
        defaultValue={chosen ?? user.role}
        data={ROLES.map((role) => ({ value: role, label: label(role) }))}
        onChange={(event) => setChosen(event.currentTarget.value === user.role ? null : (event.currentTarget.value as Role))}
        data-testid={`role-${user.email}`}
      />
      <Modal opened={chosen !== null} onClose={() => setChosen(null)} title={t('backOffice.users.roleTitle', { name })} centered>
        <Text mb="lg">{chosen ? t('backOffice.users.roleMessage', { from: label(user.role), to: label(chosen) }) : null}</Text>
        <Form method="post" onSubmit={() => setChosen(null)}>
          <input type="hidden" name="intent" value="role" />
          <input type="hidden" name="userId" value={user.id} />
          <input type="hidden" name="role" value={chosen ?? ''} />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setChosen(null)}>
              {t('list.cancel')}
            </Button>
            <Button type="submit" data-testid="confirm">
              {t('backOffice.users.confirmRole')}
            </Button>
          </Group>
        </Form>
      </Modal>
    </>
  );
}

export default function AdminUsers({ loaderData: { query, page, me } }: Route.ComponentProps) {
  const t = useT();
  const { formError, notice } = useFormResult();
  return (
    <>
      <PageHeader title={t('admin.users')} description={t('backOffice.hub.sections.user')} />
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
          {
            key: 'role',
            label: t('admin.role'),
            // One's own role is not changed here (it could lock the last admin out): shown as text.
            render: (user) => (user.id === me ? t(`admin.roles.${user.role}`) : <RoleChange user={user} />),
          },
          {
            key: 'status',
            label: t('admin.status'),
            render: (user) => <Badge color={user.enabled ? 'brand' : 'gray'} variant="light" miw="max-content">{user.enabled ? t('admin.enabled') : t('admin.disabled')}</Badge>,
          },
          {
            key: 'actions',
            label: t('backOffice.users.actions'),
            card: 'action',
            render: (user) => {
              const name = `${user.name} ${user.lastname}`;
              if (user.id === me) {
                return (
                  <Text fz="sm" c="dimmed" title={t('backOffice.users.youHint')} data-testid="this-is-you">
                    {t('backOffice.users.you')}
                  </Text>
                );
              }
              // One button that disables an enabled user and enables a disabled one, asking first.
              const disable = user.enabled;
              return (
                <ConfirmButton
                  size="compact-sm"
                  variant="subtle"
                  {...(disable ? {} : { color: 'brand' })}
                  intent="enable"
                  fields={{ userId: String(user.id), enabled: disable ? '0' : '1' }}
                  label={t(disable ? 'admin.disable' : 'admin.enable')}
                  title={t(disable ? 'backOffice.users.disableTitle' : 'backOffice.users.enableTitle', { name })}
                  message={t(disable ? 'backOffice.users.disableMessage' : 'backOffice.users.enableMessage')}
                  confirmLabel={t(disable ? 'backOffice.users.confirmDisable' : 'backOffice.users.confirmEnable')}
                  data-testid={`${disable ? 'disable' : 'enable'}-${user.email}`}
                />
              );
            },
          },
        ]}
      />
    </>
  );
}
