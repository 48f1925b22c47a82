import { Anchor, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { Column } from '#app/components/list/data-table.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useT } from '#app/lib/use-t.ts';
import { packageStatus } from '#common/enums/casillero.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';
import { formatDate } from '#common/dates.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatWeight } from '#common/weight.ts';

type PackageRow = {
  id: number;
  trackingNumber: string;
  store: string;
  weightLb: number;
  receivedAt: string;
  status: EnumValue<typeof packageStatus>;
  alertId: number | null;
  consolidationId: number | null;
};

/** "Mis paquetes": each package with its status, weight, arrival, and where its alert and shipment are. */
export function usePackageColumns(): Column<PackageRow>[] {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  const to = (path: string, id: number) => `${localizePath(path, locale)}?id=${id}`;
  return [
    {
      key: 'tracking',
      label: t('casillero.package.tracking'),
      render: (row) => (
        <Anchor component={Link} to={to('/package/show', row.id)} fw={600} style={{ overflowWrap: 'anywhere' }}>
          {row.trackingNumber}
        </Anchor>
      ),
    },
    { key: 'store', label: t('casillero.package.store'), render: (row) => row.store || '—' },
    { key: 'weight', label: t('casillero.package.weight'), align: 'right', render: (row) => formatWeight(row.weightLb, locale) },
    { key: 'received', label: t('casillero.package.receivedAt'), sort: 'received', render: (row) => formatDate(row.receivedAt, locale) },
    {
      key: 'alert',
      label: t('casillero.package.alert'),
      render: (row) =>
        row.alertId ? (
          <Anchor component={Link} to={to('/alert/show', row.alertId)}>{`#${row.alertId}`}</Anchor>
        ) : (
          <Text span c="dimmed" fz="sm">
            {t('casillero.package.noAlert')}
          </Text>
        ),
    },
    {
      key: 'consolidation',
      label: t('casillero.package.consolidation'),
      render: (row) => (row.consolidationId ? <Anchor component={Link} to={to('/consolidate/show', row.consolidationId)}>{`#${row.consolidationId}`}</Anchor> : '—'),
    },
    { key: 'status', label: t('casillero.package.status'), render: (row) => <StatusBadge of={packageStatus} value={row.status} /> },
  ];
}
