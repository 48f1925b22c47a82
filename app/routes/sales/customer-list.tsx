import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { type Column } from '#app/components/list/data-table.tsx';
import { ListScreen } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/customer-list';
import { customerListLoader } from './customer.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'nav.customers');
export const loader = (args: Route.LoaderArgs) => customerListLoader(args);

type Row = Route.ComponentProps['loaderData']['page']['rows'][number];

export default function CustomerList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const columns: Column<Row>[] = [
    {
      key: 'name',
      label: t('customer.name'),
      sort: 'name',
      render: (row) => (
        <Anchor component={Link} to={`${localizePath('/sales/customer/show', locale)}?id=${row.id}`} fw={600}>
          {row.name}
        </Anchor>
      ),
    },
    { key: 'email', label: t('customer.email'), render: (row) => row.email },
    { key: 'document', label: t('customer.documentNumber'), render: (row) => row.documentNumber },
    { key: 'phone', label: t('customer.phone'), render: (row) => row.phone || '—' },
    { key: 'since', label: t('customer.since'), sort: 'created', render: (row) => formatDate(row.createdAt, locale) },
  ];
  return (
    <>
      <PageHeader title={t('nav.customers')} description={t('customer.listText')} />
      <ListScreen query={query} page={page} caption={t('nav.customers')} columns={columns} rowTestId={(row) => `customer-${row.id}`} searchPlaceholder={t('customer.searchPlaceholder')} />
    </>
  );
}
