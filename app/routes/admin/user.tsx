import { Badge, Button, Group, Pagination, Paper, Table, Text, TextInput } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Form, useNavigate, useNavigation, useSearchParams } from 'react-router';
import { FormAlert } from '#app/components/form-alert.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { useFormResult } from '#app/lib/form-result.ts';
import { pageMeta } from '#app/lib/meta.ts';
import type { Route } from './+types/user';
import { usersAction, usersLoader } from './user.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminUsers');
export const loader = (args: Route.LoaderArgs) => usersLoader(args);
export const action = (args: Route.ActionArgs) => usersAction(args);

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { formError, notice } = useFormResult();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const busy = useNavigation().state !== 'idle';
  const goTo = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    navigate(`?${next.toString()}`);
  };
  return (
    <>
      <PageHeader title={t('admin.users')} />
      <FormAlert error={formError} notice={notice} />
      <Form method="get" role="search">
        <Group align="flex-end" mb="md" mt="sm">
          <TextInput name="q" defaultValue={loaderData.q} label={t('admin.search')} style={{ flex: 1, minWidth: 200 }} />
          <Button type="submit" variant="light">
            {t('admin.searchButton')}
          </Button>
        </Group>
      </Form>
      <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
        <Table striped highlightOnHover verticalSpacing="sm" miw={640}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('profile.lockerCode')}</Table.Th>
              <Table.Th>{t('auth.name')}</Table.Th>
              <Table.Th>{t('profile.email')}</Table.Th>
              <Table.Th>{t('admin.role')}</Table.Th>
              <Table.Th>{t('admin.status')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loaderData.users.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text ta="center" c="dimmed" py="lg">
                    {t('record.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              loaderData.users.map((user) => (
                <Table.Tr key={user.id} data-testid={`user-row-${user.email}`}>
                  <Table.Td>{user.lockerCode}</Table.Td>
                  <Table.Td>
                    {user.name} {user.lastname}
                  </Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{t(`admin.roles.${user.role}`)}</Table.Td>
                  <Table.Td>
                    <Badge color={user.enabled ? 'brand' : 'gray'} variant="light">
                      {user.enabled ? t('admin.enabled') : t('admin.disabled')}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Form method="post">
                      <input type="hidden" name="userId" value={user.id} />
                      <input type="hidden" name="enabled" value={user.enabled ? '0' : '1'} />
                      <Button type="submit" size="compact-sm" variant="subtle" color={user.enabled ? 'red' : 'brand'} disabled={busy}>
                        {user.enabled ? t('admin.disable') : t('admin.enable')}
                      </Button>
                    </Form>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      {loaderData.pages > 1 ? (
        <Group justify="center" mt="md">
          <Pagination total={loaderData.pages} value={loaderData.page} onChange={goTo} aria-label={t('admin.page', { page: loaderData.page, pages: loaderData.pages })} />
        </Group>
      ) : null}
    </>
  );
}
