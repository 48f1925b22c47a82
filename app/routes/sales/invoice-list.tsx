import { Anchor, Button, Group, Paper, Text, TextInput } from '@mantine/core';
import { Form, Link, useLocation } from 'react-router';
import type { Column } from '#app/components/list/data-table.tsx';
import { DataTable } from '#app/components/list/data-table.tsx';
import { ListPagination } from '#app/components/list/list-pagination.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { formatDate } from '#common/dates.ts';
import { sriStatus } from '#common/enums/invoice.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatMoney } from '#common/money.ts';
import type { Route } from './+types/invoice-list';
import { invoiceListLoader } from './invoice.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'invoice.title');
export const loader = (args: Route.LoaderArgs) => invoiceListLoader(args);

type Row = Route.ComponentProps['loaderData']['page']['rows'][number];

export default function InvoiceList({ loaderData: { query, typed, page } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const filtered = query.q !== '' || query.from !== null || query.to !== null;
  const columns: Column<Row>[] = [
    {
      key: 'number',
      label: t('invoice.number'),
      render: (row) => (
        <Anchor component={Link} to={`${localizePath('/sales/invoice/show', locale)}?id=${row.id}`} fw={600} ff="monospace">
          {row.number}
        </Anchor>
      ),
    },
    { key: 'status', label: t('invoice.sriStatus'), render: (row) => <StatusBadge of={sriStatus} value={sriStatus.is(row.sriStatus) ? row.sriStatus : 'issued'} /> },
    { key: 'issued', label: t('invoice.issued'), render: (row) => formatDate(row.issuedAt, locale) },
    { key: 'buyer', label: t('invoice.buyer'), render: (row) => row.buyerName },
    { key: 'total', label: t('invoice.total'), align: 'right', render: (row) => formatMoney(row.totalCents, locale) },
  ];
  return (
    <>
      <PageHeader title={t('invoice.title')} description={t('invoice.intro')} />
      <Form method="get" role="search" aria-label={t('invoice.search')}>
        <Group align="flex-end" gap="sm" mb="md">
          <TextInput name="q" type="search" defaultValue={query.q} label={t('invoice.search')} style={{ flex: 1, minWidth: 200 }} />
          <TextInput name="from" defaultValue={typed.from} label={t('invoice.from')} placeholder={t('dateField.placeholder')} inputMode="numeric" w={150} />
          <TextInput name="to" defaultValue={typed.to} label={t('invoice.to')} placeholder={t('dateField.placeholder')} inputMode="numeric" w={150} />
          <Button type="submit" variant="light">
            {t('invoice.filter')}
          </Button>
        </Group>
      </Form>
      {page.total === 0 && !filtered ? (
        <Paper withBorder radius="md" p="xl" data-testid="invoices-empty">
          <Text c="dimmed">{t('invoice.empty')}</Text>
        </Paper>
      ) : (
        <>
          <DataTable caption={t('invoice.title')} rows={page.rows} rowKey={(row) => row.id} rowTestId={(row) => `invoice-${row.number}`} sort="" dir="desc" columns={columns} />
          <ListPagination page={page.page} pages={page.pages} total={page.total} />
        </>
      )}
    </>
  );
}
