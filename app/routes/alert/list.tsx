import { Anchor, Button, Text } from '@mantine/core';
import { useT } from '#app/lib/use-t.ts';
import { Link, useLocation } from 'react-router';
import { FormDialog, useFormDialog } from '#app/components/form-dialog.tsx';
import { ListScreen, useStatusFilter } from '#app/components/list/list-screen.tsx';
import { PageHeader } from '#app/components/page-header.tsx';
import { RecordToast } from '#app/components/record-toast.tsx';
import { StatusBadge } from '#app/components/status-badge.tsx';
import { pageMeta } from '#app/lib/meta.ts';
import { useCarrierName } from '#app/lib/carrier.ts';
import { alertStatus } from '#common/enums/casillero.ts';
import { localeFromPath, localizePath } from '#common/locale.ts';
import { formatDate } from '#common/dates.ts';
import { formatMoney } from '#common/money.ts';
import type { Route } from './+types/list';
import { AlertForm } from './alert-form.tsx';
import { alertListAction, alertListLoader } from './alert.server.ts';

export const meta: Route.MetaFunction = ({ location }) => pageMeta(location.pathname, 'page.alerts');
export const loader = (args: Route.LoaderArgs) => alertListLoader(args);
export const action = (args: Route.ActionArgs) => alertListAction(args);

export default function AlertList({ loaderData: { query, page } }: Route.ComponentProps) {
  const t = useT();
  const carrierName = useCarrierName();
  const statusFilter = useStatusFilter(alertStatus, query.filters.status, t('casillero.alert.status'));
  const locale = localeFromPath(useLocation().pathname);
  const [opened, { open, close }] = useFormDialog();
  return (
    <>
      <RecordToast />
      <PageHeader
        title={t('page.alerts')}
        description={t('casillero.alert.newText')}
        actions={
          <Button onClick={open} data-testid="new-alert">
            {t('casillero.alert.new')}
          </Button>
        }
      />
      <ListScreen
        query={query}
        page={page}
        caption={t('page.alerts')}
        filters={[
          statusFilter,
        ]}
        columns={[
          {
            key: 'tracking',
            label: t('casillero.alert.trackingNumber'),
            sort: 'tracking',
            render: (row) => (
              <Anchor component={Link} to={`${localizePath('/alert/show', locale)}?id=${row.id}`} fw={600}>
                {row.trackingNumber}
              </Anchor>
            ),
          },
          { key: 'store', label: t('casillero.alert.store'), render: (row) => <Text fz="sm">{row.store}</Text> },
          { key: 'carrier', label: t('casillero.alert.carrier'), render: (row) => carrierName(row.carrier) },
          { key: 'value', label: t('casillero.alert.declaredValue'), sort: 'value', align: 'right', render: (row) => formatMoney(row.declaredValueCents, locale) },
          { key: 'expected', label: t('casillero.alert.expectedDate'), sort: 'expected', render: (row) => (row.expectedDate ? formatDate(row.expectedDate, locale) : '—') },
          { key: 'status', label: t('casillero.alert.status'), render: (row) => <StatusBadge of={alertStatus} value={row.status} /> },
        ]}
      />
      <FormDialog opened={opened} onClose={close} title={t('casillero.alert.new')}>
        <AlertForm intent="create" submitLabel={t('list.create')} />
      </FormDialog>
    </>
  );
}
