import { Button } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { consolidationStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/list';
import { consolidationListLoader } from './consolidate.server.ts';
import { useConsolidationColumns } from './consolidation-columns.tsx';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.consolidations');
export const loader = (args: Route.LoaderArgs) => consolidationListLoader(args);

export default function ConsolidationList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const statusFilter = useStatusFilter(consolidationStatus, query.filters.status, t('consolidation.status'));
  const locale = localeFromPath(useLocation().pathname);
  const columns = useConsolidationColumns('/consolidate/show');
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
        columns={columns}
      />
    </>
  );
}
