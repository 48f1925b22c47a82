import { Anchor, Badge } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { DataTable } from '#app/components/list/data-table.tsx';
import { ListPagination } from '#app/components/list/list-pagination.tsx';
import { ListToolbar } from '#app/components/list/list-toolbar.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import type { Route } from './+types/client';
import { clientsLoader } from './admin.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminClients');
export const loader = (args: Route.LoaderArgs) => clientsLoader(args);

export default function AdminClients({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return (
    <>
      <PageHeader title={t('page.adminClients')} description={t('admin.clientsText')} />
      <ListToolbar q={query.q} sort={query.sort} dir={query.dir} />
      <DataTable
        caption={t('page.adminClients')}
        rows={page.rows}
        rowKey={(row) => row.id}
        sort={query.sort}
        dir={query.dir}
        columns={[
          { key: 'locker', label: t('profile.lockerCode'), render: (row) => <Anchor component={Link} to={`${localizePath('/admin/client/show', locale)}?id=${row.id}`} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>{row.lockerCode}</Anchor> },
          { key: 'name', label: t('auth.name'), sort: 'name', render: (row) => `${row.name} ${row.lastname}` },
          { key: 'email', label: t('profile.email'), render: (row) => row.email },
          { key: 'document', label: t('admin.document'), render: (row) => `${t(`auth.${row.documentType}`)} ${row.documentNumber}` },
          { key: 'phone', label: t('auth.phone'), render: (row) => row.phone },
          { key: 'created', label: t('admin.registered'), sort: 'created', render: (row) => formatDate(row.createdAt, locale) },
          { key: 'status', label: t('admin.status'), render: (row) => <Badge variant="light" color={row.enabled ? 'brand' : 'gray'} miw="max-content">{row.enabled ? t('admin.enabled') : t('admin.disabled')}</Badge> },
        ]}
      />
      <ListPagination page={page.page} pages={page.pages} total={page.total} />
    </>
  );
}
