import { Button } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useT } from '#app/lib/use-t.ts';
import { packageStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import type { Route } from './+types/list';
import { usePackageColumns } from './package-columns.tsx';
import { packageListLoader } from './package.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.packages');
export const loader = (args: Route.LoaderArgs) => packageListLoader(args);

export default function PackageList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const statusFilter = useStatusFilter(packageStatus, query.filters.status, t('casillero.package.status'));
  return (
    <>
      <PageHeader
        title={t('page.packages')}
        description={t('casillero.package.mine')}
        actions={
          <Button component={Link} to={localizePath('/consolidate/new', locale)} data-testid="ship-packages">
            {t('casillero.package.ship')}
          </Button>
        }
      />
      <ListScreen query={query} page={page} caption={t('page.packages')} filters={[statusFilter]} columns={usePackageColumns()} rowTestId={() => 'package-row'} />
    </>
  );
}
