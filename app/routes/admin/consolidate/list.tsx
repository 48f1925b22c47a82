import { Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { consolidationStatus } from '#common/enums/casillero.ts';
import type { Route } from './+types/list';
import { useConsolidationColumns } from '#app/routes/consolidate/consolidation-columns.tsx';
import { adminConsolidationListLoader } from './consolidate.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminConsolidations');
export const loader = (args: Route.LoaderArgs) => adminConsolidationListLoader(args);

export default function AdminConsolidationList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const statusFilter = useStatusFilter(consolidationStatus, query.filters.status, t('consolidation.status'));
  const columns = useConsolidationColumns<(typeof page.rows)[number]>('/admin/consolidate/show', [
    {
      key: 'client',
      label: t('consolidation.client'),
      render: (row) => (
        <>
          <Text fz="sm">{`${row.name} ${row.lastname}`}</Text>
          <Text fz="xs" c="dimmed">
            {row.lockerCode}
          </Text>
        </>
      ),
    },
  ]);
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
        columns={columns}
      />
      <Text fz="xs" c="dimmed" mt={-8} mb="sm">
        {t('consolidation.adminSearch')}
      </Text>
    </>
  );
}
