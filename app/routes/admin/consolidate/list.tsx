import { Anchor, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate, formatMoney, formatWeight } from '#common/money.ts';
import { CONSOLIDATION_STATUSES } from '#common/schemas/consolidation.ts';
import type { Route } from './+types/list';
import { adminConsolidationListLoader } from './consolidate.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminConsolidations');
export const loader = (args: Route.LoaderArgs) => adminConsolidationListLoader(args);

export default function AdminConsolidationList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const statusFilter = useStatusFilter('consolidationStatus', CONSOLIDATION_STATUSES, query.filters.status, t('consolidation.status'));
  const locale = localeFromPath(useLocation().pathname);
  return (
    <>
      <PageHeader title={t('page.adminConsolidations')} description={t('consolidation.changeStatusText')} />
      <ListScreen
        query={query}
        page={page}
        caption={t('page.adminConsolidations')}
        filters={[
          statusFilter,
        ]}
        columns={[
          {
            key: 'number',
            label: t('consolidation.numberColumn'),
            sort: 'created',
            render: (row) => (
              <Anchor component={Link} to={`${localizePath('/admin/consolidate/show', locale)}?id=${row.id}`} fw={600}>
                {`#${row.id}`}
              </Anchor>
            ),
          },
          {
            key: 'client',
            label: t('consolidation.client'),
            render: (row) => (
              <>
                <Text fz="sm">{`${row.name} ${row.lastname}`}</Text>
                <Text fz="xs" c="dimmed">
                  {row.locker_code}
                </Text>
              </>
            ),
          },
          { key: 'created', label: t('consolidation.created'), render: (row) => formatDate(row.created_at, locale) },
          { key: 'packages', label: t('consolidation.packages'), align: 'right', render: (row) => Number(row.package_count) || '—' },
          { key: 'weight', label: t('consolidation.billableWeight'), sort: 'weight', align: 'right', render: (row) => formatWeight(row.billable_weight_lb, locale) },
          { key: 'cost', label: t('consolidation.cost'), sort: 'cost', align: 'right', render: (row) => formatMoney(row.cost_cents, locale) },
          { key: 'status', label: t('consolidation.status'), render: (row) => <StatusBadge kind="consolidationStatus" status={row.status} /> },
        ]}
      />
      <Text fz="xs" c="dimmed" mt={-8} mb="sm">
        {t('consolidation.adminSearch')}
      </Text>
    </>
  );
}
