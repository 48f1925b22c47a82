import { Anchor, Button } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate, formatMoney, formatWeight } from '#common/money.ts';
import { CONSOLIDATION_STATUSES } from '#common/schemas/consolidation.ts';
import type { Route } from './+types/list';
import { consolidationListLoader } from './consolidate.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.consolidations');
export const loader = (args: Route.LoaderArgs) => consolidationListLoader(args);

export default function ConsolidationList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const statusFilter = useStatusFilter('consolidationStatus', CONSOLIDATION_STATUSES, query.filters.status, t('consolidation.status'));
  const locale = localeFromPath(useLocation().pathname);
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('page.consolidations')}
        description={t('consolidation.newText')}
        actions={
          <Button component={Link} to={localizePath('/consolidate/new', locale)} data-testid="new-consolidation">
            {t('consolidation.new')}
          </Button>
        }
      />
      <ListScreen
        query={query}
        page={page}
        caption={t('page.consolidations')}
        filters={[
          statusFilter,
        ]}
        columns={[
          {
            key: 'number',
            label: t('consolidation.numberColumn'),
            sort: 'created',
            render: (row) => (
              <Anchor component={Link} to={`${localizePath('/consolidate/show', locale)}?id=${row.id}`} fw={600}>
                {`#${row.id}`}
              </Anchor>
            ),
          },
          { key: 'created', label: t('consolidation.created'), render: (row) => formatDate(row.created_at, locale) },
          { key: 'packages', label: t('consolidation.packages'), align: 'right', render: (row) => Number(row.package_count) || '—' },
          { key: 'weight', label: t('consolidation.billableWeight'), sort: 'weight', align: 'right', render: (row) => formatWeight(row.billable_weight_lb, locale) },
          { key: 'cost', label: t('consolidation.cost'), sort: 'cost', align: 'right', render: (row) => formatMoney(row.cost_cents, locale) },
          { key: 'status', label: t('consolidation.status'), render: (row) => <StatusBadge kind="consolidationStatus" status={row.status} /> },
        ]}
      />
    </>
  );
}
