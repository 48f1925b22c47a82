import { Anchor } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import type { Column } from '#app/components/list/data-table.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { useT } from '#app/lib/use-t.ts';
import { consolidationStatus } from '#common/enums/casillero.ts';
import type { EnumValue } from '#common/enums/define-enum.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatMoney } from '#common/money.ts';
import { formatWeight } from '#common/weight.ts';

type ConsolidationRow = {
  id: number;
  createdAt: string;
  packageCount: number | string | bigint | null;
  billableWeightLb: number;
  costCents: number;
  status: EnumValue<typeof consolidationStatus>;
};

/**
 * The columns a consolidation list shows the client and the back office alike. `showPath` is the
 * detail screen of that side; `after` columns (the back office's client) follow the number.
 */
export function useConsolidationColumns<Row extends ConsolidationRow>(showPath: string, after: Column<Row>[] = []): Column<Row>[] {
  const t = useT();
  const locale = localeFromPath(useLocation().pathname);
  return [
    {
      key: 'number',
      label: t('consolidation.numberColumn'),
      sort: 'created',
      render: (row) => (
        <Anchor component={Link} to={`${localizePath(showPath, locale)}?id=${row.id}`} fw={600}>
          {`#${row.id}`}
        </Anchor>
      ),
    },
    ...after,
    { key: 'created', label: t('consolidation.created'), render: (row) => formatDate(row.createdAt, locale) },
    { key: 'packages', label: t('consolidation.packages'), align: 'right', render: (row) => Number(row.packageCount) || '—' },
    { key: 'weight', label: t('consolidation.billableWeight'), sort: 'weight', align: 'right', render: (row) => formatWeight(row.billableWeightLb, locale) },
    { key: 'cost', label: t('consolidation.cost'), sort: 'cost', align: 'right', render: (row) => formatMoney(row.costCents, locale) },
    { key: 'status', label: t('consolidation.status'), render: (row) => <StatusBadge of={consolidationStatus} value={row.status} /> },
  ];
}
