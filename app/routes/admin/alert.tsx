import { Anchor, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useCarrierName } from '#app/lib/carrier.ts';
import { pageMeta } from '#app/lib/meta.ts';
import { alertStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatMoney } from '#common/money.ts';
import type { Route } from './+types/alert';
import { allAlertsLoader } from './admin.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.adminAlerts');
export const loader = (args: Route.LoaderArgs) => allAlertsLoader(args);

export default function AdminAlerts({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const statusFilter = useStatusFilter(alertStatus, query.filters.status, t('casillero.alert.status'));
  const locale = localeFromPath(useLocation().pathname);
  const carrierName = useCarrierName();
  return (
    <>
      <PageHeader title={t('page.adminAlerts')} description={t('admin.alertsText')} />
      <ListScreen
        query={query}
        page={page}
        caption={t('page.adminAlerts')}
        filters={[statusFilter]}
        columns={[
          { key: 'tracking', label: t('casillero.alert.trackingNumber'), render: (row) => <Anchor component={Link} to={`${localizePath('/admin/alert/show', locale)}?id=${row.id}`} fw={600} fz="sm">{row.trackingNumber}</Anchor> },
          { key: 'client', label: t('casillero.package.client'), render: (row) => <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>{`${row.lockerCode} · ${row.name} ${row.lastname}`}</Text> },
          { key: 'store', label: t('casillero.alert.store'), render: (row) => `${row.store} (${carrierName(row.carrier)})` },
          { key: 'value', label: t('casillero.alert.declaredValue'), align: 'right', render: (row) => formatMoney(row.declaredValueCents, locale) },
          { key: 'created', label: t('casillero.alert.created'), sort: 'created', render: (row) => formatDate(row.createdAt, locale) },
          { key: 'status', label: t('casillero.alert.status'), render: (row) => <StatusBadge of={alertStatus} value={row.status} /> },
        ]}
      />
    </>
  );
}
